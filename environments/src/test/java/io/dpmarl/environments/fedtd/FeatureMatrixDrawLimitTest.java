package io.dpmarl.environments.fedtd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * {@link FeatureMatrix#random} draws at most 1000 candidate matrices: a 1 x 1 matrix takes one double per draw, and
 * a draw of 0.0 has row norm 0, so it is skipped. A scripted generator that returns 0.0 for its first n doubles and
 * 0.5 after them therefore makes the (n + 1)-th draw the first full-rank one: n = 999 is the last draw allowed
 * (returned, after exactly 1000 doubles), n = 1000 needs a 1001-th draw, which is refused.
 */
class FeatureMatrixDrawLimitTest {
    /** 0.0 for the first {@code zeros} doubles, 0.5 after them; counts the doubles drawn. */
    private static final class ZerosThenHalf implements RandomGenerator {
        private final int zeros;
        private int drawn;

        ZerosThenHalf(int zeros) {
            this.zeros = zeros;
        }

        @Override
        public double nextDouble() {
            return drawn++ < zeros ? 0.0 : 0.5;
        }

        @Override
        public long nextLong() {
            throw new AssertionError("the feature matrix draws doubles only");
        }
    }

    @Test
    void theThousandthDrawIsTheLastOneTried() {
        ZerosThenHalf random = new ZerosThenHalf(999);
        FeatureMatrix phi = FeatureMatrix.random(1, 1, FeatureScaling.NONE, 0.9, 0.5, random);
        assertEquals(0.5, phi.get(0, 0), 0.0);
        assertEquals(1000, random.drawn);
    }

    @Test
    void aThousandEmptyDrawsAreRefused() {
        ZerosThenHalf random = new ZerosThenHalf(1000);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> FeatureMatrix.random(1, 1, FeatureScaling.NONE, 0.9, 0.5, random));
        assertTrue(refused.getMessage().contains("no full-rank feature matrix in 1000 draws of size 1 x 1"),
                refused.getMessage());
        assertEquals(1000, random.drawn);
    }
}
