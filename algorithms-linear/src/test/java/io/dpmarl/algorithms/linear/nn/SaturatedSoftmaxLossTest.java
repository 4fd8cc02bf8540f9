package io.dpmarl.algorithms.linear.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * The actor loss at a saturated softmax, where an action's probability underflows to exactly 0 in double precision.
 * The entropy {@code H = -sum_k p_k log p_k} and its gradient {@code c p_k (log p_k + H)} take their limits at
 * {@code p_k -> 0} (both terms vanish, since {@code p log p -> 0}), as Chu et al.'s A2C, which clips {@code log p} at
 * {@code 1e-10}, keeps them finite. Without it {@code 0 * log 0 = 0 * -inf} is NaN, every parameter turns NaN at the
 * next RMSProp step, and the learner reports a healthy (merely certain) actor as a collapsed training.
 */
class SaturatedSoftmaxLossTest {
    /**
     * Logits {@code (0, -800)}: {@code e^-800} is below the smallest double (about {@code e^-744.4}), so
     * {@code p = (1, 0)} exactly and {@code H = -(1 ln 1 + 0) = 0}. Action 0, advantage 2, entropy weight 0.05, one
     * row: loss {@code -(2 ln 1 + 0.05 H) = 0}; gradient {@code dL/dz_0 = 2 (1 - 1) + 0.05 * 1 * (ln 1 + 0) = 0},
     * {@code dL/dz_1 = 2 (0 - 0) + 0 = 0}.
     */
    @Test
    void aProbabilityOfExactlyZeroContributesNothingToTheEntropyOrItsGradient() {
        DMatrixRMaj logits = new DMatrixRMaj(1, 2, true, 0.0, -800.0);
        DMatrixRMaj gradient = new DMatrixRMaj(1, 2);
        double loss = PolicyGradientLoss.actor(logits, new int[] {0}, new double[] {2.0}, 0.05, gradient,
                new double[2]);
        assertEquals(0.0, loss, 0.0);
        assertEquals(0.0, gradient.data[0], 0.0);
        assertEquals(0.0, gradient.data[1], 0.0);
    }

    /**
     * Logits {@code (0, 0, -800)}: {@code p = (1/2, 1/2, 0)}, {@code H = ln 2}. Action 1, advantage -1, entropy weight
     * 0.1, one row: loss {@code -(-1 ln(1/2) + 0.1 ln 2) = -ln 2 (1 + 0.1) = -1.1 ln 2}; gradient
     * {@code dL/dz_0 = -1 (1/2 - 0) + 0.1 (1/2)(ln(1/2) + ln 2) = -1/2}, {@code dL/dz_1 = -1 (1/2 - 1) + 0 = 1/2},
     * {@code dL/dz_2 = -1 (0 - 0) + 0 = 0}: the zero-probability action changes neither the entropy nor the
     * other two coordinates.
     */
    @Test
    void theOtherActionsKeepTheirExactGradient() {
        DMatrixRMaj logits = new DMatrixRMaj(1, 3, true, 0.0, 0.0, -800.0);
        DMatrixRMaj gradient = new DMatrixRMaj(1, 3);
        double loss = PolicyGradientLoss.actor(logits, new int[] {1}, new double[] {-1.0}, 0.1, gradient,
                new double[3]);
        assertEquals(-1.1 * Math.log(2), loss, 1e-15);
        assertEquals(-0.5, gradient.data[0], 1e-15);
        assertEquals(0.5, gradient.data[1], 1e-15);
        assertEquals(0.0, gradient.data[2], 0.0);
    }
}
