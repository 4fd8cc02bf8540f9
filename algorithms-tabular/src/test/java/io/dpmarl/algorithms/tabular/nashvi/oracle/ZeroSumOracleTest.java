package io.dpmarl.algorithms.tabular.nashvi.oracle;

import io.dpmarl.algorithms.tabular.nashvi.CorrelatedPolicy;
import io.dpmarl.core.solve.MatrixGames;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Exact oracles (acceptance A1). */
class ZeroSumOracleTest {

    private static double[][][] policy(int h, int s, double... probabilities) {
        double[][][] p = new double[h][s][];
        for (int i = 0; i < h; i++) {
            for (int j = 0; j < s; j++) {
                p[i][j] = probabilities.clone();
            }
        }
        return p;
    }

    private static double[][][] randomPolicy(SplittableRandom random, int h, int s, int n) {
        double[][][] p = new double[h][s][n];
        for (int i = 0; i < h; i++) {
            for (int j = 0; j < s; j++) {
                double total = 0;
                for (int k = 0; k < n; k++) {
                    p[i][j][k] = random.nextDouble();
                    total += p[i][j][k];
                }
                for (int k = 0; k < n; k++) {
                    p[i][j][k] /= total;
                }
            }
        }
        return p;
    }

    /** Matching pennies: nu = (0.7, 0.3) gives V^{dagger,nu} = 0.7; mu = (0.7, 0.3) gives V^{mu,dagger} = 0.3. */
    @Test
    void matchingPenniesValues() {
        ZeroSumOracle oracle = new ZeroSumOracle(ZeroSumGames.matchingPennies());
        assertEquals(0.7, oracle.initialValue(oracle.bestResponseToMin(policy(1, 1, 0.7, 0.3))), 1e-12);
        assertEquals(0.3, oracle.initialValue(oracle.bestResponseToMax(policy(1, 1, 0.7, 0.3))), 1e-12);
        assertEquals(0.0, oracle.nashGap(policy(1, 1, .5, .5), policy(1, 1, .5, .5)), 1e-12);
        assertEquals(0.5, oracle.initialValue(oracle.nashValues()), 1e-12);
        assertEquals(0.5, new ZeroSumOracle(ZeroSumGames.rockPaperScissors()).initialValue(
                new ZeroSumOracle(ZeroSumGames.rockPaperScissors()).nashValues()), 1e-12);
    }

    /**
     * A1 on random games: V^{mu,dagger} <= V* <= V^{dagger,nu} at every (h, s) for random mu, nu; the best
     * response is at least the value of every deterministic response (enumerated, H = 2, S = 2, A = B = 2);
     * a product policy's correlated value equals its product value; H = 1 equals the matrix-game value.
     */
    @Test
    void sandwichAndBestResponses() {
        SplittableRandom random = new SplittableRandom(5);
        for (int instance = 0; instance < 20; instance++) {
            TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, instance);
            ZeroSumOracle oracle = new ZeroSumOracle(game);
            double[][] star = oracle.nashValues();
            double[][][] mu = randomPolicy(random, 2, 2, 2);
            double[][][] nu = randomPolicy(random, 2, 2, 2);
            double[][] upper = oracle.bestResponseToMin(nu);
            double[][] lower = oracle.bestResponseToMax(mu);
            for (int h = 0; h < 2; h++) {
                for (int s = 0; s < 2; s++) {
                    assertTrue(lower[h][s] <= star[h][s] + 1e-12 && star[h][s] <= upper[h][s] + 1e-12);
                }
            }
            // enumerate the 2^(H*S) = 16 deterministic max-player policies against nu
            for (int code = 0; code < 16; code++) {
                double[][][] deterministic = new double[2][2][2];
                for (int h = 0; h < 2; h++) {
                    for (int s = 0; s < 2; s++) {
                        deterministic[h][s][(code >> (2 * h + s)) & 1] = 1;
                    }
                }
                double value = oracle.initialValue(oracle.productValues(deterministic, nu));
                assertTrue(value <= oracle.initialValue(upper) + 1e-12);
                double againstMu = oracle.initialValue(oracle.productValues(mu, deterministic));
                assertTrue(againstMu >= oracle.initialValue(lower) - 1e-12);
            }
            double[][][] table = new double[2][2][4];
            for (int h = 0; h < 2; h++) {
                for (int s = 0; s < 2; s++) {
                    for (int a = 0; a < 2; a++) {
                        for (int b = 0; b < 2; b++) {
                            table[h][s][a * 2 + b] = mu[h][s][a] * nu[h][s][b];
                        }
                    }
                }
            }
            CorrelatedPolicy product = new CorrelatedPolicy(2, 2, table);
            assertEquals(oracle.initialValue(oracle.productValues(mu, nu)),
                    oracle.initialValue(oracle.correlatedValues(product)), 1e-12);
            assertEquals(oracle.nashGap(mu, nu), oracle.nashGap(product), 1e-12);
        }
        TabularZeroSumGame oneStep = ZeroSumGames.random(1, 3, 2, 1, 9);
        double[][] payoff = new double[3][2];
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 2; b++) {
                payoff[a][b] = oneStep.reward(0, 0, a * 2 + b, 0);
            }
        }
        assertEquals(MatrixGames.solve(payoff).value(), new ZeroSumOracle(oneStep).nashValues()[0][0], 1e-12);
    }
}
