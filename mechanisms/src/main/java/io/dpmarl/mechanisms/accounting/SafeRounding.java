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
 * <p>Tightness over the whole double range: every product, quotient and square root below is exactly the tightest
 * double in the asked direction, subnormal and overflowing results included. The residual test runs on the
 * arguments and the rounded result scaled by powers of two to the binade [1, 2) (multiplying by a power of two is
 * exact while the result stays finite and normal, and scaling a subnormal up is exact too), so the residual is a
 * multiple of about 2^-106 and never underflows to a zero that has lost its sign; unscaled, a product below
 * {@code Double.MIN_NORMAL} (or one that underflows to 0) could round its residual to 0 and come back below the
 * exact value. The rounded result itself is the correctly rounded (to nearest) IEEE result, so it is within one
 * step of the exact value, and the sign of the scaled residual says which neighbour is the tightest bound.
 *
 * <p>Arguments must be finite and positive (zero is accepted and exact). A result above {@code Double.MAX_VALUE}
 * is +inf rounded up (more noise, more loss) and {@code Double.MAX_VALUE} rounded down; a positive result below
 * {@code Double.MIN_VALUE} is {@code Double.MIN_VALUE} rounded up and 0 rounded down, never negative (a denominator
 * rounded down to 0 gives +inf, more loss).
 */
public final class SafeRounding {
    /** 2^54: scales any subnormal to a normal number exactly (the smallest, 2^-1074, becomes 2^-1020). */
    private static final double SUBNORMAL_SCALE = 0x1p54;

    private SafeRounding() {
    }

    /** The binary exponent of a finite nonzero {@code x}: {@code 2^e <= |x| < 2^(e+1)}, subnormals included. */
    static int exponent(double x) {
        double magnitude = Math.abs(x);
        if (magnitude < Double.MIN_NORMAL) {
            return Math.getExponent(magnitude * SUBNORMAL_SCALE) - 54;
        }
        return Math.getExponent(magnitude);
    }

    /** {@code x / 2^exponent(x)}, in [1, 2) in magnitude: exact (a power of two times a double, no rounding). */
    private static double unit(double x) {
        return Math.scalb(x, -exponent(x));
    }

    /**
     * The sign of the exact {@code a * b - product} for finite nonzero {@code a, b} and a finite {@code product}
     * within one rounding step of {@code a * b}: the fused multiply-add of the arguments scaled to [1, 2) against
     * the product scaled by the same power of two (both scalings exact), whose residual is a multiple of 2^-104
     * and so cannot underflow.
     */
    private static double productResidualSign(double a, double b, double product) {
        return Math.signum(Math.fma(unit(a), unit(b), -Math.scalb(product, -exponent(a) - exponent(b))));
    }

    /** The sign of the exact {@code quotient * denominator - numerator}, by the same scaling. */
    private static double quotientResidualSign(double numerator, double denominator, double quotient) {
        return Math.signum(Math.fma(Math.scalb(quotient, exponent(denominator) - exponent(numerator)),
                unit(denominator), -unit(numerator)));
    }

    /** The smallest double at least {@code numerator / denominator} (exact quotient). */
    public static double divideUp(double numerator, double denominator) {
        double quotient = numerator / denominator;
        if (Double.isFinite(quotient) && numerator != 0
                && quotientResidualSign(numerator, denominator, quotient) * Math.signum(denominator) < 0) {
            return Math.nextUp(quotient);
        }
        return quotient;
    }

    /** The largest double at most {@code numerator / denominator} (exact quotient); not +inf for finite arguments. */
    public static double divideDown(double numerator, double denominator) {
        double quotient = numerator / denominator;
        if (quotient == Double.POSITIVE_INFINITY && Double.isFinite(numerator) && denominator != 0) {
            return Double.MAX_VALUE;
        }
        if (Double.isFinite(quotient) && numerator != 0
                && quotientResidualSign(numerator, denominator, quotient) * Math.signum(denominator) > 0) {
            return Math.nextDown(quotient);
        }
        return quotient;
    }

