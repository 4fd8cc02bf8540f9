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

    /**
     * An event declared by a third-party plugin, without editing core: its Renyi-DP curve and, where known,
     * its pure epsilon or an (epsilon, delta) statement. At least one of the three must be given. The
     * {@code rdp} accountant composes the curve; the basic accountants accept the pure or approximate form.
     *
     * @param name         a spec-string-like name, for example {@code "skellam(mu=40, sensitivity=1)"}
     * @param rdp          the curve alpha -> epsilon(alpha) for alpha > 1, if known; it must never understate
     * @param pureEpsilon  the pure epsilon, if the mechanism is pure DP
     * @param approximate  an (epsilon, delta) statement, if known
     */
    record DeclaredEvent(String name, java.util.Optional<PrivacyGuarantee.RenyiDp> rdp,
                         java.util.OptionalDouble pureEpsilon, java.util.Optional<ApproxEvent> approximate)
            implements PrivacyEvent {
        public DeclaredEvent {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("name must be a non-empty string");
            }
            java.util.Objects.requireNonNull(rdp, "rdp");
            java.util.Objects.requireNonNull(pureEpsilon, "pureEpsilon");
            java.util.Objects.requireNonNull(approximate, "approximate");
            if (rdp.isEmpty() && pureEpsilon.isEmpty() && approximate.isEmpty()) {
                throw new IllegalArgumentException(name + ": a declared event needs an RDP curve, a pure epsilon "
                        + "or an (epsilon, delta) statement");
            }
            if (pureEpsilon.isPresent()) {
                Checks.positiveFinite("pureEpsilon", pureEpsilon.getAsDouble());
            }
        }

        @Override
        public String describe() {
            return name;
        }
    }

    /**
     * A release whose noise carries no proven guarantee (a data-dependent scale, for example). The ledger
     * records it and reports the key as "no formal guarantee" (epsilon = infinity), never as a finite epsilon.
     *
     * @param reason why no guarantee can be stated
     */
    record NominalEvent(String reason) implements PrivacyEvent {
        public NominalEvent {
            java.util.Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String describe() {
            return "nominal(" + reason + ")";
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
