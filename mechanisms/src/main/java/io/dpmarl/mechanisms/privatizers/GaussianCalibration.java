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
 *       {@code Phi(Delta/(2 sigma) - epsilon sigma/Delta)
 *       - e^epsilon Phi(-Delta/(2 sigma) - epsilon sigma/Delta) <= delta},
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

    /**
     * The smallest sigma giving (epsilon, delta)-DP by Balle and Wang, "Improving the Gaussian mechanism for
     * differential privacy" (Theorem 8). Privacy: the returned sigma passes the check
     * {@code exactDelta(sigma, epsilon, sensitivity) <= delta}, always. Tightness: the search's last failing value
     * lies within relative 1e-13 below it, so it is the smallest sigma passing the check to relative 1e-12, for
     * every accepted input whose sigma is a normal double (below {@code 2^-1022} the spacing of the doubles adds
     * up to {@code 2^-1074}, absolute). The check is a proven upper bound of the true delta; for epsilon at least
     * 0.1 it is tight enough that sigma is also the smallest for the true delta to relative 1e-12, but for small
     * epsilon with sigma far above Delta its two nearly equal terms cancel and it overestimates delta, so sigma
     * exceeds the true smallest there: measured up to 1e-4 relative for epsilon in [1e-8, 0.1], more below.
     *
     * <p>The search runs in units of {@code 2^e}, {@code e} the binary exponent of the sensitivity ({@code -1023}
     * for a subnormal one), so the sensitivity becomes {@code unit} in {@code [2^-51, 2)} (delta depends on
     * sigma / Delta only, and scaling by a power of two is exact) and the search never meets the subnormal range:
     * doubling from {@code unit} while the check fails, halving while it passes (for every finite epsilon the check
     * fails below about {@code 2^-514 unit}, where {@code Delta / (2 sigma)} exceeds {@code epsilon sigma / Delta}
     * by far), then a bisection that keeps the passing upper end until the bracket is within relative 1e-13. Where
     * no value leaves the normal range this is the plain search in sigma, bit for bit.
     */
    public static double analytic(double epsilon, double delta, double sensitivity) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.openUnit("delta", delta);
        Checks.positiveFinite("sensitivity", sensitivity);
        int exponent = Math.getExponent(sensitivity);
        double unit = Math.scalb(sensitivity, -exponent);
        double high = unit;
        while (exactDelta(high, epsilon, unit) > delta) {
            high *= 2;
        }
        // halve from high / 2 (the last failing double, if the doubling ran) while the check passes
        double low = high;
        do {
            low /= 2;
        } while (exactDelta(low, epsilon, unit) <= delta);
        while (high - low > 1e-13 * high) {
            double middle = 0.5 * (low + high);
            if (exactDelta(middle, epsilon, unit) <= delta) {
                high = middle;
            } else {
                low = middle;
            }
        }
        // exact unless sigma is subnormal; there step up to the first double that passes the check
        double sigma = Math.max(Double.MIN_VALUE, Math.scalb(high, exponent));
        while (exactDelta(sigma, epsilon, sensitivity) > delta) {
            sigma = Math.nextUp(sigma);
        }
        return sigma;
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
