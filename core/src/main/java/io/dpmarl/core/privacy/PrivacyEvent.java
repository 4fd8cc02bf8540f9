package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;

/**
 * One private release, described by the mechanism that made it, which is what an {@link Accountant}
 * composes. Accountants declare which events they support ({@link Accountant#supports}); an event
 * known only by its guarantee is a {@link PureEvent}, {@link ApproxEvent} or {@link ZcdpEvent}.
 */
public sealed interface PrivacyEvent {

    /** A spec-string form, for example {@code "gaussian(sigma=2.0, sensitivity=1.0)"}. */
    String describe();

    /** A mechanism known to be epsilon-DP. */
    record PureEvent(double epsilon) implements PrivacyEvent {
        public PureEvent {
            Checks.positiveFinite("epsilon", epsilon);
        }

        @Override
        public String describe() {
            return "pure(epsilon=" + epsilon + ")";
        }
    }

    /** A mechanism known to be (epsilon, delta)-DP. */
    record ApproxEvent(double epsilon, double delta) implements PrivacyEvent {
        public ApproxEvent {
            Checks.nonNegativeFinite("epsilon", epsilon);
            Checks.delta("delta", delta);
        }

        @Override
        public String describe() {
            return "approx(epsilon=" + epsilon + ", delta=" + delta + ")";
        }
    }

    /** A mechanism known to be rho-zCDP (for example the discrete Gaussian). */
    record ZcdpEvent(double rho) implements PrivacyEvent {
        public ZcdpEvent {
            Checks.positiveFinite("rho", rho);
        }

        @Override
        public String describe() {
            return "zcdp(rho=" + rho + ")";
        }
    }

    /** Laplace noise of scale {@code scale} on a statistic of L1 sensitivity {@code sensitivity}. */
    record LaplaceEvent(double scale, double sensitivity) implements PrivacyEvent {
        public LaplaceEvent {
            Checks.positiveFinite("b", scale);
            Checks.positiveFinite("sensitivity", sensitivity);
        }

        /** The pure epsilon of one release: sensitivity / scale. */
        public double epsilon() {
            return sensitivity / scale;
        }

        @Override
        public String describe() {
            return "laplace(b=" + scale + ", sensitivity=" + sensitivity + ")";
        }
    }

    /** Gaussian noise of standard deviation {@code sigma} on a statistic of L2 sensitivity {@code sensitivity}. */
    record GaussianEvent(double sigma, double sensitivity) implements PrivacyEvent {
        public GaussianEvent {
            Checks.positiveFinite("sigma", sigma);
            Checks.positiveFinite("sensitivity", sensitivity);
        }

        /** The noise multiplier sigma / sensitivity. */
        public double noiseMultiplier() {
            return sigma / sensitivity;
        }

        @Override
        public String describe() {
            return "gaussian(sigma=" + sigma + ", sensitivity=" + sensitivity + ")";
        }
    }

    /**
     * The Poisson-subsampled Gaussian mechanism with sampling rate {@code q} and noise multiplier
     * {@code sigma} (sensitivity 1, add/remove-one relation), as in DP-SGD and the moments accountant.
     */
    record SubsampledGaussianEvent(double sigma, double samplingRate) implements PrivacyEvent {
        public SubsampledGaussianEvent {
            Checks.positiveFinite("sigma", sigma);
            Checks.probability("q", samplingRate);
        }

        @Override
        public String describe() {
            return "subsampled-gaussian(sigma=" + sigma + ", q=" + samplingRate + ")";
        }
    }

    /** k-ary randomized response at level epsilon (pure epsilon-DP). */
    record RandomizedResponseEvent(double epsilon, int categories) implements PrivacyEvent {
        public RandomizedResponseEvent {
            Checks.positiveFinite("epsilon", epsilon);
            Checks.atLeast("k", categories, 2);
        }

        @Override
        public String describe() {
            return "randomized-response(epsilon=" + epsilon + ", k=" + categories + ")";
        }
    }

    /** A release of a non-private baseline: it costs nothing only because it protects nothing. */
    record NonPrivateEvent() implements PrivacyEvent {
        @Override
        public String describe() {
            return "non-private";
        }
    }
}
