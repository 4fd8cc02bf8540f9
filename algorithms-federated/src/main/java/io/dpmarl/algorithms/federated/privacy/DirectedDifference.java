package io.dpmarl.algorithms.federated.privacy;

/**
 * Differences of doubles rounded in a chosen direction, for the directed rounding of {@link WholeRunSensitivity}
 * and {@link FederatedTdSensitivity} (1 - gamma lambda rounded down; the growth of an upper-bound prefix rounded
 * up). The rounding error of a rounded sum is exact by Knuth's two-sum (The Art of Computer Programming, vol. 2,
 * Sec. 4.2.2), for any signs, and an addition cannot underflow; its sign says on which side the exact value lies.
 */
final class DirectedDifference {
    private DirectedDifference() {
    }

    /**
     * The smallest double at least the exact {@code minuend - subtrahend}, for finite doubles (of any signs): the
     * difference rounded to nearest, moved up one step when its rounding error (exact by
     * Knuth's two-sum, which holds for any signs and cannot underflow) is positive, i.e. when it was rounded down.
     */
    static double subtractUp(double minuend, double subtrahend) {
        double difference = minuend - subtrahend;
        return twoSumError(minuend, -subtrahend, difference) > 0 ? Math.nextUp(difference) : difference;
    }

    /** The largest double at most the exact {@code minuend - subtrahend} (as {@link #subtractUp}, rounded down). */
    static double subtractDown(double minuend, double subtrahend) {
        double difference = minuend - subtrahend;
        return twoSumError(minuend, -subtrahend, difference) < 0 ? Math.nextDown(difference) : difference;
    }

    /** The exact {@code a + b - sum} for the rounded {@code sum = a + b} (Knuth's two-sum; no overflow). */
    private static double twoSumError(double a, double b, double sum) {
        double bPart = sum - a;
        return (a - (sum - bPart)) + (b - bPart);
    }
}
