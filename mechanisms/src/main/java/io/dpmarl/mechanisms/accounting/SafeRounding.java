package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;

/**
 * Directed rounding for privacy parameters: a noise scale computed from a budget is rounded up (more noise), and a
 * privacy loss computed from a scale is rounded up (more loss), so that floating point never states more privacy
 * than the real-number formula. Products, quotients and square roots are rounded in the asked direction exactly,
 * by testing the sign of the rounding error with a fused multiply-add (its single rounding keeps the sign of the
 * exact residual). Example: {@code 1.0 / 3.0} rounds down, so {@code b = 1/3} would give a Laplace release whose
 * real loss {@code 1/b} is slightly above 3; {@link #divideUp} returns the next double above instead, and then the
 * double {@code 1 / b} is at most 3.
 *
 * <p>All arguments must be positive and finite; results that overflow are +inf (more noise, more loss).
 */
public final class SafeRounding {
    private SafeRounding() {
    }

    /** The smallest double at least {@code numerator / denominator} (exact quotient). */
    public static double divideUp(double numerator, double denominator) {
        double quotient = numerator / denominator;
        if (Double.isFinite(quotient) && Math.fma(quotient, denominator, -numerator) < 0) {
            return Math.nextUp(quotient);
        }
        return quotient;
    }

    /** The largest double at most {@code numerator / denominator} (exact quotient). */
    public static double divideDown(double numerator, double denominator) {
        double quotient = numerator / denominator;
        if (Double.isFinite(quotient) && Math.fma(quotient, denominator, -numerator) > 0) {
            return Math.nextDown(quotient);
        }
        return quotient;
    }

    /** The smallest double at least {@code a * b} (exact product). */
    public static double multiplyUp(double a, double b) {
        double product = a * b;
        if (Double.isFinite(product) && Math.fma(a, b, -product) > 0) {
            return Math.nextUp(product);
        }
        return product;
    }

    /** The largest double at most {@code a * b} (exact product). */
    public static double multiplyDown(double a, double b) {
        double product = a * b;
        if (Double.isFinite(product) && Math.fma(a, b, -product) < 0) {
            return Math.nextDown(product);
        }
        return product;
    }

    /** The smallest double at least the exact square root of {@code x}. */
    public static double sqrtUp(double x) {
        double root = Math.sqrt(x);
        return Math.fma(root, root, -x) < 0 ? Math.nextUp(root) : root;
    }

    /** The largest double at most the exact square root of {@code x}. */
    public static double sqrtDown(double x) {
        double root = Math.sqrt(x);
        return Math.fma(root, root, -x) > 0 ? Math.nextDown(root) : root;
    }

    /**
     * An upper bound of a value computed with at most {@code ulps} units in the last place of error in total (for
     * chains of library functions such as {@code log} and {@code exp}, each within one ulp): the value moved up by
     * that many ulps.
     */
    public static double inflate(double value, int ulps) {
        double result = value;
        for (int i = 0; i < ulps; i++) {
            result = Math.nextUp(result);
        }
        return result;
    }

    /** The pure epsilon of a Laplace release, {@code sensitivity / b}, rounded up. */
    public static double epsilon(LaplaceEvent laplace) {
        return divideUp(laplace.sensitivity(), laplace.scale());
    }

    /** The zCDP rho of a Gaussian release, {@code sensitivity^2 / (2 sigma^2)}, rounded up. */
    public static double rho(GaussianEvent gaussian) {
        return rho(gaussian.sigma(), gaussian.sensitivity());
    }

    /** {@code sensitivity^2 / (2 sigma^2)}, rounded up: the rho of Gaussian (or discrete Gaussian) noise. */
    public static double rho(double sigma, double sensitivity) {
        return divideUp(multiplyUp(sensitivity, sensitivity), multiplyDown(2 * sigma, sigma));
    }
}
