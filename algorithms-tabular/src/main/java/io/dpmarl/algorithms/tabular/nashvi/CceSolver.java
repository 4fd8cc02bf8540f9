package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.solve.DenseSimplex;
import io.dpmarl.core.solve.LpStatus;
import io.dpmarl.core.solve.Relation;
import io.dpmarl.core.validation.Checks;

/**
 * The CCE subroutine of DP-Nash-VI (Algorithm 1, line 14; CCE as defined in the paper's Section 3): for payoff tables
 * {@code Qup, Qlo} over {@code A x B} it returns {@code pi in Delta(A x B)} with
 * {@code E_pi Qup(a,b) >= max_a' E_pi Qup(a',b)} (max player) and {@code E_pi Qlo(a,b) <= min_b' E_pi
 * Qlo(a,b')} (min player), as the LP over {@code A*B} variables solved by {@link DenseSimplex} with
 * Bland's rule. Every solution is clipped at 0, renormalised and verified against both constraint families
 * with tolerance {@code 1e-7 H}; if verification fails the LP is re-solved with the constraints relaxed
 * by {@code 1e-9 H} (counted as a retry). {@code B = 1} and {@code A = 1} are solved in closed form
 * (the support is the argmax of Qup, resp. argmin of Qlo; MIN_GAP breaks ties by the smallest gap).
 * Tables are flat, indexed {@code a*B + b}. The LP is written into one reused
 * {@link DenseSimplex.Workspace} (no allocation per solve).
 */
public final class CceSolver {
    private final int numActionsMax;
    private final int numActionsMin;
    private final double horizon;
    private final CceObjective objective;
    private final DenseSimplex.Workspace workspace;
    private int retries;
    private String lastStatus = "";

    /** A solver for {@code A x B} tables whose entries lie in {@code [0, H]}. */
    public CceSolver(int numActionsMax, int numActionsMin, double horizon, CceObjective objective) {
        this.numActionsMax = numActionsMax;
        this.numActionsMin = numActionsMin;
        this.horizon = horizon;
        this.objective = objective;
        this.workspace = new DenseSimplex.Workspace(numActionsMax + numActionsMin + 1,
                numActionsMax * numActionsMin);
    }

    /** Number of re-solves after a failed verification so far. */
    public int retries() {
        return retries;
    }

    /**
     * Writes a CCE of {@code (upper, lower)} into {@code distribution} (length A*B).
     *
     * @throws IllegalStateException if even the tightened LP yields no verified CCE (never observed)
     */
    public void solve(double[] upper, double[] lower, double[] distribution) {
        int joint = numActionsMax * numActionsMin;
        if (numActionsMin == 1 || numActionsMax == 1) {
            solveOnePlayer(upper, lower, distribution);
            return;
        }
        for (int j = 0; j < joint; j++) {
            Checks.finite("Qup", upper[j]);
            Checks.finite("Qlo", lower[j]);
        }
        for (int attempt = 0; attempt < 2; attempt++) {
            double margin = attempt == 0 ? 0.0 : -1e-9 * horizon;
            LpStatus status;
            try {
                program(upper, lower, margin);
                status = workspace.solve();
            } catch (IllegalStateException numerical) {
                retries++;
                lastStatus = numerical.getMessage();
                continue;
            }
            if (status == LpStatus.OPTIMAL) {
                double[] point = workspace.point();
                double total = 0;
                for (int j = 0; j < joint; j++) {
                    distribution[j] = Math.max(0.0, point[j]);
                    total += distribution[j];
                }
                if (total > 0) {
                    for (int j = 0; j < joint; j++) {
                        distribution[j] /= total;
                    }
                    if (isCce(upper, lower, distribution, numActionsMax, numActionsMin, 1e-7 * horizon)) {
                        return;
                    }
                }
            }
            retries++;
            lastStatus = status.toString();
        }
        throw new IllegalStateException("no verified CCE found (LP status " + lastStatus + ") for Qup = "
                + java.util.Arrays.toString(upper) + ", Qlo = " + java.util.Arrays.toString(lower));
    }

