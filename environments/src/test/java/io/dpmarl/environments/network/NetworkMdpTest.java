package io.dpmarl.environments.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.model.TabularModel;
import org.junit.jupiter.api.Test;

/**
 * The network MDP against hand-derived reference values for the default instance (n = 2, q = 1, d = 2,
 * delta = 0.2, delta_11 = 0.3, delta_12 = 0.2, Delta = 0.05, theta^i = +0.025, rewards 5e-6 / 0 / 1): the
 * normalisers alpha(s) from the definition, transition rows from the explicit form
 * {@code P(s'|s,a) = sum_i [sigma_i <a^i, theta^i> + c_i / (n alpha(s))]}, and the optimal values from backward
 * induction carried out independently of the code (reference tables of the MA-LDP reproduction notes).
 * States: (x1, x2) -> 3 x1 + x2 with 0 = s_in, 1, 2 = g; joint actions (a1, a2) with -1 -> 0, +1 -> 1.
 */
class NetworkMdpTest {
    // Instance fields (a fresh MDP per test), not static ones: a static fixture is built once per JVM, so the
    // mutation tool's mutants of the constructors would run against a model built by the unmutated code.
    private final NetworkMdp MDP = new NetworkMdp(NetworkMdpConfig.paperInstance(), "network-mdp");
    private final TabularModel MODEL = MDP.capability(TabularModel.class).orElseThrow();
    private final NetworkFeatures FEATURES = MDP.features();

    @Test
    void alphaAndFeasibleSetSizesMatchTheTable() {
        int[] sizes = {4, 6, 2, 6, 9, 3, 2, 3, 1};
        double[] alphas = {2.0, 2.5, 1.5, 2.5, 3.0, 2.0, 1.5, 2.0, 1.0};
        for (int s = 0; s < 9; s++) {
            assertEquals(sizes[s], FEATURES.successors(s).length, "|S(s)| at " + s);
            assertEquals(alphas[s], FEATURES.alpha(s), 1e-15, "alpha at " + s);
        }
    }

    @Test
    void transitionRowsMatchTheReferenceRows() {
        row(0, 0, new double[] {.45, .25, 0, .25, .05, 0, 0, 0, 0});
        row(0, 1, new double[] {.40, .30, 0, .20, .10, 0, 0, 0, 0});
        row(0, 2, new double[] {.40, .20, 0, .30, .10, 0, 0, 0, 0});
        row(0, 3, new double[] {.35, .25, 0, .25, .15, 0, 0, 0, 0});
        row(1, 0, new double[] {.205, .35, .20, .035, .18, .03, 0, 0, 0});
        row(1, 3, new double[] {.155, .25, .20, .085, .18, .13, 0, 0, 0});
        row(4, 0, new double[] {1.0 / 30, 19.0 / 120, .025, 19.0 / 120, 17.0 / 60, .15, .025, .15, 1.0 / 60});
        row(4, 3, new double[] {1.0 / 30, 13.0 / 120, .075, 13.0 / 120, 11.0 / 60, .15, .075, .15, 7.0 / 60});
        row(2, 0, new double[] {0, 0, .625, 0, 0, .375, 0, 0, 0});
        row(2, 2, new double[] {0, 0, .575, 0, 0, .425, 0, 0, 0});
        row(5, 0, new double[] {0, 0, .275, 0, 0, .45, 0, 0, .275});
        row(5, 2, new double[] {0, 0, .275, 0, 0, .40, 0, 0, .325});
        row(8, 1, new double[] {0, 0, 0, 0, 0, 0, 0, 0, 1});
    }

    private void row(int state, int action, double[] expected) {
        double[] actual = MODEL.transition(0, state, action);
        for (int t = 0; t < 9; t++) {
            assertEquals(expected[t], actual[t], 1e-12, "P(" + t + " | " + state + ", " + action + ")");
        }
    }

