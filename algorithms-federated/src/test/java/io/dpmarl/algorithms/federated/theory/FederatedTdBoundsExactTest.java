package io.dpmarl.algorithms.federated.theory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code theory}: Lemmas 1 and 2 of the DP federated TD(lambda) paper as exact values
 * (the existing tests check only that the inequalities hold, which a weakened right-hand side also passes).
 */
class FederatedTdBoundsExactTest {

    /**
     * Lemma 1's two sides by hand for rows Y^0 = (1, 0), Y^1 = (0, 2) and weights c = (1/4, 3/4):
     * left = sum_j sum_l c^j c^l ||Y^j - Y^l||^2 = 2 (1/4)(3/4) ||(1, -2)||^2 = 2 * 3/16 * 5 = 15/8;
     * right = c_min^2 sum_i c^i ||Y^i||^2 = (1/16)(1/4 * 1 + 3/4 * 4) = 13/64.
     */
    @Test
    void lemma1SidesByHand() {
        double[] sides = FederatedTdBounds.lemma1(new double[][] {{1, 0}, {0, 2}}, new double[] {0.25, 0.75});
        assertArrayEquals(new double[] {15.0 / 8, 13.0 / 64}, sides, 1e-15);
    }

    /**
     * Lemma 2's right-hand side {@code beta^t e_0 + Psi_2 / (1 - beta)} at alpha = Psi_1/2, t = 1000, e_0 = 2, from
     * beta and Psi_2 (whose values the default-setting test pins by hand).
     */
    @Test
    void lemma2BoundIsTheGeometricTermPlusTheFloor() {
        FederatedTdBounds sound = new FederatedTdBounds(20, 10, 0.5, 0.9, 0.5, 0.05, FederatedTdBounds.Variant.SOUND);
        double alpha = sound.psi1() / 2;
        double beta = sound.beta(alpha);
        double expected = Math.pow(beta, 1000) * 2 + sound.psi2(alpha) / (1 - beta);
        assertEquals(expected, sound.lemma2Bound(alpha, 1000, 2), 1e-12 * expected);
        // the geometric term matters at t = 1000: beta^1000 = 0.535 (beta = 0.99937497)
        assertEquals(0.535, Math.pow(0.99937497, 1000), 1e-3);
    }
}
