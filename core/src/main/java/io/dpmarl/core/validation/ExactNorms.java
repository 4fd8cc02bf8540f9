package io.dpmarl.core.validation;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Exact checks that public vectors lie in a norm ball, for bounds proven on real numbers: the whole-run sensitivity
 * of DP federated TD(lambda) (paper "Differentially private federated temporal difference learning", Section 2 and
 * Lemma 7) assumes every feature row has {@code ||phi(s)||_2 <= 1}. The usual double computation
 * {@code Math.sqrt(v_1 * v_1 + ... + v_K * v_K)} rounds to nearest at every step and can state a norm below the exact
 * one (by about {@code K 2^-53} relative), so a row of exact norm {@code 1 + 2^-53} can pass {@code <= 1}. Here every
 * figure is on the asked side of the exact real value, by exact arithmetic: a double converts exactly to a
 * {@link BigDecimal}, and sums and products of {@code BigDecimal}s are exact, so each comparison below is a
 * comparison of real numbers. No privacy mechanism itself; meant for public data checked once (features, at
 * construction), not for a per-release hot path ({@code mechanisms}' {@code NormClip} bounds norms in double
 * arithmetic with its directed operations for that).
 */
public final class ExactNorms {
    /** Twenty digits: the starting root is within 10^-19 relative of the exact one, far inside a double's step. */
    private static final MathContext GUESS = new MathContext(20);

    private ExactNorms() {
    }

    /**
     * An upper bound of the exact Euclidean norm {@code sqrt(v_1^2 + ... + v_K^2)} of the doubles given.
     *
     * <p><b>Proof.</b> The sum of squares {@code Q} is computed exactly (each {@code v_k} as the {@code BigDecimal}
     * of its exact binary value). A starting double {@code r} near {@code sqrt(Q)} is taken from a 20-digit root, and
     * {@code r} is moved to the next double up while the exact square {@code r^2} is below {@code Q}. The loop ends
     * with {@code r^2 >= Q}, so {@code r >= sqrt(Q)} (both non-negative), or with {@code r = +inf} (the norm exceeds
     * {@code Double.MAX_VALUE}), an upper bound too. Tightness: for a normal result the starting double is the
     * double nearest the 20-digit root, so the result is the smallest double at least the norm or the one above it
     * (about {@code 2^-52} relative at most).
     *
     * @param values the vector (not modified); empty gives 0
     * @return an upper bound of the exact norm: +inf if a coordinate is infinite (and none NaN), NaN if a coordinate
     *     is NaN (so that a check {@code norm <= bound} fails for both)
     */
    public static double l2Up(double[] values) {
        BigDecimal squares = BigDecimal.ZERO;
        boolean infinite = false;
        for (double value : values) {
            if (Double.isNaN(value)) {
                return Double.NaN;
            }
            if (Double.isInfinite(value)) {
                infinite = true;
            } else {
                BigDecimal exact = new BigDecimal(value);
                squares = squares.add(exact.multiply(exact));
            }
        }
        if (infinite) {
            return Double.POSITIVE_INFINITY;
        }
        double root = squares.sqrt(GUESS).doubleValue();
        while (root < Double.POSITIVE_INFINITY && square(root).compareTo(squares) < 0) {
            root = Math.nextUp(root);
        }
        return root;
    }

    /**
     * The largest double {@code f} with {@code f * norm <= bound} exactly (as real numbers): a scale factor that
     * brings a vector of norm at most {@code norm} inside the ball of radius {@code bound}, since every norm is
     * absolutely homogeneous ({@code ||f v|| = f ||v|| <= f norm <= bound}). Proof: the quotient rounded to nearest
     * ({@code Double.MAX_VALUE} if it overflows) is moved down while its exact product with {@code norm} exceeds
     * {@code bound}; the loop ends (at the latest at 0, whose product 0 is at most {@code bound}), and the first
     * double it stops at is the largest one with the property, because the quotient rounded to nearest is at most
     * one step above the exact quotient.
     *
     * @param bound the radius, in [0, inf)
     * @param norm  an upper bound of the vector's norm, in (0, inf)
     * @throws IllegalArgumentException naming {@code bound} or {@code norm}, their range and value
     */
    public static double factorDown(double bound, double norm) {
        Checks.nonNegativeFinite("bound", bound);
        Checks.positiveFinite("norm", norm);
        double factor = Math.min(bound / norm, Double.MAX_VALUE);
        BigDecimal exactNorm = new BigDecimal(norm);
        BigDecimal exactBound = new BigDecimal(bound);
        while (new BigDecimal(factor).multiply(exactNorm).compareTo(exactBound) > 0) {
            factor = Math.nextDown(factor);
        }
        return factor;
    }

    /**
     * {@code value * factor} rounded toward zero: the double of the product's sign whose magnitude is the largest
     * double at most the exact {@code |value| factor} ({@code Double.MAX_VALUE} where that overflows). So each
     * coordinate of a scaled vector is at most {@code factor} times the original in magnitude, and the exact norm of
     * the scaled vector is at most {@code factor} times the original's (every L_p norm is monotone in the
     * coordinates' magnitudes). Proof: the magnitude rounded to nearest is within one step of the exact product and
     * is moved one step down when it exceeds it.
     *
     * @param value  the coordinate, finite
     * @param factor the factor, in [0, inf)
     * @throws IllegalArgumentException naming {@code value} or {@code factor}, their range and value
     */
    public static double scaleTowardZero(double value, double factor) {
        Checks.finite("value", value);
        Checks.nonNegativeFinite("factor", factor);
        double magnitude = Math.abs(value) * factor;
        if (magnitude == Double.POSITIVE_INFINITY) {
            magnitude = Double.MAX_VALUE;
        } else if (new BigDecimal(magnitude).compareTo(new BigDecimal(Math.abs(value)).multiply(
                new BigDecimal(factor))) > 0) {
            magnitude = Math.nextDown(magnitude);
        }
        return Math.copySign(magnitude, value);
    }

    /** The exact square of a finite double. */
    private static BigDecimal square(double value) {
        BigDecimal exact = new BigDecimal(value);
        return exact.multiply(exact);
    }
}
