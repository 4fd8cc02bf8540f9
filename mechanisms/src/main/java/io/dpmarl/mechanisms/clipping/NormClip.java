package io.dpmarl.mechanisms.clipping;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;

/**
 * Clipping a vector to norm at most a bound (scaled by {@code bound / ||v||} when larger), such that the exact,
 * real-number norm of the output is at most the bound, always: the precondition of every guarantee calibrated to
 * "inputs clipped to norm C" (the L1 sensitivity {@code 2C} of the Laplace mechanism, Dwork and Roth, "The
 * Algorithmic Foundations of Differential Privacy", Theorem 3.6; the L2 sensitivity {@code 2C} of the Gaussian
 * mechanism, Theorem A.1). Computed in round-to-nearest, the usual form ({@code norm} summed, {@code factor =
 * bound / norm}, each {@code v_k * factor}) can give an output whose exact L1 norm exceeds the bound by about
 * {@code bound (d + 2) 2^-53} for {@code d} coordinates (each of the three steps may round up), so the sensitivity
 * stated is then slightly below the true one.
 *
 * <p><b>Proof that the output stays inside.</b> Let {@code e} be the binary exponent of the largest magnitude
 * {@code m = max_k |v_k|} ({@code Math.getExponent}, -1023 for zero or a subnormal {@code m}). Every magnitude is
 * multiplied by {@code 2^-e} rounded up ({@link SafeRounding#multiplyUp}; exact unless the product is subnormal),
 * which puts {@code m} in [1, 2) (or [2^-52, 1) when subnormal) and so keeps sums and squares away from overflow
 * and underflow. From these scaled magnitudes {@code s_k >= |v_k| 2^-e} an upper bound {@code N} of the scaled norm
 * is computed with every operation rounded up: L1 {@code N = s_1 + ... + s_d} ({@link SafeRounding#addUp}); L2
 * {@code N = sqrtUp(s_1^2 + ... + s_d^2)} (squares by {@link SafeRounding#multiplyUp}, sums by {@code addUp}, the
 * root by {@link SafeRounding#sqrtUp}); L-infinity {@code N = s} of {@code m}. Each is monotone in its arguments, so
 * {@code N >= ||v|| 2^-e} exactly. The norm bound {@code U = multiplyUp(N, 2^e) >= ||v||} (+inf when it overflows).
 * If {@code U <= bound} the vector is returned unchanged (a copy, bit for bit): its exact norm is at most
 * {@code U}. Otherwise the factor is {@code f = multiplyDown(divideDown(bound, N), 2^-e) <= bound / (N 2^e) <=
 * bound / ||v||}, and each output coordinate is {@code out_k = sign(v_k) multiplyDown(|v_k|, f)}, so {@code |out_k|
 * <= f |v_k|} coordinate by coordinate. Every one of these norms is absolutely homogeneous and monotone in the
 * coordinates' magnitudes, hence {@code ||out|| <= f ||v|| <= bound}. No step needs a double to be exact; only that
 * each directed operation of {@link SafeRounding} returns a double on the asked side of the exact value.
 *
 * <p><b>Cost of the directed rounding.</b> Each upward addition returns at most the next double above the
 * rounded-to-nearest sum, so for {@code d} coordinates (none subnormal after the scaling) {@code U} exceeds the
 * exact norm by a relative amount of at most about {@code 1.5 d 2^-52} (L1) and about half that plus two ulps (L2;
 * the square root halves the sum's relative error); L-infinity's {@code U} is exact. A vector whose rounded-up norm
 * exceeds the bound although its exact norm does not is therefore still scaled, by a factor within that amount of
 * 1 (for {@code d = 5000} about {@code 1.7e-12}), and reported as scaled; a scaled output's norm is at least the
 * bound times one minus about twice that amount, while the factor and the output coordinates are normal doubles.
 *
 * <p>Bad input: a bound that is not positive and finite, and a NaN or infinite coordinate, are refused with an
 * {@link IllegalArgumentException}; a coordinate is named by its position only (its value is private).
 */
public final class NormClip {
    private NormClip() {
    }

