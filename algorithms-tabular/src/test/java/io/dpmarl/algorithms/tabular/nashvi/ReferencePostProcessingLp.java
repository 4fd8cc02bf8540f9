package io.dpmarl.algorithms.tabular.nashvi;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.PivotSelectionRule;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;

/**
 * The post-processing problem of DP-Nash-VI (Section 5.3, eq. 8, as the LP of Remark 5.7) solved by commons-math3's
 * general {@link SimplexSolver}: the reference the closed form of {@link CountPostProcessor} is tested and
 * benchmarked against. Variables {@code (x_1..x_S, t)}: minimise t subject to {@code |x_i - noisy_i| <= t},
 * {@code |sum x - total| <= E/4}, {@code x >= 0}.
 */
public final class ReferencePostProcessingLp {
    private ReferencePostProcessingLp() {
    }

    /** The optimal t* of eq. 8 for the noisy transition counts, their noisy total and the width E. */
    public static double optimum(double[] noisy, double total, double width) {
        int size = noisy.length;
        double[] objective = new double[size + 1];
        objective[size] = 1;
        List<LinearConstraint> constraints = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            double[] up = new double[size + 1];
            up[i] = 1;
            up[size] = -1;
            constraints.add(new LinearConstraint(up, Relationship.LEQ, noisy[i]));
            double[] down = new double[size + 1];
            down[i] = 1;
            down[size] = 1;
            constraints.add(new LinearConstraint(down, Relationship.GEQ, noisy[i]));
        }
        double[] sum = new double[size + 1];
        java.util.Arrays.fill(sum, 0, size, 1);
        constraints.add(new LinearConstraint(sum, Relationship.LEQ, total + width / 4));
        constraints.add(new LinearConstraint(sum, Relationship.GEQ, total - width / 4));
        return new SimplexSolver(1e-9, 10, 1e-12).optimize(new MaxIter(10_000),
                new LinearObjectiveFunction(objective, 0), new LinearConstraintSet(constraints), GoalType.MINIMIZE,
                new NonNegativeConstraint(true), PivotSelectionRule.BLAND).getValue();
    }
}
