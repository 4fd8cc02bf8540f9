package io.dpmarl.mechanisms.counters;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The batched draws and the bank's fast path change no value: a batch of Laplace samples equals the same number
 * of single samples from the same noise words (including a subnormal scale, which takes the other branch), and a
 * bank of counters stepped with integer and real items equals separate {@link BinaryTreeCounter}s fed the same
 * noise sequence, bit for bit.
 */
class BatchDrawEquivalenceTest {

    @Test
    void batchOfLaplaceSamplesEqualsSingleSamples() {
        for (double scale : new double[] {0.37, 1.0, 12.5, 1e6, Double.MIN_NORMAL / 8}) {
            NoiseSource single = NoiseSource.seeded(11);
            NoiseSource batch = NoiseSource.seeded(11);
            double[] expected = new double[257];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = Samplers.laplace(single, scale);
            }
            double[] actual = new double[259];
            Samplers.laplace(batch, scale, actual, 1, 258);
            assertArrayEquals(expected, java.util.Arrays.copyOfRange(actual, 1, 258), 0.0, "scale " + scale);
            assertEquals(single.nextLong(), batch.nextLong(), "the same words must be consumed");
        }
        assertThrows(IllegalArgumentException.class, () -> Samplers.laplace(NoiseSource.seeded(1), 0.0,
                new double[1], 0, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> Samplers.laplace(NoiseSource.seeded(1), 1.0,
                new double[1], 0, 2));
    }

    @Test
    void bankEqualsSeparateCountersBitForBit() {
        int streams = 5;
        int horizon = 37;
        for (NodeNoise nodeNoise : new NodeNoise[] {NodeNoise.laplace(1.5), NodeNoise.gaussian(0.8),
                NodeNoise.laplace(0)}) {
            // the bank draws stream by stream at every step: replay that order with one counter per stream
            NoiseSource bankNoise = NoiseSource.seeded(5);
            BinaryTreeCounterBank bank = new BinaryTreeCounterBank(streams, horizon, nodeNoise, bankNoise);
            NoiseSource shared = NoiseSource.seeded(5);
            BinaryTreeCounter[] counters = new BinaryTreeCounter[streams];
            for (int i = 0; i < streams; i++) {
                counters[i] = new BinaryTreeCounter(horizon, nodeNoise, shared);
            }
            java.util.SplittableRandom items = new java.util.SplittableRandom(3);
            double[] in = new double[streams];
            double[] out = new double[streams];
            for (int t = 0; t < horizon; t++) {
                for (int i = 0; i < streams; i++) {
                    in[i] = i == 4 ? items.nextDouble() : items.nextInt(2); // stream 4 carries real items
                }
                bank.step(in, out);
                for (int i = 0; i < streams; i++) {
                    assertEquals(Double.doubleToRawLongBits(counters[i].step(in[i])),
                            Double.doubleToRawLongBits(out[i]), nodeNoise + ", t = " + (t + 1) + ", stream " + i);
                }
            }
        }
    }
}
