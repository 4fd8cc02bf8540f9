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
 * double in the asked direction, subnormal and overflowing results included. The rounded result is the correctly
 * rounded (to nearest) IEEE result, within one step of the exact value, and the sign of the residual (the rounded
 * result against the exact operation) says which neighbour is the tightest bound. Unscaled, that residual can be
 * far below the smallest double when the result is subnormal or near {@code Double.MIN_NORMAL} (or underflows to
 * 0), and then the fused multiply-add rounds it to a zero that has lost its sign: {@code multiplyUp(2^-600,
 * 2^-600)} came out 0. So the test runs on the arguments and the result scaled by the same powers of two, which is
 * exact: each argument is divided by {@code 2^getExponent}, which puts a normal one in [1, 2) and a subnormal one
 * (exponent -1023) in [2^-52, 1), and the result by the product (or quotient, or square root) of those powers,
 * which puts it near 1 (a subnormal scaled up, a normal one to a normal one: no bit is lost). Every scaled value is
 * then a multiple of at least 2^-106 and at most 4, so their residual is 0 or at least 2^-212 in magnitude, far
 * above the smallest double: its sign survives the rounding.
 *
 * <p>Arguments must be finite, and positive (zero is accepted and exact); a zero denominator gives +inf, as the
 * division does. An infinite result or operand needs no special case in the residual tests: the scaled residual
 * is then infinite or NaN, which neither residual test takes for a rounding step. A result above
 * {@code Double.MAX_VALUE} is +inf rounded up (more noise, more loss) and {@code Double.MAX_VALUE} rounded down; a
 * positive result below {@code Double.MIN_VALUE} is {@code Double.MIN_VALUE} rounded up and 0 rounded down, never
 * negative (a denominator rounded down to 0 gives +inf, more loss).
 */
public final class SafeRounding {
    private SafeRounding() {
    }

    /** {@code x / 2^getExponent(x)}: in [1, 2) for a normal x, in [2^-52, 1) for a subnormal one; exact. */
    private static double unit(double x) {
        return Math.scalb(x, -Math.getExponent(x));
    }

    /**
     * The exact {@code a * b - product} for finite {@code a, b} and a finite {@code product} within one rounding
     * step of {@code a * b}, times a power of two (so with its sign): the fused multiply-add of the scaled
     * arguments against the product scaled by the same power of two.
     */
    private static double productResidual(double a, double b, double product) {
        return Math.fma(unit(a), unit(b), -Math.scalb(product, -Math.getExponent(a) - Math.getExponent(b)));
    }

    /** The exact {@code quotient * denominator - numerator} times a power of two, by the same scaling. */
    private static double quotientResidual(double numerator, double denominator, double quotient) {
        return Math.fma(Math.scalb(quotient, Math.getExponent(denominator) - Math.getExponent(numerator)),
                unit(denominator), -unit(numerator));
    }

    /** The smallest double at least {@code numerator / denominator} (exact quotient, positive denominator). */
    public static double divideUp(double numerator, double denominator) {
        double quotient = numerator / denominator;
        if (quotientResidual(numerator, denominator, quotient) < 0) {
            return Math.nextUp(quotient);
        }
        return quotient;
    }

    /**
     * The largest double at most {@code numerator / denominator} (exact quotient, positive denominator): never +inf
     * for finite arguments and a nonzero denominator ({@code Double.MAX_VALUE} where the quotient overflows).
     */
    public static double divideDown(double numerator, double denominator) {
        double quotient = numerator / denominator;
        if (quotient == Double.POSITIVE_INFINITY && Double.isFinite(numerator) && denominator != 0) {
            return Double.MAX_VALUE;
        }
        if (quotientResidual(numerator, denominator, quotient) > 0) {
            return Math.nextDown(quotient);
        }
        return quotient;
    }

