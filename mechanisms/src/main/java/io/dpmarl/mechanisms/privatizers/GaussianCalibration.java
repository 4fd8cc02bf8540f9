package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.GaussianPrivacyCurve;
import io.dpmarl.mechanisms.accounting.SafeRounding;

/**
 * Noise calibrations of the Gaussian mechanism on a statistic of L2 sensitivity {@code Delta}.
 *
 * <ul>
 *   <li>{@link #classic}: Dwork-Roth Theorem A.1, {@code sigma = sqrt(2 ln(1.25/delta)) Delta / epsilon}, valid
 *       only for {@code epsilon < 1}.</li>
 *   <li>{@link #analytic}: Balle and Wang (ICML 2018) Theorem 8: the smallest sigma with
 *       {@code Phi(Delta/(2 sigma) - epsilon sigma/Delta) - e^epsilon Phi(-Delta/(2 sigma) - epsilon sigma/Delta) <= delta},
 *       found by bisection that keeps the upper end (the returned sigma always satisfies the inequality).</li>
 *   <li>{@link #zcdp}: {@code sigma = Delta / sqrt(2 rho)} gives rho-zCDP (Bun-Steinke 2016 Prop. 1.6).</li>
 * </ul>
 */
public final class GaussianCalibration {
    private GaussianCalibration() {
    }

    /** Which calibration a Gaussian privatizer uses. */
    public enum Kind {
        /** {@code sqrt(2 ln(1.25/delta)) Delta / epsilon}, epsilon &lt; 1. */
        CLASSIC,
        /** Balle-Wang exact calibration, any epsilon. */
        ANALYTIC
    }

    /** The classic sigma; requires {@code epsilon in (0, 1)} and {@code delta in (0, 1)}. */
    public static double classic(double epsilon, double delta, double sensitivity) {
        Checks.positiveFinite("epsilon", epsilon);
        if (!(epsilon < 1)) {
            throw new IllegalArgumentException("epsilon must be in (0, 1) for the classic Gaussian calibration, got "
                    + epsilon + " (use calibration=analytic)");
        }
        Checks.openUnit("delta", delta);
        Checks.positiveFinite("sensitivity", sensitivity);
        // log, sqrt, product and quotient, each within one ulp: moved up by 8 ulps so sigma is never too small
        return SafeRounding.inflate(Math.sqrt(2 * Math.log(1.25 / delta)) * sensitivity / epsilon, 8);
    }

    /**
     * The exact delta of the Gaussian mechanism at {@code epsilon} (Balle-Wang 2018, Theorem 8), rounded up by proof
     * ({@link GaussianPrivacyCurve#deltaOfScale}: proven enclosures of the two log-CDFs and outward rounding), and at
     * most 1.
     *
     * @throws IllegalArgumentException if sigma or the sensitivity is not positive and finite, or epsilon is negative
     *     or not finite
     */
    public static double exactDelta(double sigma, double epsilon, double sensitivity) {
        return Math.min(1.0, GaussianPrivacyCurve.deltaOfScale(sigma, sensitivity, epsilon));
    }

    /** The smallest sigma (to relative 1e-12, never below it) giving (epsilon, delta)-DP (Balle-Wang 2018). */
    public static double analytic(double epsilon, double delta, double sensitivity) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.openUnit("delta", delta);
        Checks.positiveFinite("sensitivity", sensitivity);
        double high = sensitivity;
        while (exactDelta(high, epsilon, sensitivity) > delta) {
            high *= 2;
        }
        double low = high / 2;
        while (low > Double.MIN_NORMAL && exactDelta(low, epsilon, sensitivity) <= delta) {
            low /= 2;
        }
        for (int i = 0; i < 200 && (high - low) > 1e-13 * high; i++) {
            double middle = 0.5 * (low + high);
            if (exactDelta(middle, epsilon, sensitivity) <= delta) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high;
    }

    /**
     * {@code sigma = sensitivity / sqrt(2 rho)}, rounded up until the rho the accountants compute from it
     * ({@link SafeRounding#rho}, rounded up) is at most the target: rho-zCDP.
     */
    public static double zcdp(double rho, double sensitivity) {
        Checks.positiveFinite("rho", rho);
        Checks.positiveFinite("sensitivity", sensitivity);
        double sigma = SafeRounding.divideUp(sensitivity, SafeRounding.sqrtDown(2 * rho));
        // the accountants evaluate rho from sigma rounded up (SafeRounding.rho): keep that at most the target
        while (SafeRounding.rho(sigma, sensitivity) > rho) {
            sigma = Math.nextUp(sigma);
        }
        return sigma;
    }
}
