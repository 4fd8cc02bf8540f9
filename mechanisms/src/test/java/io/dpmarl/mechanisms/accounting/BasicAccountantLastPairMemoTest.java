package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The basic accountant answers the Gaussian pair asked last time before it looks in its memo map. Consecutive
 * calls that share one argument and differ in the other must still get the curve's epsilon of their own pair, bit
 * for bit ({@link GaussianPrivacyCurve#epsilon(double, double)} computed here): a last-pair check comparing only the
 * noise multiplier, only delta, or values instead of bits (-0.0 and 0.0 are different arguments) fails.
 */
class BasicAccountantLastPairMemoTest {

    /** Starts from an empty memo (see {@link GaussianMemo}: a memo filled under an earlier mutant is stale). */
    @BeforeEach
    void emptyTheMemo() throws ReflectiveOperationException {
        GaussianMemo.reset();
    }

    private static void assertSameDouble(double expected, double actual, String what) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
                what + ": expected " + expected + ", got " + actual);
    }

    @Test
    void consecutivePairsSharingOneArgumentGetTheirOwnEpsilon() {
        double[][] sequence = {{3.107, 1e-4}, {3.107, 1e-4}, {3.107, 1e-2}, {3.107, 1e-4}, {2.0, 1e-4},
            {2.0, 1e-4}, {3.107, 1e-4}, {2.0, 1e-2}, {2.0, 1e-2}, {3.107, 1e-2}};
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < sequence.length; i++) {
                double multiplier = sequence[i][0];
                double delta = sequence[i][1];
                assertSameDouble(GaussianPrivacyCurve.epsilon(multiplier, delta),
                        BasicAccountant.gaussianEpsilon(multiplier, delta), "pass " + pass + ", call " + i);
            }
        }
    }
}
