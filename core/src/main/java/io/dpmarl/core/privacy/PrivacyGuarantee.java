package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;
import java.util.function.DoubleUnaryOperator;

/**
 * The privacy guarantee of one release or of a whole run, in one of the four standard measures.
 *
 * <ul>
 *   <li>{@link PureDp}: epsilon-DP.</li>
 *   <li>{@link ApproxDp}: (epsilon, delta)-DP.</li>
 *   <li>{@link Zcdp}: rho-zero-concentrated DP (Bun-Steinke 2016).</li>
 *   <li>{@link RenyiDp}: a Renyi-DP curve alpha -> epsilon(alpha) (Mironov 2017).</li>
 *   <li>{@link NonPrivate}: no guarantee (epsilon = infinity); a baseline, never a release of real data.</li>
 * </ul>
 * Each guarantee is stated with respect to a {@link Neighbouring} relation held by whoever reports it.
 */
public sealed interface PrivacyGuarantee {

    /** A short human-readable form, for example {@code "(1.0, 1.0E-5)-DP"}. */
    String describe();

    /** Pure epsilon-DP. */
    record PureDp(double epsilon) implements PrivacyGuarantee {
        public PureDp {
            Checks.positiveFinite("epsilon", epsilon);
        }

        @Override
        public String describe() {
            return epsilon + "-DP";
        }
    }

    /** (epsilon, delta)-DP; epsilon may be 0 (a mechanism that fails with probability delta, such as uniform noise). */
    record ApproxDp(double epsilon, double delta) implements PrivacyGuarantee {
        public ApproxDp {
            Checks.nonNegativeFinite("epsilon", epsilon);
            Checks.delta("delta", delta);
        }

        @Override
        public String describe() {
            return "(" + epsilon + ", " + delta + ")-DP";
        }
    }

    /** rho-zCDP. */
    record Zcdp(double rho) implements PrivacyGuarantee {
        public Zcdp {
            Checks.positiveFinite("rho", rho);
        }

        @Override
        public String describe() {
            return rho + "-zCDP";
        }
    }

    /** A Renyi-DP curve: {@code epsilon(alpha)} for every order alpha > 1. */
    record RenyiDp(DoubleUnaryOperator curve, String label) implements PrivacyGuarantee {
        @Override
        public String describe() {
            return "RDP(" + label + ")";
        }
    }

    /** No privacy: the non-private baseline (epsilon = infinity). */
    record NonPrivate() implements PrivacyGuarantee {
        @Override
        public String describe() {
            return "non-private (epsilon = inf)";
        }
    }
}
