package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.validation.Checks;
import java.util.function.DoubleFunction;
import java.util.function.Supplier;

/**
 * Calibration: the least noise that keeps {@code count} releases of a mechanism within a target
 * (epsilon, delta) under a chosen accountant (as dp_accounting's {@code calibrate_dp_mechanism} and
 * Opacus' {@code get_noise_multiplier}). The search brackets the answer by doubling and halving, then
 * bisects; it only ever returns a parameter value whose composed epsilon was evaluated and found
 * {@code <= target}, so the result never overshoots the target (for any accountant, monotone or not).
 * The bisection stops at a relative bracket width of 1e-12.
 */
public final class Calibration {
    private static final double LIMIT = 1e15;
    private static final double RELATIVE_WIDTH = 1e-12;

    /** Which way the calibrated parameter moves privacy. */
    public enum Direction {
        /** A noise scale (sigma, Laplace b): larger is more private; the smallest admissible value is returned. */
        NOISE_SCALE,
        /** A privacy-loss parameter (epsilon of randomized response, rho): smaller is more private; the largest
         * admissible value is returned. */
        PRIVACY_LOSS
    }

    private Calibration() {
    }

    /**
     * The calibrated parameter value.
     *
     * @param accountant    creates a fresh accountant (for example {@code RdpAccountant::new})
     * @param event         the event for a parameter value (for example {@code sigma -> new GaussianEvent(sigma, 1)})
     * @param count         releases, at least 1
     * @param targetEpsilon in (0, inf)
     * @param delta         in [0, 1)
     * @param direction     whether the parameter is a noise scale or a privacy loss
     * @throws IllegalArgumentException if the inputs are out of range or no value in [1e-15, 1e15] meets the target
     */
    public static double calibrate(Supplier<Accountant> accountant, DoubleFunction<PrivacyEvent> event, long count,
                                   double targetEpsilon, double delta, Direction direction) {
        if (accountant == null || event == null || direction == null) {
            throw new IllegalArgumentException("accountant, event and direction must be non-null");
        }
        Checks.atLeast("count", count, 1);
        Checks.positiveFinite("epsilon", targetEpsilon);
        Checks.delta("delta", delta);
        Admissible admissible = value -> epsilonOf(accountant, event.apply(value), count, delta) <= targetEpsilon;
        return direction == Direction.NOISE_SCALE ? smallestAdmissible(admissible, targetEpsilon, delta)
                : largestAdmissible(admissible, targetEpsilon, delta);
    }

    @FunctionalInterface
    private interface Admissible {
        boolean test(double value);
    }

    /** Epsilon at {@code delta} of {@code count} releases of the event, composed in a fresh accountant. */
    public static double epsilonOf(Supplier<Accountant> accountant, PrivacyEvent event, long count, double delta) {
        Accountant fresh = accountant.get();
        fresh.compose(event, count);
        return fresh.epsilon(delta);
    }

    private static double smallestAdmissible(Admissible admissible, double target, double delta) {
        double high = 1.0;
        while (!admissible.test(high)) {
            high *= 2;
            if (high > LIMIT) {
                throw unreachable(target, delta);
            }
        }
        double low = high / 2;
        while (admissible.test(low)) {
            high = low;
            low /= 2;
            if (low < 1 / LIMIT) {
                return high;
            }
        }
        while (high - low > RELATIVE_WIDTH * high) {
            double middle = 0.5 * (low + high);
            if (admissible.test(middle)) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high;
    }

    private static double largestAdmissible(Admissible admissible, double target, double delta) {
        double low = 1.0;
        while (!admissible.test(low)) {
            low /= 2;
            if (low < 1 / LIMIT) {
                throw unreachable(target, delta);
            }
        }
        double high = low * 2;
        while (admissible.test(high)) {
            low = high;
            high *= 2;
            if (high > LIMIT) {
                return low;
            }
        }
        while (high - low > RELATIVE_WIDTH * high) {
            double middle = 0.5 * (low + high);
            if (admissible.test(middle)) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return low;
    }

    private static IllegalArgumentException unreachable(double target, double delta) {
        return new IllegalArgumentException("no parameter value in [1e-15, 1e15] reaches epsilon <= " + target
                + " at delta=" + delta + " with this accountant (for example delta must be in (0, 1) for Gaussian"
                + " noise)");
    }

    /** Smallest Gaussian sigma for {@code count} releases of L2 sensitivity {@code sensitivity}. */
    public static double gaussianSigma(Supplier<Accountant> accountant, double sensitivity, long count,
                                       double targetEpsilon, double delta) {
        Checks.positiveFinite("sensitivity", sensitivity);
        return calibrate(accountant, sigma -> new PrivacyEvent.GaussianEvent(sigma, sensitivity), count,
                targetEpsilon, delta, Direction.NOISE_SCALE);
    }

    /** Smallest noise multiplier of the Poisson-subsampled Gaussian at sampling rate q. */
    public static double subsampledGaussianSigma(Supplier<Accountant> accountant, double samplingRate, long count,
                                                 double targetEpsilon, double delta) {
        Checks.probability("q", samplingRate);
        return calibrate(accountant, sigma -> new PrivacyEvent.SubsampledGaussianEvent(sigma, samplingRate), count,
                targetEpsilon, delta, Direction.NOISE_SCALE);
    }

    /** Smallest Laplace scale b for {@code count} releases of L1 sensitivity {@code sensitivity}. */
    public static double laplaceScale(Supplier<Accountant> accountant, double sensitivity, long count,
                                      double targetEpsilon, double delta) {
        Checks.positiveFinite("sensitivity", sensitivity);
        return calibrate(accountant, b -> new PrivacyEvent.LaplaceEvent(b, sensitivity), count, targetEpsilon, delta,
                Direction.NOISE_SCALE);
    }
}
