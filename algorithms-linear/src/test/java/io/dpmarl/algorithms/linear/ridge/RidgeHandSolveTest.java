package io.dpmarl.algorithms.linear.ridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Statistic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A second hand-solved ridge system (regulariser other than 1, a Gram matrix with a non-zero off-diagonal and a
 * target with a negative value), the sample counter, and the dimension checks of every entry point (a statistic or
 * feature vector of the wrong length is refused with a message naming it, never truncated or read past its end).
 */
class RidgeHandSolveTest {

    /**
     * Hand derivation. Samples ((1,2), 1) and ((0,1), -1):
     * G = [[1,2],[2,4]] + [[0,0],[0,1]] = [[1,2],[2,5]], u = 1 (1,2) - 1 (0,1) = (1,1).
     * With lambda = 2: A = lambda I + G = [[3,2],[2,7]], det A = 21 - 4 = 17, A^-1 = [[7,-2],[-2,3]] / 17, so
     * theta = A^-1 u = (7 - 2, -2 + 3) / 17 = (5/17, 1/17).
     * predict(1,2) = 5/17 + 2/17 = 7/17.
     * width(1,-1): A^-1 (1,-1) = (7 + 2, -2 - 3) / 17 = (9,-5)/17, and (1,-1).(9,-5)/17 = 14/17: sqrt(14/17).
     * width(1,2): A^-1 (1,2) = (7 - 4, -2 + 6) / 17 = (3,4)/17, and (1,2).(3,4)/17 = 11/17: sqrt(11/17).
     */
    @Test
    void solvesTheRegularisedSystemByHand() {
        RidgeStatistics statistics = new RidgeStatistics(2);
        assertEquals(2, statistics.dimension());
        assertEquals(0, statistics.samples());
        statistics.add(new double[] {1, 2}, 1);
        statistics.add(new double[] {0, 1}, -1);
        assertEquals(2, statistics.samples(), "two samples added");
        assertArrayEquals(new double[] {1, 2, 2, 5}, statistics.gram().values(), 0.0);
        assertArrayEquals(new double[] {1, 1}, statistics.target().values(), 0.0);

        RidgeEstimator estimator = new RidgeEstimator(2.0, statistics.gram(), statistics.target());
        assertArrayEquals(new double[] {5.0 / 17, 1.0 / 17}, estimator.theta(), 1e-12);
        assertEquals(7.0 / 17, estimator.predict(new double[] {1, 2}), 1e-12);
        assertEquals(Math.sqrt(14.0 / 17), estimator.width(new double[] {1, -1}), 1e-12);
        assertEquals(Math.sqrt(11.0 / 17), estimator.width(new double[] {1, 2}), 1e-12);
    }

    /** Three samples count three; the server's sum of another agent's statistics adds no sample of its own. */
    @Test
    void countsTheSamplesAdded() {
        RidgeStatistics statistics = new RidgeStatistics(3);
        assertEquals(3, statistics.dimension());
        for (int i = 0; i < 3; i++) {
            statistics.add(new double[] {i, 1, 0}, i);
        }
        assertEquals(3, statistics.samples());
        RidgeStatistics other = new RidgeStatistics(3);
        other.add(new double[] {1, 1, 1}, 1);
        statistics.addAll(other.gram(), other.target());
        assertEquals(3, statistics.samples(), "addAll sums statistics, it does not add samples");
    }

    @Test
    void refusesStatisticsAndFeaturesOfTheWrongDimension() {
        Statistic.SymmetricMatrix gram = new Statistic.SymmetricMatrix(2, new double[] {1, 0, 0, 1});
        Statistic.Vector target = new Statistic.Vector(new double[] {1, 1});
        assertRefused("target", () -> new RidgeEstimator(1.0, gram, new Statistic.Vector(new double[] {1, 1, 1})));
        assertRefused("regularization", () -> new RidgeEstimator(-1.0, gram, target));

        RidgeEstimator estimator = new RidgeEstimator(1.0, gram, target);
        assertRefused("features", () -> estimator.predict(new double[] {1, 1, 1}));
        assertRefused("features", () -> estimator.predict(new double[] {1}));
        assertRefused("features", () -> estimator.width(new double[] {1, 1, 1}));
        assertRefused("features", () -> estimator.width(new double[] {1}));

        RidgeStatistics statistics = new RidgeStatistics(2);
        assertRefused("dimension", () -> new RidgeStatistics(0));
        assertRefused("value", () -> statistics.add(new double[] {1, 1}, Double.NaN));
        // a Gram matrix of the wrong dimension with a target of the right one, and the other way round
        assertRefused("dimension", () -> statistics.addAll(
                new Statistic.SymmetricMatrix(3, new double[9]), new Statistic.Vector(new double[2])));
        assertRefused("dimension", () -> statistics.addAll(
                new Statistic.SymmetricMatrix(2, new double[4]), new Statistic.Vector(new double[3])));
        assertEquals(0, statistics.samples(), "refused samples are not counted");
        assertArrayEquals(new double[4], statistics.gram().values(), 0.0, "refused statistics are not added");
        // An infinite second feature: the first row must not have been added before the refusal (it would add
        // phi_0 phi = (1, inf) to the Gram matrix's first row and phi_0 y = 3 to the target).
        assertRefused("features[1]", () -> statistics.add(new double[] {1, Double.POSITIVE_INFINITY}, 3));
        assertArrayEquals(new double[4], statistics.gram().values(), 0.0, "a refused sample leaves the Gram matrix");
        assertArrayEquals(new double[2], statistics.target().values(), 0.0, "a refused sample leaves the target");
        assertEquals(0, statistics.samples());
    }

    private static void assertRefused(String name, Executable call) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, call);
        assertTrue(error.getMessage().contains(name), error.getMessage());
    }
}
