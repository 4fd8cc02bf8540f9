package io.dpmarl.mechanisms.counters;

import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exact and statistical tests of the Chan-Shi-Song binary-tree counter (the counter of DP-Nash-VI's central
 * privatizer).
 */
class BinaryTreeCounterTest {

    /** Node noise that returns a scripted value per draw and counts the draws. */
    static final class ScriptedNoise implements NodeNoise {
        int draws;

        @Override
        public double draw(NoiseSource noise) {
            draws++;
            return Math.pow(2, draws - 1);
        }

        @Override
        public double variance() {
            return 0;
        }

        @Override
        public double tailBound(int nodes, double delta) {
            return 0;
        }
    }

    @Test
    void noiselessOutputsAreExactCounts() {
        int[] stream = {1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1};
        int[] expected = {1, 1, 2, 3, 3, 4, 4, 4, 5, 6, 7, 7, 8, 8, 9, 10};
        BinaryTreeCounter counter = new BinaryTreeCounter(16, NodeNoise.laplace(0), NoiseSource.seeded(1));
        for (int t = 0; t < 16; t++) {
            assertEquals(expected[t], counter.step(stream[t]), 0.0);
        }
        assertThrows(IllegalStateException.class, () -> counter.step(1));
    }

    /**
     * With the draw at step tau equal to 2^(tau-1), B(t) - c(t) encodes exactly which released nodes B(t) sums;
     * their levels must be the dyadic sets of the binary mechanism, and each step draws exactly one noise.
     */
    @Test
    void levelSetsAndOneDrawPerStep() {
        String[] levelSets = {"[0]", "[1]", "[0, 1]", "[2]", "[0, 2]", "[1, 2]", "[0, 1, 2]", "[3]", "[0, 3]", "[1, 3]",
            "[0, 1, 3]", "[2, 3]", "[0, 2, 3]", "[1, 2, 3]", "[0, 1, 2, 3]", "[4]"};
        ScriptedNoise noise = new ScriptedNoise();
        BinaryTreeCounter counter = new BinaryTreeCounter(16, noise, NoiseSource.seeded(1));
        for (int t = 1; t <= 16; t++) {
            long code = (long) counter.step(0);
            assertEquals(t, noise.draws, "exactly one draw per step");
            Set<Integer> levels = new TreeSet<>();
            for (int release = 1; release <= t; release++) {
                if ((code >>> (release - 1) & 1) != 0) {
                    levels.add(BinaryTreeCounter.releasedLevel(release));
                }
            }
            assertEquals(levelSets[t - 1], levels.toString(), "t = " + t);
        }
    }

    /** Each item lies in at most L released nodes; for T = 1000, L = 10 and the maximum is attained. */
    @Test
    void eachItemInAtMostLevelsNodes() {
        int horizon = 1000;
        assertEquals(10, BinaryTreeCounter.levels(horizon));
        assertEquals(14, BinaryTreeCounter.levels(10_000));
        int max = 0;
        for (int item = 1; item <= horizon; item++) {
            int nodes = 0;
            for (int t = 1; t <= horizon; t++) {
                int level = BinaryTreeCounter.releasedLevel(t);
                if (t - (1 << level) + 1 <= item && item <= t) {
                    nodes++;
                }
            }
            max = Math.max(max, nodes);
        }
        assertEquals(10, max);
    }

