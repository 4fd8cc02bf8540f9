package io.dpmarl.core.rng;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Named random streams. Expected derived seeds were computed independently of this code with Python's
 * {@code hashlib}: the first 8 bytes (big-endian, signed) of SHA-256(8-byte big-endian seed || UTF-8 name),
 * which is the construction the class documents.
 */
class RandomStreamsTest {

    @Test
    void derivedSeedsMatchIndependentSha256() {
        assertEquals(3010024477099927537L, RandomStreams.of(0).derive("stream/env"));
        assertEquals(-8169673741028739080L, RandomStreams.of(42).derive("noise/laplace"));
        assertEquals(-3973129993091617605L, RandomStreams.of(-1).derive("child/trial/3"));
    }

    @Test
    void streamsAndChildrenFollowTheDocumentedNamespaces() {
        RandomStreams root = RandomStreams.of(0);
        assertEquals(new SplittableRandom(3010024477099927537L).nextLong(), root.stream("env").nextLong());
        assertEquals(-3973129993091617605L, RandomStreams.of(-1).child("trial/3").seed());
        assertEquals(42, RandomStreams.of(42).seed());
        assertTrue(root.noise("env").isSeeded());
        assertNotEquals(root.derive("stream/env"), root.derive("noise/env"),
                "noise and non-private streams of one name must differ");
    }

    @Test
    void sameSeedAndNameGiveTheSameSequence() {
        RandomGenerator one = RandomStreams.of(7).stream("agent/1");
        RandomGenerator two = RandomStreams.of(7).stream("agent/1");
        for (int i = 0; i < 100; i++) {
            assertEquals(one.nextLong(), two.nextLong());
        }
        NoiseSource noiseOne = RandomStreams.of(7).noise("laplace");
        NoiseSource noiseTwo = RandomStreams.of(7).noise("laplace");
        for (int i = 0; i < 100; i++) {
            assertEquals(noiseOne.nextLong(), noiseTwo.nextLong());
        }
    }

    @Test
    void drawingFromOneStreamDoesNotShiftAnother() {
        RandomStreams streams = RandomStreams.of(11);
        long expected = RandomStreams.of(11).stream("env").nextLong();
        RandomGenerator exploration = streams.stream("exploration");
        for (int i = 0; i < 1000; i++) {
            exploration.nextLong();
        }
        assertEquals(expected, streams.stream("env").nextLong());
    }

    /**
     * Independence of names: the sample correlation of 20 000 paired uniforms from streams "a" and "b".
     * Under independence sqrt(n) r is approximately standard normal, so |r| > 4.89 / sqrt(n) has
     * probability 1e-6 (the false-rejection rate). The same statistic rejects a dependent pair (stream "a"
     * against itself, r = 1).
     */
    @Test
    void differentNamesGiveUncorrelatedStreams() {
        int n = 20_000;
        double threshold = 4.89 / Math.sqrt(n);
        RandomStreams streams = RandomStreams.of(2024);
        double independent = correlation(streams.stream("a"), streams.stream("b"), n);
        assertTrue(Math.abs(independent) < threshold, "correlation " + independent);
        double dependent = correlation(streams.stream("a"), streams.stream("a"), n);
        assertTrue(Math.abs(dependent) >= threshold, "the test must reject identical streams: " + dependent);
        assertNotEquals(RandomStreams.of(2024).derive("stream/a"), RandomStreams.of(2025).derive("stream/a"));
    }

    private static double correlation(RandomGenerator x, RandomGenerator y, int n) {
        double sumX = 0;
        double sumY = 0;
        double sumXy = 0;
        double sumXx = 0;
        double sumYy = 0;
        for (int i = 0; i < n; i++) {
            double a = x.nextDouble();
            double b = y.nextDouble();
            sumX += a;
            sumY += b;
            sumXy += a * b;
            sumXx += a * a;
            sumYy += b * b;
        }
        double covariance = sumXy / n - (sumX / n) * (sumY / n);
        double varianceX = sumXx / n - (sumX / n) * (sumX / n);
        double varianceY = sumYy / n - (sumY / n) * (sumY / n);
        return covariance / Math.sqrt(varianceX * varianceY);
    }
}
