package io.dpmarl.core.validation;

/**
 * Argument checks shared by every module, so that a bad parameter produces the same kind of message
 * everywhere: it names the parameter, the accepted range and the value received, for example
 * {@code "epsilon must be in (0, inf), got 0.0"}. Every check throws {@link IllegalArgumentException}.
 */
public final class Checks {
    private Checks() {
    }

    /** Requires {@code 0 < value < inf} (a privacy budget, a scale, a standard deviation). */
    public static double positiveFinite(String parameter, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(parameter + " must be in (0, inf), got " + value);
        }
        return value;
    }

    /** Requires {@code 0 < value <= inf}; infinity means "no privacy" where an API allows it. */
    public static double positiveOrInfinite(String parameter, double value) {
        if (!(value > 0)) {
            throw new IllegalArgumentException(parameter + " must be in (0, inf], got " + value);
        }
        return value;
    }

    /** Requires {@code 0 <= value < inf}. */
    public static double nonNegativeFinite(String parameter, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(parameter + " must be in [0, inf), got " + value);
        }
        return value;
    }

    /** Requires a delta of approximate DP: {@code 0 <= delta < 1}. */
    public static double delta(String parameter, double value) {
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException(parameter + " must be in [0, 1), got " + value);
        }
        return value;
    }

    /** Requires {@code 0 < value < 1} (a delta of a Gaussian mechanism, a confidence level beta). */
    public static double openUnit(String parameter, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(parameter + " must be in (0, 1), got " + value);
        }
        return value;
    }

    /** Requires a probability: {@code 0 <= value <= 1}. */
    public static double probability(String parameter, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(parameter + " must be in [0, 1], got " + value);
        }
        return value;
    }

    /** Requires {@code value >= minimum}. */
    public static int atLeast(String parameter, int value, int minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(parameter + " must be in [" + minimum + ", inf), got " + value);
        }
        return value;
    }

    /** Requires {@code value >= minimum}. */
    public static long atLeast(String parameter, long value, long minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(parameter + " must be in [" + minimum + ", inf), got " + value);
        }
        return value;
    }

    /** Requires a finite value (not NaN, not infinite). */
    public static double finite(String parameter, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(parameter + " must be a finite number, got " + value);
        }
        return value;
    }
}