    /**
     * The outcome of a clip.
     *
     * @param values the clipped vector: a new array, never the input, with the input's length; owned by the caller
     * @param scaled whether the input was scaled down (its norm rounded up exceeded the bound); when false,
     *               {@code values} holds the input's values bit for bit
     * @param factor the factor applied, at most {@code bound / ||v||} as real numbers when scaled (1 when not): a
     *               quantity released with the vector and bounded by the same ratio (a regression target paired
     *               with its feature vector) is scaled by it with {@link SafeRounding#multiplyDown}
     */
    public record Clipped(double[] values, boolean scaled, double factor) {
    }

    /**
     * The vector clipped to L1 norm {@code sum_k |v_k| <= bound}, exactly (class comment).
     *
     * @param values the vector (not modified), every coordinate finite
     * @param bound  the L1 bound {@code C}, in (0, inf)
     * @throws IllegalArgumentException naming {@code bound}, or the position of a NaN or infinite coordinate
     */
    public static Clipped l1(double[] values, double bound) {
        return clip(values, bound, Norm.L1);
    }

    /**
     * The vector clipped to L2 norm {@code sqrt(sum_k v_k^2) <= bound}, exactly (class comment).
     *
     * @param values the vector (not modified), every coordinate finite
     * @param bound  the L2 bound {@code C}, in (0, inf)
     * @throws IllegalArgumentException naming {@code bound}, or the position of a NaN or infinite coordinate
     */
    public static Clipped l2(double[] values, double bound) {
        return clip(values, bound, Norm.L2);
    }

    /**
     * The vector scaled to L-infinity norm {@code max_k |v_k| <= bound}, exactly (class comment): the whole vector is
     * scaled by one factor, which keeps its direction (unlike clamping each coordinate to [-bound, bound]).
     *
     * @param values the vector (not modified), every coordinate finite
     * @param bound  the L-infinity bound {@code C}, in (0, inf)
     * @throws IllegalArgumentException naming {@code bound}, or the position of a NaN or infinite coordinate
     */
    public static Clipped lInfinity(double[] values, double bound) {
        return clip(values, bound, Norm.L_INFINITY);
    }

    private enum Norm { L1, L2, L_INFINITY }

    private static Clipped clip(double[] values, double bound, Norm norm) {
        Checks.positiveFinite("bound", bound);
        double largest = largestMagnitude(values);
        int exponent = Math.getExponent(largest);
        double down = Math.scalb(1.0, -exponent);
        double scaledNorm = scaledNormUp(values, down, norm);
        double[] out = values.clone();
        if (SafeRounding.multiplyUp(scaledNorm, Math.scalb(1.0, exponent)) <= bound) {
            return new Clipped(out, false, 1.0);
        }
        double factor = SafeRounding.multiplyDown(SafeRounding.divideDown(bound, scaledNorm), down);
        for (int k = 0; k < out.length; k++) {
            out[k] = Math.copySign(SafeRounding.multiplyDown(Math.abs(values[k]), factor), values[k]);
        }
        return new Clipped(out, true, factor);
    }

    /** The largest magnitude, refusing a NaN or infinite coordinate by its position. */
    private static double largestMagnitude(double[] values) {
        double largest = 0;
        for (int k = 0; k < values.length; k++) {
            if (!Double.isFinite(values[k])) {
                throw new IllegalArgumentException("values[" + k + "] must be finite (in (-inf, inf)), got a NaN or"
                        + " infinite value (the value is withheld: it is private)");
            }
            largest = Math.max(largest, Math.abs(values[k]));
        }
        return largest;
    }

    /** An upper bound of the norm of the magnitudes times {@code down} (a power of two), every step rounded up. */
    private static double scaledNormUp(double[] values, double down, Norm norm) {
        double total = 0;
        for (double value : values) {
            double scaled = SafeRounding.multiplyUp(Math.abs(value), down);
            switch (norm) {
                case L1 -> total = SafeRounding.addUp(total, scaled);
                case L2 -> total = SafeRounding.addUp(total, SafeRounding.multiplyUp(scaled, scaled));
                default -> total = Math.max(total, scaled);
            }
        }
        return norm == Norm.L2 ? SafeRounding.sqrtUp(total) : total;
    }
}
