package io.dpmarl.mechanisms.trajectory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import org.junit.jupiter.api.Test;

/**
 * {@link SymbolicTrajectoryMechanism} on a hand-built graph with adjacency {@code k = 2}, so that the per-step level
 * {@code epsilon / k} differs from {@code epsilon} and from {@code epsilon k} (Chen et al., "Differential Privacy in
 * Cooperative Multiagent Planning", Algorithm 1 and Lemma 1).
 *
 * <p>The graph: 0 -> {0, 1}, 1 -> {0, 1, 2}, 2 -> {2}. At epsilon = 2, k = 2 the per-step level is 1, so
 * <ul>
 *   <li>from 1 (rho = 3): tau = 1 / (2 e^-1 + 1) = 1 / 1.7357589 = 0.5761169, off = (1 - tau) / 2 = 0.2119416;</li>
 *   <li>from 0 (rho = 2): tau = 1 / (e^-1 + 1) = 1 / 1.3678794 = 0.7310586, off = 0.2689414;</li>
 *   <li>from 2 (rho = 1): tau = 1 / (0 + 1) = 1, the only successor is released whatever the truth;</li>
 *   <li>an infeasible truth (2 from 0) gives the uniform law 1/2 on {0, 1}.</li>
 * </ul>
 */
class SymbolicTrajectoryHandBuiltGraphTest {
    private static final FeasibilityGraph LINE = FeasibilityGraph.parse("0>0 1|1>0 1 2|2>2");
    private static final double TAU3 = 0.5761169;
    private static final double OFF3 = 0.2119416;
    private static final double TAU2 = 0.7310586;
    private static final double OFF2 = 0.2689414;

