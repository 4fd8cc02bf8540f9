package io.dpmarl.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