    @Test
    void lemmaFourAndNonNegativityHoldWithSmallestEntryOneSixtieth() {
        double min = Double.POSITIVE_INFINITY;
        for (int s = 0; s < 9; s++) {
            for (int a = 0; a < 4; a++) {
                double sum = 0;
                for (int k = 0; k < FEATURES.successors(s).length; k++) {
                    double p = MODEL.transition(0, s, a)[FEATURES.successors(s)[k]];
                    assertTrue(p >= 0);
                    min = Math.min(min, p);
                }
                for (double p : MODEL.transition(0, s, a)) {
                    sum += p;
                }
                assertEquals(1.0, sum, 1e-12);
            }
            assertEquals(1.0, MODEL.transition(0, 8, 0)[8], 0.0, "P(g | g, a) = 1");
        }
        assertEquals(1.0 / 60, min, 1e-12);
    }

    @Test
    void fixedParameterFeaturesEqualThePaperFeaturesForEverySuccessor() {
        double[] theta = FEATURES.thetaStar();
        assertEquals(4, theta.length);
        assertEquals(0.025, theta[0], 1e-15);
        assertEquals(1.0, theta[1], 0.0);
        assertEquals(0.025, theta[2], 1e-15);
        assertEquals(1.0, theta[3], 0.0);
        double[] phi = new double[4];
        for (int s = 0; s < 9; s++) {
            for (int a = 0; a < 4; a++) {
                for (int t = 0; t < 9; t++) {
                    int k = java.util.Arrays.binarySearch(FEATURES.successors(s), t);
                    double fixed = 0;
                    if (k >= 0) {
                        FEATURES.phi(s, a, k, phi);
                        fixed = dot(phi, theta);
                    }
                    double paper = dot(FEATURES.paperPhi(s, a, t), FEATURES.paperTheta(s));
                    assertEquals(paper, fixed, 1e-15, "(s, a, s') = " + s + ", " + a + ", " + t);
                    assertEquals(MODEL.transition(0, s, a)[t], fixed, 1e-15);
                }
            }
        }
    }

    @Test
    void optimalValuesMatchTheReferenceTable() {
        double[][] expected = {
                {0.7966855185, 1.4009020882, 2.8997060280, 2.0604008441, 3.4715010808, 5},
                {0.4053457036, 0.8864832386, 2.2054669779, 1.4104526865, 2.6624941546, 4},
                {0.1337606313, 0.4679065852, 1.5690676281, 0.8304746004, 1.8900013922, 3},
                {0.0000085, 0.1650049875, 1.0000040625, 0.34166775, 1.1625006875, 2},
                {0.000005, 0.0000025, 0.5000025, 0, 0.5, 1}};
        int[] columns = {0, 1, 2, 4, 5, 8};
        double[][] values = optimal();
        for (int h = 0; h < 5; h++) {
            for (int c = 0; c < columns.length; c++) {
                assertEquals(expected[h][c], values[h][columns[c]], 1e-9, "V*_" + (h + 1) + "(" + columns[c] + ")");
            }
            assertEquals(values[h][1], values[h][3], 1e-12, "symmetry");
        }
    }

    @Test
    void benchmarkPoliciesHaveTheReferenceValues() {
        double[] uniform = {0.25, 0.25, 0.25, 0.25};
        assertEquals(0.7966853262, policyValue(new double[] {0, 0, 0, 1}), 1e-9);
        assertEquals(0.4380916816, policyValue(new double[] {1, 0, 0, 0}), 1e-9);
        assertEquals(0.6092717938, policyValue(uniform), 1e-9);
        assertEquals(0.1874137247, optimal()[0][0] - policyValue(uniform), 1e-9);
    }

    @Test
    void teamRewardsAreTheNormalisedOwnNodeRewards() {
        assertEquals(5e-6, team(0), 1e-18);
        assertEquals(0.5000025, team(2), 1e-15);
        assertEquals(1.0, team(8), 0.0);
        assertEquals(0.0, team(4), 0.0);
    }

