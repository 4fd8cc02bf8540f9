package io.dpmarl.mechanisms.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

/**
 * Review finding 6: binary-tree counters round each item to the node noise's grid before summing, so every node
 * and every output is an exact multiple of the grid (Mironov 2012), and integer items are unchanged. The noise is
 * replayed from the same fixed seed: no statistics, no false rejections.
 */
class FloatSafeCounterTest {

    /** With Laplace scale 2^45 the grid is 2^6 = 64: real and integer items alike give outputs on that grid. */
    @Test
    void outputsAreMultiplesOfTheGridForRealItems() {
        NodeNoise nodeNoise = NodeNoise.laplace(0x1p45);
        assertEquals(64.0, nodeNoise.granularity());
        BinaryTreeCounter counter = new BinaryTreeCounter(8, nodeNoise, NoiseSource.seeded(4));
        BinaryTreeCounterBank bank = new BinaryTreeCounterBank(2, 8, nodeNoise, NoiseSource.seeded(4));
        double[] output = new double[2];
        for (int t = 0; t < 8; t++) {
            double value = counter.step(0.3 + t);
            assertEquals(Math.rint(value / 64), value / 64, "counter output off the grid: " + value);
            bank.step(new double[] {0.7, 33.3}, output);
            for (double released : output) {
                assertEquals(Math.rint(released / 64), released / 64, "bank output off the grid: " + released);
            }
        }
    }

    /**
     * Integer items with a Gaussian grid of 2^(1 - 19) (sigma = 3) are unchanged: after one step the output is the
     * item plus the replayed node noise, exactly; a real item is rounded to the nearest multiple of the grid.
     */
    @Test
    void integerItemsAreUnchangedAndRealItemsAreRounded() {
        double sigma = 3;
        double grid = Samplers.gaussianGranularity(sigma);
        assertEquals(0x1p-18, grid);
        BinaryTreeCounter counter = new BinaryTreeCounter(4, NodeNoise.gaussian(sigma), NoiseSource.seeded(9));
        NoiseSource replay = NoiseSource.seeded(9);
        assertEquals(5 + Samplers.gaussian(replay, sigma), counter.step(5), 0.0);
        double real = 0.1;
        double rounded = Math.rint(real / grid) * grid;
        double first = counter.current();
        // t = 2 releases the level-1 node 5 + rounded(0.1) + noise, which is B(2)
        assertEquals(5 + rounded + Samplers.gaussian(replay, sigma), counter.step(real), 0.0);
        assertEquals(real, NodeNoise.gaussian(0).roundItem(real), "no noise: no grid, no rounding");
        assertEquals(Math.rint(first / grid), first / grid);
    }

    /** A non-finite item is refused before anything changes or is drawn. */
    @Test
    void nonFiniteItemsAreRefusedBeforeAnyChange() {
        BinaryTreeCounter counter = new BinaryTreeCounter(4, NodeNoise.laplace(1), NoiseSource.seeded(1));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> counter.step(Double.NaN));
        assertEquals(0, counter.time(), error.getMessage());
        BinaryTreeCounterBank bank = new BinaryTreeCounterBank(2, 4, NodeNoise.laplace(1), NoiseSource.seeded(1));
        assertThrows(IllegalArgumentException.class,
                () -> bank.step(new double[] {1, Double.POSITIVE_INFINITY}, new double[2]));
        assertEquals(0, bank.time());
    }
}
