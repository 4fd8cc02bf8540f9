package io.dpmarl.environments.fedtd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The cost model of the DP federated TD(lambda) environment ("Differentially private federated temporal difference
 * learning": instantaneous costs r ~ U[R(s, s') - w, R(s, s') + w], bounded by the public R) at two points the other
 * tests leave open: the cost bound check exactly at its boundary, and the sign of the uniform offset, read from a
 * scripted uniform draw.
 */
class FederatedCostModelBoundaryTest {
    private static final double[][] ONE_STATE = {{1.0}};
    private static final FeatureMatrix PHI = new FeatureMatrix(new double[][] {{1.0}});

    /** Returns the given double for every draw. */
    private static RandomGenerator constant(double value) {
        return new RandomGenerator() {
            @Override
            public double nextDouble() {
                return value;
            }

            @Override
            public long nextLong() {
                throw new AssertionError("the cost model draws doubles only");
            }
        };
    }

    /**
     * The check refuses max |R| + w above R (1 + 1e-12). With R = 1 the right side is the double d = 1 + 1e-12
     * (rounded to nearest; times 1 exactly). Take w = 1/2 and the single mean cost d - 1/2, exact (Sterbenz: d is in
     * [1, 2) and 1/2 in [d/2, 2d]); then max |R| + w = (d - 1/2) + 1/2 = d exactly, in [1, 2) where d is a double: the
     * sum equals the bound, which is not above it, so the model is accepted. The mean cost next(d) - 1/2 (exact
     * too) puts the sum at the double after d: refused, quoting the sum.
     */
    @Test
    void aCostBoundEqualToTheLargestCostPlusTheHalfWidthIsAccepted() {
        double bound = 1.0 * (1 + 1e-12);
        double mean = bound - 0.5;
        assertEquals(bound, mean + 0.5, 0.0);
        FederatedCostModel model = new FederatedCostModel(ONE_STATE, new double[][][] {{{mean}}}, 0.5, PHI, 1.0);
        assertEquals(1.0, model.costBound(), 0.0);

        double above = Math.nextUp(bound) - 0.5;
        assertEquals(Math.nextUp(bound), above + 0.5, 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new FederatedCostModel(ONE_STATE, new double[][][] {{{above}}}, 0.5, PHI, 1.0));
        assertTrue(refused.getMessage().startsWith("costBound must be in [max |R| + w, inf) = [" + (above + 0.5)),
                refused.getMessage());
    }

    /**
     * r = R(s, s') + w (2u - 1) for the uniform u: with R = 1/4, w = 1/2 and u = 3/4, r = 1/4 + 1/2 * 1/2 = 1/2; with
     * u = 1/4, r = 1/4 - 1/4 = 0 (every value a dyadic rational, so exact). The offset's sign follows u.
     */
    @Test
    void theUniformOffsetAddsToTheMeanCost() {
        FederatedCostModel model = new FederatedCostModel(ONE_STATE, new double[][][] {{{0.25}}}, 0.5, PHI, 1.0);
        assertEquals(0.5, model.sampleCost(0, 0, 0, constant(0.75)), 0.0);
        assertEquals(0.0, model.sampleCost(0, 0, 0, constant(0.25)), 0.0);
        double[] costs = new double[1];
        model.sampleCosts(0, 0, constant(0.75), costs);
        assertEquals(0.5, costs[0], 0.0);
    }
}