    /** Writes the CCE LP of {@code (upper, lower)} with every deviation row relaxed to {@code >= margin}. */
    private void program(double[] upper, double[] lower, double margin) {
        int a = numActionsMax;
        int b = numActionsMin;
        int joint = a * b;
        double[] cost = workspace.objective();
        for (int j = 0; j < joint; j++) {
            cost[j] = objective == CceObjective.MIN_GAP ? upper[j] - lower[j] : 0.0;
        }
        for (int deviation = 0; deviation < a; deviation++) {
            double[] row = workspace.row(deviation);
            for (int i = 0; i < a; i++) {
                for (int k = 0; k < b; k++) {
                    row[i * b + k] = upper[i * b + k] - upper[deviation * b + k];
                }
            }
            workspace.constraint(deviation, Relation.GREATER_OR_EQUAL, margin);
        }
        for (int deviation = 0; deviation < b; deviation++) {
            double[] row = workspace.row(a + deviation);
            for (int i = 0; i < a; i++) {
                for (int k = 0; k < b; k++) {
                    row[i * b + k] = lower[i * b + deviation] - lower[i * b + k];
                }
            }
            workspace.constraint(a + deviation, Relation.GREATER_OR_EQUAL, margin);
        }
        java.util.Arrays.fill(workspace.row(a + b), 1.0);
        workspace.constraint(a + b, Relation.EQUAL, 1.0);
    }

    /** B = 1: point mass on an argmax of Qup (largest Qlo among ties); A = 1: on an argmin of Qlo (smallest Qup). */
    private void solveOnePlayer(double[] upper, double[] lower, double[] distribution) {
        int joint = numActionsMax * numActionsMin;
        boolean maxPlayerChooses = numActionsMin == 1;
        int best = 0;
        for (int j = 1; j < joint; j++) {
            double candidate = maxPlayerChooses ? upper[j] : -lower[j];
            double incumbent = maxPlayerChooses ? upper[best] : -lower[best];
            if (candidate > incumbent) {
                best = j;
            } else if (candidate == incumbent && objective == CceObjective.MIN_GAP
                    && upper[j] - lower[j] < upper[best] - lower[best]) {
                best = j;
            }
        }
        java.util.Arrays.fill(distribution, 0, joint, 0.0);
        distribution[best] = 1.0;
    }

    /** True if {@code pi} is a distribution satisfying both CCE constraint families within {@code tolerance}. */
    public static boolean isCce(double[] upper, double[] lower, double[] pi, int numActionsMax, int numActionsMin,
                                double tolerance) {
        int a = numActionsMax;
        int b = numActionsMin;
        double total = 0;
        double valueUpper = 0;
        double valueLower = 0;
        for (int j = 0; j < a * b; j++) {
            if (pi[j] < -1e-12) {
                return false;
            }
            total += pi[j];
            valueUpper += pi[j] * upper[j];
            valueLower += pi[j] * lower[j];
        }
        if (Math.abs(total - 1) > 1e-9) {
            return false;
        }
        for (int deviation = 0; deviation < a; deviation++) {
            double deviated = 0;
            for (int i = 0; i < a; i++) {
                for (int k = 0; k < b; k++) {
                    deviated += pi[i * b + k] * upper[deviation * b + k];
                }
            }
            if (deviated > valueUpper + tolerance) {
                return false;
            }
        }
        for (int deviation = 0; deviation < b; deviation++) {
            double deviated = 0;
            for (int i = 0; i < a; i++) {
                for (int k = 0; k < b; k++) {
                    deviated += pi[i * b + k] * lower[i * b + deviation];
                }
            }
            if (deviated < valueLower - tolerance) {
                return false;
            }
        }
        return true;
    }
}
