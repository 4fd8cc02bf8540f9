package io.dpmarl.planning.lp;

import io.dpmarl.core.solve.LinearProgramSolver;
import io.dpmarl.core.solve.LpSolution;
import io.dpmarl.core.solve.LpStatus;
import io.dpmarl.core.solve.SparseLinearProgram;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * A {@link LinearProgramSolver} backed by ojAlgo's {@code ExpressionsBasedModel} (pure Java), for the occupancy
 * LPs with thousands of variables. Every point ojAlgo reports as optimal is checked against the constraints (scaled
 * tolerance 1e-6); a violated one is an error, never a silent answer (ojAlgo 55.0.1 returned such a point on the
 * 11,525-variable gridworld max-reach LP). Releases nothing.
 */
public final class OjAlgoLinearProgramSolver implements LinearProgramSolver {

    @Override
    public LpSolution solve(SparseLinearProgram program) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] variables = new Variable[program.numVariables()];
        for (int j = 0; j < variables.length; j++) {
            variables[j] = model.addVariable("x" + j).lower(0).weight(program.objective(j));
        }
        for (int i = 0; i < program.numConstraints(); i++) {
            Expression row = model.addExpression("c" + i);
            int[] columns = program.columns(i);
            double[] values = program.values(i);
            for (int k = 0; k < columns.length; k++) {
                row.set(variables[columns[k]], values[k]);
            }
            switch (program.relation(i)) {
                case EQUAL -> row.level(program.rhs(i));
                case LESS_OR_EQUAL -> row.upper(program.rhs(i));
                case GREATER_OR_EQUAL -> row.lower(program.rhs(i));
                default -> throw new IllegalStateException("unknown relation");
            }
        }
        Optimisation.Result result = model.minimise();
        Optimisation.State state = result.getState();
        if (state.isOptimal()) {
            double[] point = new double[variables.length];
            double objective = 0;
            for (int j = 0; j < point.length; j++) {
                point[j] = result.doubleValue(j);
                objective += program.objective(j) * point[j];
            }
            verify(program, point);
            return new LpSolution(LpStatus.OPTIMAL, point, objective);
        }
        LpStatus status = state == Optimisation.State.UNBOUNDED ? LpStatus.UNBOUNDED : LpStatus.INFEASIBLE;
        return new LpSolution(status, new double[0], Double.NaN);
    }

    /** Throws if {@code point} violates a bound or a constraint by more than 1e-6 (relative to its scale). */
    static void verify(SparseLinearProgram program, double[] point) {
        for (int j = 0; j < point.length; j++) {
            if (point[j] < -1e-6) {
                throw new IllegalStateException("LP solver returned x" + j + " = " + point[j] + " < 0");
            }
        }
        for (int i = 0; i < program.numConstraints(); i++) {
            int[] columns = program.columns(i);
            double[] values = program.values(i);
            double lhs = 0;
            double scale = Math.abs(program.rhs(i));
            for (int k = 0; k < columns.length; k++) {
                lhs += values[k] * point[columns[k]];
                scale = Math.max(scale, Math.abs(values[k] * point[columns[k]]));
            }
            double excess = switch (program.relation(i)) {
                case EQUAL -> Math.abs(lhs - program.rhs(i));
                case LESS_OR_EQUAL -> lhs - program.rhs(i);
                case GREATER_OR_EQUAL -> program.rhs(i) - lhs;
            };
            if (excess > 1e-6 * Math.max(1, scale)) {
                throw new IllegalStateException("LP solver returned an infeasible point: constraint " + i
                        + " is violated by " + excess);
            }
        }
    }
}
