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
 * LPs with thousands of variables. Releases nothing.
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
            return new LpSolution(LpStatus.OPTIMAL, point, objective);
        }
        LpStatus status = state == Optimisation.State.UNBOUNDED ? LpStatus.UNBOUNDED : LpStatus.INFEASIBLE;
        return new LpSolution(status, new double[0], Double.NaN);
    }
}