    /** The smallest double at least {@code a * b} (exact product). */
    public static double multiplyUp(double a, double b) {
        double product = a * b;
        if (Double.isFinite(product) && a != 0 && b != 0 && productResidualSign(a, b, product) > 0) {
            return Math.nextUp(product);
        }
        return product;
    }

    /** The largest double at most {@code a * b} (exact product); not +inf for finite arguments. */
    public static double multiplyDown(double a, double b) {
        double product = a * b;
        if (product == Double.POSITIVE_INFINITY && Double.isFinite(a) && Double.isFinite(b)) {
            return Double.MAX_VALUE;
        }
        if (Double.isFinite(product) && a != 0 && b != 0 && productResidualSign(a, b, product) < 0) {
            return Math.nextDown(product);
        }
        return product;
    }

    /**
     * The sign of the exact {@code root^2 - x} for a finite positive {@code x} and its rounded square root: both
     * scaled by an even power of two ({@code x} to [1, 4), {@code root} to [1, 2), exact), so the residual is a
     * multiple of 2^-104 (unscaled, the root of a subnormal {@code x} squares to a residual below the doubles).
     */
    private static double rootResidualSign(double x, double root) {
        int half = Math.floorDiv(exponent(x), 2);
        double scaledRoot = Math.scalb(root, -half);
        return Math.signum(Math.fma(scaledRoot, scaledRoot, -Math.scalb(x, -2 * half)));
    }

    /** The smallest double at least the exact square root of {@code x}. */
    public static double sqrtUp(double x) {
        double root = Math.sqrt(x);
        return x > 0 && Double.isFinite(x) && rootResidualSign(x, root) < 0 ? Math.nextUp(root) : root;
    }

    /** The largest double at most the exact square root of {@code x}. */
    public static double sqrtDown(double x) {
        double root = Math.sqrt(x);
        return x > 0 && Double.isFinite(x) && rootResidualSign(x, root) > 0 ? Math.nextDown(root) : root;
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

    /**
     * {@code sensitivity^2 / (2 sigma^2)}, rounded up: the rho of Gaussian (or discrete Gaussian) noise (Bun and
     * Steinke 2016, "Concentrated Differential Privacy: Simplifications, Extensions, and Lower Bounds", Prop. 1.6).
     * When both squares {@code sensitivity^2} and {@code 2 sigma^2} are normal finite doubles, it is the square
     * rounded up over the square rounded down, rounded up (unchanged from earlier releases bit for bit). Otherwise a
     * square overflows (both at once gave inf/inf = NaN) or underflows, and it is {@link #halfSquareUp} of the ratio
     * {@code sensitivity / sigma} rounded up. Either way three upward roundings of relative size below 2^-52 each:
     * while the result is normal it is at least the exact value and below it times {@code 1 + 2^-50}; a subnormal
     * result is still at least the exact value (at least {@code Double.MIN_VALUE} for positive arguments), and +inf
     * only when the exact value is within that factor of {@code Double.MAX_VALUE} or above.
     */
    public static double rho(double sigma, double sensitivity) {
        double square = multiplyUp(sensitivity, sensitivity);
        double twiceVariance = multiplyDown(2 * sigma, sigma);
        if (isNormalFinite(square) && isNormalFinite(twiceVariance)) {
            return divideUp(square, twiceVariance);
        }
        return halfSquareUp(divideUp(sensitivity, sigma));
    }

    /**
     * {@code x^2 / 2} rounded up, for a finite {@code x >= 0}: {@code x} times {@code x / 2} rounded up. For
     * {@code x >= 2^-1021} the half is exact and the result is the tightest double at least {@code x^2 / 2} (one
     * rounding, exactly {@code multiplyUp(x, x) / 2} while that is normal); below, the half is rounded up too.
     */
    public static double halfSquareUp(double x) {
        return multiplyUp(x, divideUp(x, 2));
    }

    /** Normal and below {@code MAX_VALUE}: a square rounded down to {@code MAX_VALUE} may have overflowed. */
    private static boolean isNormalFinite(double value) {
        return value >= Double.MIN_NORMAL && value < Double.MAX_VALUE;
    }
}