    @Test
    void refusesThreeAgentsWithTheDefaultConstantsAndAcceptsASmallerDelta() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> new NetworkMdp(
                NetworkMdpConfig.uniform(3, 1, 2, 0.2, 0.3, 0.2, 0.05, 5), "x"));
        assertTrue(error.getMessage().contains("negative transition probabilities"), error.getMessage());
        assertTrue(error.getMessage().contains("-0.0277"), error.getMessage());
        NetworkMdp larger = new NetworkMdp(NetworkMdpConfig.uniform(3, 2, 3, 0.2, 0.3, 0.2, 0.01, 5), "y");
        assertEquals(64, larger.features().numStates());
        assertEquals(6, larger.features().signBits());
    }

    @Test
    void refusesInvalidParametersNamingThem() {
        assertThrows(IllegalArgumentException.class, () -> NetworkMdpConfig.uniform(2, 0, 2, 0.2, 0.3, 0.2, 0.05, 5));
        assertThrows(IllegalArgumentException.class, () -> NetworkMdpConfig.uniform(2, 1, 1, 0.2, 0.3, 0.2, 0.05, 5));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> NetworkMdpConfig.uniform(2, 1, 2, 1.5, 0.3, 0.2, 0.05, 5));
        assertTrue(error.getMessage().contains("delta"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NetworkMdpConfig.uniform(2, 1, 2, 0.2, 0.1, 0.2, 0.05, 5));
    }

    @Test
    void stepSamplesFromTheModelReproducibly() {
        LinearMixtureFeatures features = MDP.capability(LinearMixtureFeatures.class).orElseThrow();
        assertEquals(4, features.dimension());
        int[] counts = new int[9];
        int trials = 100_000;
        for (int t = 0; t < trials; t++) {
            MDP.reset(t);
            counts[MDP.step(new int[] {1, 1}).observations()[0].state()]++;
        }
        // chi-square against the (+1,+1) row from s_in,s_in with 3 degrees of freedom: 16.27 is the 0.999 quantile
        double[] p = {.35, .25, 0, .25, .15, 0, 0, 0, 0};
        double chi = 0;
        for (int t = 0; t < 9; t++) {
            if (p[t] > 0) {
                double e = p[t] * trials;
                chi += (counts[t] - e) * (counts[t] - e) / e;
            } else {
                assertEquals(0, counts[t]);
            }
        }
        assertTrue(chi < 16.27, "chi-square " + chi);
    }

    @Test
    void theFeatureNormBoundOfThePrivacyAnalysisFailsOnThisInstance() {
        // max over (s, a) and V in [0, H]^S of ||phi_V(s, a)||: a convex function of V, so a vertex V in {0, H}^S
        double max = 0;
        double[] phi = new double[4];
        for (int s = 0; s < 9; s++) {
            int[] next = FEATURES.successors(s);
            for (int a = 0; a < 4; a++) {
                for (int vertex = 0; vertex < 512; vertex++) {
                    double[] f = new double[4];
                    for (int k = 0; k < next.length; k++) {
                        if (((vertex >> next[k]) & 1) == 1) {
                            FEATURES.phi(s, a, k, phi);
                            for (int j = 0; j < 4; j++) {
                                f[j] += 5 * phi[j];
                            }
                        }
                    }
                    max = Math.max(max, Math.sqrt(dot(f, f)));
                }
            }
        }
        assertEquals(15.99761267, max, 1e-8, "attained at s = (1, 1), a = (-1, -1); above H = 5");
    }

    private double team(int state) {
        return (MODEL.reward(0, state, 0, 0) + MODEL.reward(0, state, 0, 1)) / 2;
    }

    private double[][] optimal() {
        double[][] values = new double[6][9];
        for (int h = 4; h >= 0; h--) {
            for (int s = 0; s < 9; s++) {
                double best = Double.NEGATIVE_INFINITY;
                for (int a = 0; a < 4; a++) {
                    best = Math.max(best, team(s) + dot(MODEL.transition(h, s, a), values[h + 1]));
                }
                values[h][s] = best;
            }
        }
        return values;
    }

    private double policyValue(double[] jointDistribution) {
        double[] next = new double[9];
        for (int h = 4; h >= 0; h--) {
            double[] current = new double[9];
            for (int s = 0; s < 9; s++) {
                for (int a = 0; a < 4; a++) {
                    current[s] += jointDistribution[a] * (team(s) + dot(MODEL.transition(h, s, a), next));
                }
            }
            next = current;
        }
        return next[0];
    }

    private static double dot(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i] * y[i];
        }
        return sum;
    }
}
