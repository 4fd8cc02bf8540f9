package io.dpmarl.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The federated capability types: defaults computed by hand, bad input refused with the parameter named. */
class FederatedModelTest {

    private static FederatedFeatures features(double[][] rows) {
        return new FederatedFeatures() {
            @Override
            public int numStates() {
                return rows.length;
            }

            @Override
            public int numFeatures() {
                return rows[0].length;
            }

            @Override
            public double get(int state, int feature) {
                return rows[state][feature];
            }
        };
    }

    @Test
    void defaultRowAccessAndLargestNorm() {
        FederatedFeatures phi = features(new double[][] {{0.6, 0.8}, {3, 4}, {0, 1}});
        assertArrayEquals(new double[] {3, 4}, phi.phi(1), 0.0);
        assertEquals(5.0, phi.maxRowNorm(), 0.0);
    }

    @Test
    void largestNormIsAnExactUpperBound() {
        // a row of exact norm 1 (0.25 + 0.25 + 0.25 + 0.25) is bounded by 1 itself
        assertEquals(1.0, features(new double[][] {{0.5, 0.5, 0.5, 0.5}, {0.5, 0.5, 0.5, -0.5}}).maxRowNorm(), 0.0);
        // rows divided by their norm in round-to-nearest: a fixed-seed search for one whose norm rounded to nearest
        // is at most 1 although the exact sum of squares (BigDecimal) exceeds 1, which must not be bounded by 1
        SplittableRandom random = new SplittableRandom(3);
        int found = 0;
        for (int trial = 0; trial < 100; trial++) {
            double[] row = {random.nextDouble(), random.nextDouble(), random.nextDouble()};
            double norm = nearestNorm(row);
            for (int k = 0; k < row.length; k++) {
                row[k] /= norm;
            }
            BigDecimal squares = BigDecimal.ZERO;
            for (double value : row) {
                squares = squares.add(new BigDecimal(value).multiply(new BigDecimal(value)));
            }
            if (nearestNorm(row) <= 1 && squares.compareTo(BigDecimal.ONE) > 0) {
                found++;
                FederatedFeatures phi = features(new double[][] {{0, 1, 0}, row});
                assertTrue(phi.maxRowNorm() > 1, "exact norm above 1, bound " + phi.maxRowNorm());
                assertTrue(FederatedFeatures.maxRowNormUp(phi) > 1);
            }
        }
        assertTrue(found > 5, "rows understated by rounding to nearest: " + found);
        assertTrue(Double.isNaN(features(new double[][] {{1, 0}, {Double.NaN, 0}, {2, 0}}).maxRowNorm()));
    }

    private static double nearestNorm(double[] row) {
        double squared = 0;
        for (double value : row) {
            squared += value * value;
        }
        return Math.sqrt(squared);
    }

    @Test
    void weightsAreUniformOrCheckedValues() {
        FederatedWeights uniform = FederatedWeights.uniform(4);
        assertEquals(4, uniform.size());
        assertEquals(0.25, uniform.get(3), 0.0);
        double[] given = {0.2, 0.8};
        FederatedWeights values = new FederatedWeights.Values(given);
        given[0] = 0.5;
        assertEquals(0.2, values.get(0), 0.0, "the weights are copied");
        IllegalArgumentException sum = assertThrows(IllegalArgumentException.class,
                () -> new FederatedWeights.Values(new double[] {0.5, 0.6}));
        assertTrue(sum.getMessage().startsWith("weights must sum to 1"), sum.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FederatedWeights.Values(new double[] {1.5, -0.5}));
        assertThrows(IllegalArgumentException.class, () -> FederatedWeights.uniform(0));
    }

    @Test
    void structureNeedsAPositiveFiniteCostBound() {
        FederatedFeatures phi = features(new double[][] {{1, 0}});
        FederatedStructure structure = new FederatedStructure(phi, FederatedWeights.uniform(2), 0.5);
        assertEquals(0.5, structure.costBound(), 0.0);
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> new FederatedStructure(phi, FederatedWeights.uniform(2), 0));
        assertTrue(zero.getMessage().startsWith("costBound must be in (0, inf)"), zero.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new FederatedStructure(phi, FederatedWeights.uniform(2), Double.POSITIVE_INFINITY));
    }
}
