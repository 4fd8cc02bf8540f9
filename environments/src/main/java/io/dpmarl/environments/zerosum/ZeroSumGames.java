package io.dpmarl.environments.zerosum;

import io.dpmarl.core.validation.Checks;

import java.util.SplittableRandom;

/**
 * Factories of the DP-Nash-VI benchmark games (our benchmark set; the DP-Nash-VI paper has no experiments): random
 * zero-sum Markov games {@code RandomZS(S, A, B, H, seed)}, matching pennies, rock-paper-scissors (shifted to [0, 1])
 * and RiverSwim-6 as the single-agent case {@code B = 1}.
 */
public final class ZeroSumGames {
    private ZeroSumGames() {
    }

    /**
     * {@code RandomZS(S, A, B, H, seed)} with Dirichlet(1) rows. Draw order (fixed here): for
     * {@code h, s, a, b} in row-major order, first {@code S} iid Exponential(1) = Gamma(1, 1) variates
     * {@code -ln(1 - U)} normalised to the row {@code P_h(. | s, a, b)}, then {@code r_h(s, a, b) = U};
     * all uniforms come from one {@link SplittableRandom} seeded with {@code seed}. {@code s_1 = 0}.
     *
     * @throws IllegalArgumentException if S, A, B or H is below 1
     */
    public static TabularZeroSumGame random(int numStates, int numActionsMax, int numActionsMin, int horizon,
                                            long seed) {
        Checks.atLeast("S", numStates, 1);
        Checks.atLeast("A", numActionsMax, 1);
        Checks.atLeast("B", numActionsMin, 1);
        Checks.atLeast("H", horizon, 1);
        int joint = numActionsMax * numActionsMin;
        SplittableRandom random = new SplittableRandom(seed);
        double[][][][] transitions = new double[horizon][numStates][joint][numStates];
        double[][][] rewards = new double[horizon][numStates][joint];
        for (int h = 0; h < horizon; h++) {
            for (int s = 0; s < numStates; s++) {
                for (int j = 0; j < joint; j++) {
                    double total = 0;
                    double[] row = transitions[h][s][j];
                    for (int next = 0; next < numStates; next++) {
                        row[next] = -Math.log1p(-random.nextDouble());
                        total += row[next];
                    }
                    for (int next = 0; next < numStates; next++) {
                        row[next] /= total;
                    }
                    rewards[h][s][j] = random.nextDouble();
                }
            }
        }
        String name = "random-zero-sum(S=" + numStates + ", A=" + numActionsMax + ", B=" + numActionsMin + ", H="
                + horizon + ", seed=" + seed + ")";
        return new TabularZeroSumGame(name, numActionsMax, numActionsMin, transitions, rewards, false);
    }

    /** Matching pennies on [0, 1]: {@code S = H = 1}, {@code A = B = 2}, {@code r(a, b) = 1[a = b]}; value 1/2. */
    public static TabularZeroSumGame matchingPennies() {
        return matrixGame("matching-pennies", new double[][] {{1, 0}, {0, 1}});
    }

    /**
     * Rock-paper-scissors shifted to [0, 1]: {@code r = [[.5, 0, 1], [1, .5, 0], [0, 1, .5]]} (rows = the max
     * player's rock, paper, scissors); value 1/2, unique equilibrium uniform.
     */
    public static TabularZeroSumGame rockPaperScissors() {
        return matrixGame("rock-paper-scissors", new double[][] {{.5, 0, 1}, {1, .5, 0}, {0, 1, .5}});
    }

    /** A one-state, one-step game with the given payoff matrix (entries in [0, 1]). */
    public static TabularZeroSumGame matrixGame(String name, double[][] payoff) {
        int rows = payoff.length;
        int cols = payoff[0].length;
        double[][][][] transitions = new double[1][1][rows * cols][];
        double[][][] rewards = new double[1][1][rows * cols];
        for (int a = 0; a < rows; a++) {
            for (int b = 0; b < cols; b++) {
                transitions[0][0][a * cols + b] = new double[] {1.0};
                rewards[0][0][a * cols + b] = payoff[a][b];
            }
        }
        return new TabularZeroSumGame(name, rows, cols, transitions, rewards, false);
    }

    /**
     * RiverSwim-6 (Strehl and Littman 2008, with the constants below) as the single-agent case
     * {@code B = 1}: states 0..5, actions LEFT = 0, RIGHT = 1, stationary kernel, {@code s_1 = 0}. LEFT moves to
     * {@code max(s-1, 0)}; RIGHT at 0 stays w.p. 0.4 and moves to 1 w.p. 0.6, in the middle moves right 0.35,
     * stays 0.6, moves left 0.05, at 5 stays 0.6 and moves to 4 w.p. 0.4. Rewards {@code r(0, LEFT) = 0.005},
     * {@code r(5, RIGHT) = 1}, otherwise 0.
     *
     * @throws IllegalArgumentException if H is below 1
     */
    public static TabularZeroSumGame riverSwim(int horizon) {
        Checks.atLeast("H", horizon, 1);
        int states = 6;
        double[][][][] transitions = new double[horizon][states][2][states];
        double[][][] rewards = new double[horizon][states][2];
        for (int h = 0; h < horizon; h++) {
            for (int s = 0; s < states; s++) {
                transitions[h][s][0][Math.max(s - 1, 0)] = 1.0;
                double[] right = transitions[h][s][1];
                if (s == 0) {
                    right[0] = 0.4;
                    right[1] = 0.6;
                } else if (s == states - 1) {
                    right[s] = 0.6;
                    right[s - 1] = 0.4;
                } else {
                    right[s + 1] = 0.35;
                    right[s] = 0.6;
                    right[s - 1] = 0.05;
                }
            }
            rewards[h][0][0] = 0.005;
            rewards[h][states - 1][1] = 1.0;
        }
        return new TabularZeroSumGame("riverswim(H=" + horizon + ")", 2, 1, transitions, rewards, true);
    }
}
