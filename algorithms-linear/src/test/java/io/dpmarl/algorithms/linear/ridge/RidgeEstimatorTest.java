package io.dpmarl.algorithms.linear.ridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Statistic;
import org.junit.jupiter.api.Test;

class RidgeEstimatorTest {

    /**
     * Hand derivation: samples ((1,0), 2), ((0,1), 3), ((1,1), 4) give G = [[2,1],[1,2]], u = (6,7).
     * With lambda = 1, lambda I + G = [[3,1],[1,3]], whose inverse is [[3,-1],[-1,3]] / 8, so
     * theta = (3*6 - 7, -6 + 3*7) / 8 = (11/8, 15/8) and the width at (1,0) is sqrt(3/8).
     */
    @Test
    void matchesHandDerivedEstimate() {
        RidgeStatistics statistics = new RidgeStatistics(2);
        statistics.add(new double[] {1, 0}, 2);
        statistics.add(new double[] {0, 1}, 3);
        statistics.add(new double[] {1, 1}, 4);
        assertArrayEquals(new double[] {2, 1, 1, 2}, statistics.gram().values(), 0.0);
        assertArrayEquals(new double[] {6, 7}, statistics.target().values(), 0.0);

        RidgeEstimator estimator = new RidgeEstimator(1.0, statistics.gram(), statistics.target());
        assertArrayEquals(new double[] {11.0 / 8, 15.0 / 8}, estimator.theta(), 1e-12);
        assertEquals(Math.sqrt(3.0 / 8), estimator.width(new double[] {1, 0}), 1e-12);
        assertEquals(11.0 / 8 + 15.0 / 8, estimator.predict(new double[] {1, 1}), 1e-12);
    }

    /** Summing two agents' statistics equals the statistics of the pooled samples (the server's sum). */
    @Test
    void serverSumEqualsPooledStatistics() {
        RidgeStatistics first = new RidgeStatistics(2);
        RidgeStatistics second = new RidgeStatistics(2);
        RidgeStatistics pooled = new RidgeStatistics(2);
        first.add(new double[] {0.5, -1}, 1.5);
        second.add(new double[] {2, 0.25}, -0.5);
        pooled.add(new double[] {0.5, -1}, 1.5);
        pooled.add(new double[] {2, 0.25}, -0.5);
        first.addAll(second.gram(), second.target());
        assertArrayEquals(pooled.gram().values(), first.gram().values(), 1e-15);
        assertArrayEquals(pooled.target().values(), first.target().values(), 1e-15);
    }

    /** A privatised Gram matrix with a large negative eigenvalue is refused, not silently inverted. */
    @Test
    void refusesIndefiniteSystem() {
        Statistic.SymmetricMatrix noisy = new Statistic.SymmetricMatrix(2, new double[] {-5, 0, 0, 1});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new RidgeEstimator(1.0, noisy, new Statistic.Vector(new double[] {1, 1})));
        assertTrue(error.getMessage().contains("regularization"), error.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new RidgeEstimator(0.0, noisy, new Statistic.Vector(new double[] {1, 1})));
        assertThrows(IllegalArgumentException.class, () -> new RidgeStatistics(2).add(new double[] {1}, 0));
    }
}
