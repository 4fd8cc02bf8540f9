package io.dpmarl.algorithms.tabular.nashvi;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.PivotSelectionRule;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;

/**
 * The CCE step of DP-Nash-VI (Algorithm 1, line 14) with the MIN_GAP objective, solved by commons-math3's general
 * {@link SimplexSolver}: the reference that {@link CceSolver} is tested and benchmarked against. Minimise
 * {@code sum pi (Qup - Qlo)} over joint distributions pi that no unilateral deviation of either player improves.
 */
public final class ReferenceCceLp {
    private ReferenceCceLp() {
    }

    /** The optimal MIN_GAP objective for upper and lower Q tables over a x b joint actions (row-major). */
    public static double minGap(double[] upper, double[] lower, int a, int b) {
        int joint = a * b;
        double[] cost = new double[joint];
        List<LinearConstraint> constraints = new ArrayList<>();
        for (int j = 0; j < joint; j++) {
            cost[j] = upper[j] - lower[j];
        }
        for (int deviation = 0; deviation < a; deviation++) {
            double[] row = new double[joint];
            for (int i = 0; i < a; i++) {
                for (int k = 0; k < b; k++) {
                    row[i * b + k] = upper[i * b + k] - upper[deviation * b + k];
                }
            }
            constraints.add(new LinearConstraint(row, Relationship.GEQ, 0));
        }
        for (int deviation = 0; deviation < b; deviation++) {
            double[] row = new double[joint];
            for (int i = 0; i < a; i++) {
                for (int k = 0; k < b; k++) {
                    row[i * b + k] = lower[i * b + deviation] - lower[i * b + k];
                }
            }
            constraints.add(new LinearConstraint(row, Relationship.GEQ, 0));
        }
        double[] ones = new double[joint];
        java.util.Arrays.fill(ones, 1);
        constraints.add(new LinearConstraint(ones, Relationship.EQ, 1));
        PointValuePair solution = new SimplexSolver().optimize(new MaxIter(10_000),
                new LinearObjectiveFunction(cost, 0), new LinearConstraintSet(constraints), GoalType.MINIMIZE,
                new NonNegativeConstraint(true), PivotSelectionRule.DANTZIG);
        return solution.getValue();
    }
}
