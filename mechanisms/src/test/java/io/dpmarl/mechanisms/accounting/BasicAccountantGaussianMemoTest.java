package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.PrivacyEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The basic accountant memoises the Gaussian curve inversion ({@code BasicAccountant.gaussianEpsilon}); these tests
 * show that the memo returns, bit for bit, what {@link GaussianPrivacyCurve#epsilon(double, double)} computes for the
 * same arguments, whatever was asked before (a memo keyed on the noise multiplier alone, or one that kept a stale
 * value after being cleared, fails them).
 */
class BasicAccountantGaussianMemoTest {

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
    void memoisedEpsilonIsTheCurveEpsilonForEveryPairAskedInAnyOrder() {
        double[] multipliers = {0.5, 1.0, 3.107, 7768.3, 31070.0};
        double[] deltas = {1e-4, 1e-2, 1e-6};
        for (int pass = 0; pass < 3; pass++) {
            for (double delta : deltas) {
                for (double multiplier : multipliers) {
                    assertSameDouble(GaussianPrivacyCurve.epsilon(multiplier, delta),
                            BasicAccountant.gaussianEpsilon(multiplier, delta),
                            "pass " + pass + ", multiplier " + multiplier + ", delta " + delta);
                }
            }
        }
    }

    @Test
    void memoStaysExactAcrossItsClearing() {
        int pairs = BasicAccountant.GAUSSIAN_CACHE_SIZE + 40;
        for (int i = 0; i < pairs; i++) {
            double multiplier = 1.0 + i / 64.0;
            BasicAccountant.gaussianEpsilon(multiplier, 1e-5);
        }
        for (int i = pairs - 1; i >= 0; i -= 7) {
            double multiplier = 1.0 + i / 64.0;
            assertSameDouble(GaussianPrivacyCurve.epsilon(multiplier, 1e-5),
                    BasicAccountant.gaussianEpsilon(multiplier, 1e-5), "multiplier " + multiplier);
        }
    }

    @Test
    void freshAccountantsPerUserEachCertifyTheCurveEpsilon() {
        // basic composition of count events, each (epsilon_G, gaussianDelta): (count epsilon_G, count gaussianDelta)
        double sigma = 7768.3;
        double sensitivity = 2.5;
        double curve = GaussianPrivacyCurve.epsilon(SafeRounding.divideDown(sigma, sensitivity), 1e-4);
        for (int user = 0; user < 20; user++) {
            BasicAccountant accountant = new BasicAccountant(1e-4);
            accountant.compose(new PrivacyEvent.GaussianEvent(sigma, sensitivity), 2);
            assertSameDouble(2 * curve, accountant.epsilon(2e-4), "user " + user);
        }
    }
}