    /**
     * The smallest double at least {@code a + b} (exact sum), for finite {@code a, b} of any sign ({@code addUp(a,
     * -b)} bounds a difference): composition adds losses, and a sum rounded to nearest can fall below the exact one
     * (ten times the double 0.1 adds up to 0.9999999999999999). The rounding error of the sum is exact by Knuth's
     * two-sum (no underflow can occur in an addition, and an overflowing sum is +inf, an upper bound); a positive
     * error means the sum was rounded down.
     */
    public static double addUp(double a, double b) {
        double sum = a + b;
        double bPart = sum - a;
        double error = (a - (sum - bPart)) + (b - bPart);
        return error > 0 ? Math.nextUp(sum) : sum;
    }

    /**
     * The largest double at most {@code a + b} (exact sum), for finite {@code a, b} of any sign: the upper end of a
     * clipping range {@code [low, low + width]} whose width must not exceed a sensitivity (the double {@code 0.1 +
     * 0.2} is above the exact sum). Knuth's two-sum gives the sum's rounding error exactly; a negative error means
     * the sum was rounded up. A sum overflowing upwards gives {@code Double.MAX_VALUE}, downwards {@code -inf}.
     */
    public static double addDown(double a, double b) {
        double sum = a + b;
        if (Double.isInfinite(sum)) {
            return sum > 0 ? Double.MAX_VALUE : sum;
        }
        double bPart = sum - a;
        double error = (a - (sum - bPart)) + (b - bPart);
        return error < 0 ? Math.nextDown(sum) : sum;
    }

    /** The smallest double at least {@code a * b} (exact product). */
    public static double multiplyUp(double a, double b) {
        double product = a * b;
        if (productResidual(a, b, product) > 0) {
            return Math.nextUp(product);
        }
        return product;
    }

    /** The largest double at most {@code a * b} (exact product): never +inf for finite arguments. */
    public static double multiplyDown(double a, double b) {
        double product = a * b;
        if (product == Double.POSITIVE_INFINITY && Double.isFinite(a) && Double.isFinite(b)) {
            return Double.MAX_VALUE;
        }
        if (productResidual(a, b, product) < 0) {
            return Math.nextDown(product);
        }
        return product;
    }

    /**
     * The exact {@code root^2 - x} times a power of two, for a finite positive {@code x} and its rounded square
     * root: both scaled by an even power of two ({@code x} to [1, 4) if normal, {@code root} near 1), exactly.
     */
    private static double rootResidual(double x, double root) {
        int half = Math.floorDiv(Math.getExponent(x), 2);
        double scaledRoot = Math.scalb(root, -half);
        return Math.fma(scaledRoot, scaledRoot, -Math.scalb(x, -2 * half));
    }

    /** The smallest double at least the exact square root of {@code x}. */
    public static double sqrtUp(double x) {
        double root = Math.sqrt(x);
        return rootResidual(x, root) < 0 ? Math.nextUp(root) : root;
    }

    /** The largest double at most the exact square root of {@code x}. */
    public static double sqrtDown(double x) {
        double root = Math.sqrt(x);
        return rootResidual(x, root) > 0 ? Math.nextDown(root) : root;
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
     * rounded up over the square rounded down, rounded up (as in earlier releases, bit for bit). Otherwise a
     * square overflows (both at once gave inf/inf = NaN) or underflows, and it is {@link #halfSquareUp} of the ratio
     * {@code sensitivity / sigma} rounded up. Either way three upward roundings of relative size below 2^-52 each:
     * while the result is normal it is at least the exact value and below it times {@code 1 + 2^-50}; a subnormal
     * result is still at least the exact value (at least {@code Double.MIN_VALUE} for positive arguments), and +inf
     * only when the exact value is within that factor of {@code Double.MAX_VALUE} or above.
     */
    public static double rho(double sigma, double sensitivity) {
        double square = multiplyUp(sensitivity, sensitivity);
        double twiceVariance = multiplyDown(2 * sigma, sigma);
        // a rounded-down square of MAX_VALUE may be an overflow (the bound would be loose): the ratio form then
        if (square >= Double.MIN_NORMAL && Double.isFinite(square) && twiceVariance >= Double.MIN_NORMAL
                && twiceVariance < Double.MAX_VALUE) {
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
}
