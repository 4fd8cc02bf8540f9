package io.dpmarl.mechanisms.counters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/**
 * The binary-tree counters' bookkeeping without noise (node noise of scale 0, so every release is the exact
 * prefix sum): the time, the number of levels {@code floor(log2 T) + 1}, the stream count, the released nodes,
 * and the Gaussian node noise's tail bound {@code sigma sqrt(nodes) sqrt(2 ln(2/delta))} (Gaussian tail and a
 * union bound over the two signs).
 */
class CounterAccessorsTest {

    @Test
    void aNoiselessCounterReleasesThePrefixSums() {
        BinaryTreeCounter counter = new BinaryTreeCounter(8, new NodeNoise.Laplace(0), NoiseSource.seeded(1));
        assertEquals(4, counter.levels()); // floor(log2 8) + 1
        assertEquals(0, counter.time());
        double[] items = {1, 2, 3, 4, 5};
        double sum = 0;
        for (int t = 0; t < items.length; t++) {
            sum += items[t];
            assertEquals(sum, counter.step(items[t]), 1e-12, "prefix sum at time " + (t + 1));
            assertEquals(sum, counter.current(), 1e-12);
            assertEquals(t + 1, counter.time());
        }
    }

    @Test
    void aNoiselessBankReleasesEveryStreamsPrefixSums() {
        BinaryTreeCounterBank bank = new BinaryTreeCounterBank(2, 5, new NodeNoise.Gaussian(0), NoiseSource.seeded(1));
        assertEquals(2, bank.streams());
        assertEquals(3, bank.levels()); // floor(log2 5) + 1
        assertEquals(new NodeNoise.Gaussian(0), bank.nodeNoise());
        double[] output = new double[2];
        double[] sums = new double[2];
        for (int t = 1; t <= 5; t++) {
            double[] items = {t, 10.0 * t};
            bank.step(items, output);
            sums[0] += items[0];
            sums[1] += items[1];
            assertArrayEquals(sums, output, 1e-12);
            assertEquals(t, bank.time());
            assertEquals(2, bank.lastReleasedNodes().length);
        }
    }

    @Test
    void theGaussianTailBoundIsTheUnionOfTwoGaussianTails() {
        NodeNoise.Gaussian gaussian = new NodeNoise.Gaussian(2.0);
        assertEquals(2.0 * Math.sqrt(4) * Math.sqrt(2 * Math.log(2 / 0.01)), gaussian.tailBound(4, 0.01), 1e-12);
        assertEquals(4.0, gaussian.variance(), 0);
    }
}
