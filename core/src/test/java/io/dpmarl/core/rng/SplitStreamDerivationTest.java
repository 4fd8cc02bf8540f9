package io.dpmarl.core.rng;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The first draws of a split stream, derived from the documented construction and not from the code under test:
 * a trial's seed is {@code derive("child/" + name)}, a component stream is SplitMix64 (the algorithm of Steele, Lea
 * and Flood, "Fast splittable pseudorandom number generators", which {@link java.util.SplittableRandom} implements)
 * seeded with {@code derive("stream/" + name)}, and a noise source the same with {@code derive("noise/" + name)},
 * where {@code derive} is the first 8 bytes (big-endian, signed) of SHA-256(8-byte big-endian seed || UTF-8 name).
 * The derived seeds below were computed with Python's {@code hashlib}; the SplitMix64 step is written out here from
 * the paper and checked against the reference implementation's published outputs for state 0.
 */
class SplitStreamDerivationTest {

    /** SplitMix64: state += golden gamma, then the variant-13 mix of the new state. */
    private static long[] splitMix64(long state, int count) {
        long[] out = new long[count];
        for (int i = 0; i < count; i++) {
            state += 0x9e3779b97f4a7c15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
            z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
            out[i] = z ^ (z >>> 31);
        }
        return out;
    }

    private static long[] draws(RandomGenerator generator, int count) {
        long[] out = new long[count];
        for (int i = 0; i < count; i++) {
            out[i] = generator.nextLong();
        }
        return out;
    }

    private static long[] draws(NoiseSource source, int count) {
        long[] out = new long[count];
        for (int i = 0; i < count; i++) {
            out[i] = source.nextLong();
        }
        return out;
    }

    /** The reference splitmix64.c from state 0 outputs e220a8397b1dcdaf, 6e789e6aa1b965f4, 06c45d188009454f. */
    @Test
    void theSplitMixStepWrittenHereMatchesTheReferenceOutputs() {
        assertArrayEquals(new long[] {0xe220a8397b1dcdafL, 0x6e789e6aa1b965f4L, 0x06c45d188009454fL},
                splitMix64(0, 3));
    }

    /**
     * Seed 2026, trial "trial/3": child seed SHA-256 prefix 7560673416690584772; its "stream/env" seed
     * 9075061771261376089 and its "noise/laplace" seed -2176550497889611921 (hashlib). The first draws are SplitMix64
     * of those seeds; the first of each is also given as computed in Python (4941707088954336423 and
     * -3199580425958922181).
     */
    @Test
    void aTrialsStreamAndNoiseDrawTheSplitMixSequenceOfTheirDerivedSeeds() {
        RandomStreams trial = RandomStreams.of(2026).child("trial/3");
        assertEquals(7560673416690584772L, trial.seed());
        assertEquals(9075061771261376089L, trial.derive("stream/env"));
        assertEquals(-2176550497889611921L, trial.derive("noise/laplace"));
        long[] stream = draws(trial.stream("env"), 3);
        assertArrayEquals(splitMix64(9075061771261376089L, 3), stream);
        assertEquals(4941707088954336423L, stream[0]);
        long[] noise = draws(trial.noise("laplace"), 3);
        assertArrayEquals(splitMix64(-2176550497889611921L, 3), noise);
        assertEquals(-3199580425958922181L, noise[0]);
        assertEquals("RandomStreams(seed=7560673416690584772)", trial.toString());
    }

    /**
     * Determinism at any thread count: eight trials' streams built and drawn on four threads, in whatever order the
     * pool runs them, give the draws that one thread gives (each stream is a function of (seed, names) only).
     */
    @Test
    void streamsDrawnOnManyThreadsEqualThoseDrawnOnOne() throws Exception {
        int trials = 8;
        long[][] sequential = new long[trials][];
        for (int t = 0; t < trials; t++) {
            sequential[t] = draws(RandomStreams.of(99).child("trial/" + t).stream("agent/0"), 16);
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            RandomStreams root = RandomStreams.of(99);
            for (int t = trials - 1; t >= 0; t--) {
                String name = "trial/" + t;
                futures.add(pool.submit(() -> draws(root.child(name).stream("agent/0"), 16)));
            }
            for (int t = 0; t < trials; t++) {
                assertArrayEquals(sequential[trials - 1 - t], futures.get(t).get(), "trial " + (trials - 1 - t));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
