package io.dpmarl.mechanisms.counters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

/**
 * Two contracts of the counters' float safety and batching, with values derived by hand.
 *
 * <p>Integer items are rounded too when the grid exceeds 1: with Laplace node noise of scale 2^45 the grid is
 * {@code 2^45 / 2^39 = 64} ({@link Samplers#laplaceGranularity}), and the items 33 and 31 become
 * {@code 64 rint(33 / 64) = 64 rint(0.515625) = 64} and {@code 64 rint(0.484375) = 0}. At t = 1 the released node is
 * that rounded item plus one node noise, and the bank's noises are the stream-order single draws (its documented
 * order), replayed here from the same seed. Both noise and rounded item are multiples of 64 below 2^59, so the sums
 * are exact and compared with tolerance 0.
 */
class CounterGridAndBatchTest {
    private static final double SCALE = 0x1p45;

    @Test
    void integerItemsAreRoundedToAGridAboveOne() {
        NodeNoise nodeNoise = NodeNoise.laplace(SCALE);
        assertEquals(64.0, nodeNoise.granularity());
        BinaryTreeCounterBank bank = new BinaryTreeCounterBank(2, 4, nodeNoise, NoiseSource.seeded(77));
        NoiseSource replay = NoiseSource.seeded(77);
        double first = Samplers.laplace(replay, SCALE);
        double second = Samplers.laplace(replay, SCALE);
        double[] output = new double[2];
        bank.step(new double[] {33, 31}, output);
        assertArrayEquals(new double[] {64 + first, 0 + second}, output, 0.0);
        assertArrayEquals(new double[] {64 + first, 0 + second}, bank.lastReleasedNodes(), 0.0);

        BinaryTreeCounter counter = new BinaryTreeCounter(4, nodeNoise, NoiseSource.seeded(77));
        assertEquals(64 + first, counter.step(33), 0.0);
        assertEquals(64.0, nodeNoise.roundItem(33), 0.0);
        assertEquals(0.0, nodeNoise.roundItem(31), 0.0);
    }

    /**
     * A batch of noiseless draws (scale 0) writes zeros into exactly {@code out[from, to)}, over whatever was there,
     * and draws no bit (the empty script fails on any draw): the same values as {@code to - from} single draws.
     */
    @Test
    void aNoiselessBatchOverwritesItsRangeWithZerosWithoutDrawing() {
        ScriptedNoiseSource none = ScriptedNoiseSource.of();
        double[] laplace = {7, 7, 7, 7};
        NodeNoise.laplace(0).draw(none, laplace, 1, 3);
        assertArrayEquals(new double[] {7, 0, 0, 7}, laplace, 0.0);
        double[] gaussian = {7, 7, 7, 7};
        NodeNoise.gaussian(0).draw(none, gaussian, 0, 2);
        assertArrayEquals(new double[] {0, 0, 7, 7}, gaussian, 0.0);
        assertEquals(0.0, NodeNoise.laplace(0).draw(none), 0.0);
        none.assertExhausted();
    }
}