    @Test
    void probabilitiesAtEpsilonTwoAndKTwo() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(LINE, 2, 2);
        assertSame(LINE, mechanism.graph());
        assertEquals(2, mechanism.epsilon());
        assertEquals(2, mechanism.adjacency());
        assertEquals(TAU3, mechanism.tau(1), 1e-7);
        assertEquals(TAU2, mechanism.tau(0), 1e-7);
        assertEquals(1, mechanism.tau(2), 0);
        double[][][] expected = { // [truth][previous][out]
            {{TAU2, OFF2, 0}, {TAU3, OFF3, OFF3}, {0, 0, 1}},
            {{OFF2, TAU2, 0}, {OFF3, TAU3, OFF3}, {0, 0, 1}},
            {{0.5, 0.5, 0}, {OFF3, OFF3, TAU3}, {0, 0, 1}}};
        for (int truth = 0; truth < 3; truth++) {
            for (int previous = 0; previous < 3; previous++) {
                for (int out = 0; out < 3; out++) {
                    assertEquals(expected[truth][previous][out], mechanism.probability(out, truth, previous), 1e-7,
                            "truth=" + truth + " previous=" + previous + " out=" + out);
                }
            }
        }
    }

    /** Out of range states are refused by name, at both ends (the states are 0, 1, 2). */
    @Test
    void statesOutsideTheGraphAreRefusedByName() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(LINE, 2, 2);
        IllegalArgumentException out = assertThrows(IllegalArgumentException.class,
                () -> mechanism.probability(3, 0, 1));
        assertEquals("out must be a local state in [0, 2]", out.getMessage());
        IllegalArgumentException truth = assertThrows(IllegalArgumentException.class,
                () -> mechanism.probability(0, 3, 1));
        assertEquals("true state must be a local state in [0, 2]", truth.getMessage());
        IllegalArgumentException previous = assertThrows(IllegalArgumentException.class,
                () -> mechanism.probability(0, 0, 3));
        assertEquals("previous must be a local state in [0, 2]", previous.getMessage());
        assertThrows(IllegalArgumentException.class, () -> mechanism.probability(-1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> mechanism.probability(0, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> mechanism.probability(0, 0, -1));
        // A refused state draws nothing: the script is empty.
        IllegalArgumentException sampledTruth = assertThrows(IllegalArgumentException.class,
                () -> mechanism.sample(ScriptedNoiseSource.of(), 3, 1));
        assertEquals("true state must be a local state in [0, 2]", sampledTruth.getMessage());
        IllegalArgumentException sampledPrevious = assertThrows(IllegalArgumentException.class,
                () -> mechanism.sample(ScriptedNoiseSource.of(), 0, 3));
        assertEquals("previous must be a local state in [0, 2]", sampledPrevious.getMessage());
        assertThrows(IllegalArgumentException.class, () -> mechanism.sample(ScriptedNoiseSource.of(), -1, 1));
    }

    /**
     * A state with one successor releases it without drawing any noise (the empty script fails on any draw), also
     * when that successor is not state 0 and whether or not the truth is feasible: on 0 -> {1}, 1 -> {0, 1} the
     * release from 0 is 1; on the graph above the release from 2 is 2.
     */
    @Test
    void aSingleSuccessorIsReleasedWithoutNoise() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(FeasibilityGraph.parse("0>1|1>0 1"),
                1, 1);
        ScriptedNoiseSource none = ScriptedNoiseSource.of();
        assertEquals(1, mechanism.sample(none, 1, 0));
        assertEquals(1, mechanism.sample(none, 0, 0));
        none.assertExhausted();
        SymbolicTrajectoryMechanism line = new SymbolicTrajectoryMechanism(LINE, 2, 2);
        assertEquals(2, line.sample(ScriptedNoiseSource.of(), 2, 2));
        assertEquals(2, line.sample(ScriptedNoiseSource.of(), 0, 2));
    }

    /**
     * The sampler uses epsilon / k, not epsilon or epsilon k. From previous 1 with truth 1 (rho = 3) the release
     * frequencies over n = 20,000 draws must lie within 5 standard errors of (OFF3, TAU3, OFF3) above: a two-sided
     * normal band, false-rejection rate 5.7e-7 per cell, under 2e-6 for the three cells (fixed seed). A wrong
     * variant at level epsilon k = 4 (tau = 1 / (2 e^-4 + 1) = 0.9647) is rejected: it is the honest mechanism at
     * epsilon = 8, k = 2, and its frequency of 1 lies about 110 standard errors above TAU3. Level epsilon = 2
     * (tau = 1 / (2 e^-2 + 1) = 0.7869) lies about 60 standard errors above.
     */
    @Test
    void samplerFrequenciesFollowTheLevelEpsilonOverK() {
        double[] expected = {OFF3, TAU3, OFF3};
        assertTrue(matches(new SymbolicTrajectoryMechanism(LINE, 2, 2), NoiseSource.seeded(2026), expected));
        assertFalse(matches(new SymbolicTrajectoryMechanism(LINE, 8, 2), NoiseSource.seeded(2027), expected),
                "the wrong variant at level epsilon k must be rejected");
        assertFalse(matches(new SymbolicTrajectoryMechanism(LINE, 2, 1), NoiseSource.seeded(2028), expected),
                "the wrong variant at level epsilon must be rejected");
    }

    /** The infeasible truth 2 from previous 0 is released uniformly on {0, 1}: same band, 1/2 each. */
    @Test
    void anInfeasibleTruthIsReleasedUniformly() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(LINE, 2, 2);
        NoiseSource noise = NoiseSource.seeded(2029);
        int n = 20_000;
        int zeros = 0;
        for (int i = 0; i < n; i++) {
            int out = mechanism.sample(noise, 2, 0);
            assertTrue(out == 0 || out == 1, "support F(0) = {0, 1}");
            zeros += out == 0 ? 1 : 0;
        }
        assertEquals(0.5, zeros / (double) n, 5 * Math.sqrt(0.25 / n));
    }

    private static boolean matches(SymbolicTrajectoryMechanism mechanism, NoiseSource noise, double[] expected) {
        int n = 20_000;
        int[] counts = new int[3];
        for (int i = 0; i < n; i++) {
            counts[mechanism.sample(noise, 1, 1)]++;
        }
        for (int out = 0; out < 3; out++) {
            double se = Math.sqrt(expected[out] * (1 - expected[out]) / n);
            if (Math.abs(counts[out] / (double) n - expected[out]) > 5 * se) {
                return false;
            }
        }
        return true;
    }
}
