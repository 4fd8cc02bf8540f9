package io.dpmarl.mechanisms.trajectory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/**
 * Exact values of the symbolic-trajectory mechanism (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", Algorithm 1 and Lemma 1). Expected values are {@code tau = 1 / ((rho - 1) e^(-epsilon/k) + 1)} and
 * {@code off = (1 - tau) / (rho - 1)} evaluated by hand to six digits, and the SysAdmin server's local MDP of the
 * paper's Section 7.2 (states 0 nominal, 1 needs repair, 2 in repair, 3 offline).
 */
class SymbolicTrajectoryMechanismTest {
    /** Feasible successors of the SysAdmin server: 0 -> {0,1,2}, 1 -> {1,2,3}, 2 -> {0,2}, 3 -> {2,3}. */
    static final FeasibilityGraph SYSADMIN = FeasibilityGraph.parse("0>0 1 2|1>1 2 3|2>0 2|3>2 3");

    @Test
    void tauAndOffTableByOutDegreeEpsilonAndK() {
        double[][] rows = { // rho, epsilon, k, tau, off
            {5, 1, 3, 0.258657, 0.185336}, {4, 1, 3, 0.317501, 0.227500}, {3, 1, 3, 0.411005, 0.294498},
            {5, 0.01, 3, 0.200534, 0.199867}, {5, 10, 3, 0.875123, 0.031219}, {3, 1, 1, 0.576117, 0.211942},
            {2, 1, 1, 0.731059, 0.268941}, {3, 0.1, 1, 0.355913, 0.322043}, {2, 0.1, 1, 0.524979, 0.475021},
            {3, 10, 1, 0.999909, 0.000045}, {2, 10, 1, 0.999955, 0.000045}};
        for (double[] row : rows) {
            int rho = (int) row[0];
            double tau = SymbolicTrajectoryMechanism.tau(rho, row[1], (int) row[2]);
            assertEquals(row[3], tau, 1e-6);
            assertEquals(row[4], (1 - tau) / (rho - 1), 1e-6);
            assertEquals(Math.exp(row[1] / row[2]), tau / ((1 - tau) / (rho - 1)), 1e-9 * Math.exp(row[1] / row[2]));
        }
    }