    /** Tail bound values derived by hand: tau(14, 1, 1e-6) and tau(100, 1, 1e-6). */
    @Test
    void sumOfLaplaceTailValues() {
        assertEquals(41.03668109, NodeNoise.sumOfLaplaceTail(14, 1, 1e-6), 1e-8);
        assertEquals(107.73544538, NodeNoise.sumOfLaplaceTail(100, 1, 1e-6), 1e-8);
        assertEquals(24.36004, NodeNoise.sumOfLaplaceTail(14, 1, 0.01), 1e-5);
        BinaryTreeCounter counter = new BinaryTreeCounter(16, NodeNoise.laplace(2), NoiseSource.seeded(1));
        assertEquals(NodeNoise.sumOfLaplaceTail(4, 2, 0.05), counter.errorBound(15, 0.05), 0.0);
        assertEquals(NodeNoise.sumOfLaplaceTail(5, 2, 0.05), counter.uniformErrorBound(0.05), 0.0);
        assertThrows(IllegalArgumentException.class, () -> NodeNoise.sumOfLaplaceTail(1, 1, 1.0));
        assertThrows(IllegalArgumentException.class, () -> NodeNoise.laplace(-1));
    }

    /**
     * Var(B(t) - c(t)) = 2 b^2 popcount(t) within 5% over 50,000 replicates (Laplace, b = 1.5) and
     * sigma^2 popcount(t) (Gaussian); fixed seeds. The sample variance has relative standard error at most
     * sqrt((2 + 3/p)/n) = 0.01 (Laplace, p = 1), so 5% is 5 standard errors: false-rejection rate below 1e-6
     * per check. A deliberately wrong variance (1.2x) would be rejected.
     */
    @Test
    void errorVarianceMatchesPopcount() {
        int replicates = 50_000;
        int[] times = {1, 7, 15, 16};
        for (NodeNoise nodeNoise : new NodeNoise[] {NodeNoise.laplace(1.5), NodeNoise.gaussian(1.5)}) {
            double[] sumSquares = new double[17];
            NoiseSource noise = NoiseSource.seeded(20240411L);
            for (int r = 0; r < replicates; r++) {
                BinaryTreeCounter counter = new BinaryTreeCounter(16, nodeNoise, noise);
                for (int t = 1; t <= 16; t++) {
                    double error = counter.step(1) - t;
                    sumSquares[t] += error * error;
                }
            }
            for (int t : times) {
                double expected = new BinaryTreeCounter(16, nodeNoise, noise).errorVariance(t);
                assertEquals(Integer.bitCount(t) * nodeNoise.variance(), expected, 1e-12);
                double empirical = sumSquares[t] / replicates;
                assertEquals(1.0, empirical / expected, 0.05, nodeNoise + " t = " + t);
                assertTrue(Math.abs(empirical / (1.2 * expected) - 1) > 0.05, "a 1.2x variance must be rejected");
            }
        }
    }

    /** The bank equals per-stream counters fed the same noise sequence in stream order, zero items included. */
    @Test
    void bankEqualsSeparateCounters() {
        int streams = 3;
        ScriptedNoise bankNoise = new ScriptedNoise();
        ScriptedNoise separateNoise = new ScriptedNoise();
        BinaryTreeCounterBank bank = new BinaryTreeCounterBank(streams, 9, bankNoise, NoiseSource.seeded(1));
        BinaryTreeCounter[] counters = new BinaryTreeCounter[streams];
        for (int i = 0; i < streams; i++) {
            counters[i] = new BinaryTreeCounter(9, separateNoise, NoiseSource.seeded(1));
        }
        double[] output = new double[streams];
        java.util.SplittableRandom items = new java.util.SplittableRandom(5);
        for (int t = 1; t <= 9; t++) {
            double[] step = new double[streams];
            step[items.nextInt(streams)] = 1;
            bank.step(step, output);
            double[] expected = new double[streams];
            for (int i = 0; i < streams; i++) {
                expected[i] = counters[i].step(step[i]);
            }
            assertArrayEquals(expected, output, 0.0);
            assertEquals(streams * t, bankNoise.draws, "one draw per stream per step");
        }
        assertThrows(IllegalStateException.class, () -> bank.step(new double[streams], new double[streams]));
        assertThrows(IllegalArgumentException.class, () -> new BinaryTreeCounterBank(0, 5, bankNoise,
                NoiseSource.seeded(1)));
    }
}