    @Test
    void sysAdminTableAtEpsilonOneKOne() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(SYSADMIN, 1, 1);
        double t3 = 0.576117;
        double o3 = 0.211942;
        double t2 = 0.731059;
        double o2 = 0.268941;
        double third = 1.0 / 3;
        double[][][] expected = { // [s][p][o]
            {{t3, o3, o3, 0}, {0, third, third, third}, {t2, 0, o2, 0}, {0, 0, 0.5, 0.5}},
            {{o3, t3, o3, 0}, {0, t3, o3, o3}, {0.5, 0, 0.5, 0}, {0, 0, 0.5, 0.5}},
            {{o3, o3, t3, 0}, {0, o3, t3, o3}, {o2, 0, t2, 0}, {0, 0, t2, o2}},
            {{third, third, third, 0}, {0, o3, o3, t3}, {0.5, 0, 0.5, 0}, {0, 0, o2, t2}}};
        for (int s = 0; s < 4; s++) {
            for (int p = 0; p < 4; p++) {
                double sum = 0;
                for (int o = 0; o < 4; o++) {
                    double mu = mechanism.probability(o, s, p);
                    assertEquals(expected[s][p][o], mu, 1e-6, "s=" + s + " p=" + p + " o=" + o);
                    assertEquals(SYSADMIN.isFeasible(p, o), mu > 0, "support must be F(p)");
                    sum += mu;
                }
                assertEquals(1, sum, 1e-12);
            }
        }
    }

    @Test
    void perStepRatioIsExactlyEToTheEpsilonOverK() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(SYSADMIN, 1.5, 2);
        for (int p = 0; p < 4; p++) {
            double worst = 0;
            for (int o = 0; o < 4; o++) {
                for (int s = 0; s < 4; s++) {
                    for (int t = 0; t < 4; t++) {
                        double a = mechanism.probability(o, s, p);
                        double b = mechanism.probability(o, t, p);
                        if (a > 0) {
                            worst = Math.max(worst, a / b);
                        }
                    }
                }
            }
            assertEquals(Math.exp(0.75), worst, 1e-9);
        }
    }

    /**
     * Exhaustive word-DP check (Definition 2): SysAdmin graph, trajectories of length 3, every initial conditioning
     * state, every pair of inputs at Hamming distance at most k and every output string: the largest probability
     * ratio equals e^epsilon (the bound is attained) and is never infinite.
     */
    @Test
    void worstRatioOverAdjacentTrajectoriesEqualsEToTheEpsilon() {
        double[][] settings = {{1, 1}, {1, 2}, {0.5, 2}};
        for (double[] setting : settings) {
            SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(SYSADMIN, setting[0],
                    (int) setting[1]);
            int k = (int) setting[1];
            double worst = 0;
            for (int start = 0; start < 4; start++) {
                for (int v = 0; v < 64; v++) {
                    for (int u = 0; u < 64; u++) {
                        if (hamming(v, u) > k) {
                            continue;
                        }
                        for (int w = 0; w < 64; w++) {
                            double pv = stringProbability(mechanism, v, w, start);
                            double pu = stringProbability(mechanism, u, w, start);
                            assertEquals(pv > 0, pu > 0, "supports must not depend on the input");
                            if (pv > 0) {
                                worst = Math.max(worst, pv / pu);
                            }
                        }
                    }
                }
            }
            assertEquals(Math.exp(setting[0]), worst, 1e-9, "epsilon=" + setting[0] + " k=" + k);
        }
    }

    /** A mutant whose true-transition probability is raised (tau of epsilon 1.3) breaks the epsilon = 1 bound. */
    @Test
    void exhaustiveCheckRejectsALargerTau() {
        SymbolicTrajectoryMechanism mutant = new SymbolicTrajectoryMechanism(SYSADMIN, 1.3, 1);
        double worst = 0;
        for (int v = 0; v < 64; v++) {
            for (int u = 0; u < 64; u++) {
                if (hamming(v, u) <= 1) {
                    for (int w = 0; w < 64; w++) {
                        double pv = stringProbability(mutant, v, w, 0);
                        if (pv > 0) {
                            worst = Math.max(worst, pv / stringProbability(mutant, u, w, 0));
                        }
                    }
                }
            }
        }
        assertTrue(worst > Math.exp(1) * 1.1, "mutant ratio " + worst);
    }

    @Test
    void samplesAreAlwaysFeasibleFromThePreviousRelease() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(SYSADMIN, 0.3, 1);
        NoiseSource noise = NoiseSource.seeded(41);
        java.util.SplittableRandom truth = new java.util.SplittableRandom(7);
        int previous = 0;
        for (int step = 0; step < 20_000; step++) {
            int trueState = truth.nextInt(4); // arbitrary, often infeasible jumps
            int out = mechanism.sample(noise, trueState, previous);
            assertTrue(SYSADMIN.isFeasible(previous, out), "release " + out + " not feasible from " + previous);
            previous = out;
        }
    }

    /**
     * The sampler's frequencies match mu within 5 standard errors (a two-sided normal bound with false-rejection
     * rate about 6e-7 per cell, 48 cells) for 40k draws per (s, p).
     */
    @Test
    void samplerFrequenciesMatchTheTable() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(SYSADMIN, 1, 1);
        NoiseSource noise = NoiseSource.seeded(42);
        int n = 40_000;
        for (int s = 0; s < 4; s++) {
            for (int p = 0; p < 4; p++) {
                int[] counts = new int[4];
                for (int i = 0; i < n; i++) {
                    counts[mechanism.sample(noise, s, p)]++;
                }
                for (int o = 0; o < 4; o++) {
                    double mu = mechanism.probability(o, s, p);
                    double se = Math.sqrt(mu * (1 - mu) / n);
                    assertEquals(mu, counts[o] / (double) n, 5 * se + 1e-12, "s=" + s + " p=" + p + " o=" + o);
                }
            }
        }
    }

    @Test
    void badParametersNameTheParameter() {
        IllegalArgumentException eps = assertThrows(IllegalArgumentException.class,
                () -> new SymbolicTrajectoryMechanism(SYSADMIN, 0, 1));
        assertTrue(eps.getMessage().contains("epsilon"), eps.getMessage());
        IllegalArgumentException k = assertThrows(IllegalArgumentException.class,
                () -> new SymbolicTrajectoryMechanism(SYSADMIN, 1, 0));
        assertTrue(k.getMessage().startsWith("k "), k.getMessage());
        IllegalArgumentException kernel = assertThrows(IllegalArgumentException.class,
                () -> FeasibilityGraph.fromKernel(new double[][][] {{{0.5, 0.4}}, {{0, 1}}}));
        assertTrue(kernel.getMessage().contains("stochastic"), kernel.getMessage());
    }

    @Test
    void graphOfAKernelListsTheFeasibleSuccessors() {
        double[][][] kernel = {
            {{0.9, 0.1, 0, 0}, {0, 0, 1, 0}}, {{0, 0.9, 0, 0.1}, {0, 0, 1, 0}},
            {{0.9, 0, 0.1, 0}, {0, 0, 1, 0}}, {{0, 0, 0, 1}, {0, 0, 1, 0}}};
        assertEquals(SYSADMIN, FeasibilityGraph.fromKernel(kernel));
        assertEquals(3, SYSADMIN.maxOutDegree());
    }

    static int hamming(int v, int u) {
        int d = 0;
        for (int t = 0; t < 3; t++) {
            if ((v >> (2 * t) & 3) != (u >> (2 * t) & 3)) {
                d++;
            }
        }
        return d;
    }

    /** P[M(v) = w] = prod_t mu(w_t | v_t, w_{t-1}) with w_{-1} = start; symbols packed 2 bits each. */
    static double stringProbability(SymbolicTrajectoryMechanism mechanism, int v, int w, int start) {
        double probability = 1;
        int previous = start;
        for (int t = 0; t < 3; t++) {
            int out = w >> (2 * t) & 3;
            probability *= mechanism.probability(out, v >> (2 * t) & 3, previous);
            previous = out;
        }
        return probability;
    }
}
