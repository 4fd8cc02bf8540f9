package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.validation.Checks;

/**
 * The bonus radius {@code beta_{k,h}} of MA-LDP's optimistic Q ("Local differential privacy preserving mechanisms
 * for multi-agent reinforcement learning", Theorems 2, 4, 6, 8 and App. C eqs. 19, 23), episodes {@code k >= 1},
 * stages {@code h = 1..H}. The absolute constants are never given by the paper: {@code c} is a parameter.
 */
public sealed interface BonusSchedule {

    /** {@code beta_{k,h}}. */
    double beta(int episode, int stage);

    /**
     * The per-theorem form. Gaussian (Thm 2): {@code c (nd)^{3/4} (H-h+1)^{3/2} k^{1/4} ln(ndT/alpha)
     * (ln((H-h+1)/delta))^{1/4} sqrt(1/epsilon)}; Laplace (Thm 4) without the delta factor; uniform (Thm 6)
     * without {@code sqrt(1/epsilon)}; bounded Laplace (eq. 23) {@code c (nd)^{3/4} zeta^{1/4} k^{1/4} ln(ndT/alpha)}
     * with {@code zeta = noiseStd^2}, the variance of the noise released. Thm 2 prints the delta factor as
     * {@code ((log(H-h+1)/delta))^{1/4}} and Thm 6 as {@code (log(H-h+1/delta))^{1/4}}, both read as
     * {@code (ln((H-h+1)/delta))^{1/4}}; Thm 8's printed bounded-Laplace radius ({@code (H-h+1)^{3/2}
     * sqrt(1/epsilon)}, no zeta) contradicts eq. 19 and its own zeta-dependent regret, so eq. 23 is used.
     */
    record Theorem(Mechanism mechanism, double c, int nd, int horizon, long steps, double failProb, double epsilon,
                   double delta, double noiseStd) implements BonusSchedule {
        public Theorem {
            if (mechanism == Mechanism.NONE) {
                throw new IllegalArgumentException("the theorem bonus needs a private mechanism, got none");
            }
            Checks.positiveFinite("bonus-scale", c);
            Checks.openUnit("fail-prob", failProb);
        }

        @Override
        public double beta(int episode, int stage) {
            double logTerm = Math.log(nd * (double) steps / failProb);
            double common = c * Math.pow(nd, 0.75) * Math.pow(episode, 0.25) * logTerm;
            double remaining = horizon - stage + 1.0;
            return switch (mechanism) {
                case GAUSSIAN -> common * Math.pow(remaining, 1.5) * Math.pow(Math.log(remaining / delta), 0.25)
                        * Math.sqrt(1 / epsilon);
                case LAPLACE -> common * Math.pow(remaining, 1.5) * Math.sqrt(1 / epsilon);
                case UNIFORM -> common * Math.pow(remaining, 1.5) * Math.pow(Math.log(remaining / delta), 0.25);
                default -> common * Math.pow(noiseStd * noiseStd, 0.25);
            };
        }
    }

    /**
     * Theorem 8's bounded-Laplace radius as printed, the paper-literal option ({@code bonus=theorem-8-literal}):
     * {@code c (nd)^{3/4} (H-h+1)^{3/2} k^{1/4} ln(ndT/alpha) sqrt(1/epsilon)}, Theorem 4's Laplace form with no
     * zeta. It contradicts App. C eq. 19 and Theorem 8's own zeta-dependent regret, so {@link Theorem} uses eq. 23 for
     * bounded Laplace by default; this form is offered only to run the theorem as printed.
     */
    record Theorem8Literal(double c, int nd, int horizon, long steps, double failProb, double epsilon)
            implements BonusSchedule {
        public Theorem8Literal {
            Checks.positiveFinite("bonus-scale", c);
            Checks.openUnit("fail-prob", failProb);
            Checks.positiveFinite("epsilon", epsilon);
        }

        @Override
        public double beta(int episode, int stage) {
            double remaining = horizon - stage + 1.0;
            return c * Math.pow(nd, 0.75) * Math.pow(remaining, 1.5) * Math.pow(episode, 0.25)
                    * Math.log(nd * (double) steps / failProb) * Math.sqrt(1 / epsilon);
        }
    }

    /** The generic form (App. C eq. 19): {@code c (nd)^{3/4} sqrt(s_noise) k^{1/4} ln(ndT/alpha)}. */
    record GenericEq19(double c, int nd, long steps, double failProb, double noiseStd) implements BonusSchedule {
        public GenericEq19 {
            Checks.positiveFinite("bonus-scale", c);
            Checks.openUnit("fail-prob", failProb);
        }

        @Override
        public double beta(int episode, int stage) {
            return c * Math.pow(nd, 0.75) * Math.sqrt(noiseStd) * Math.pow(episode, 0.25)
                    * Math.log(nd * (double) steps / failProb);
        }
    }

    /**
     * The non-private UCRL-VTR radius (not in the paper):
     * {@code c (H-h+1) sqrt(D ln(1 + k H^2 / (D lambda)) + ln(1/alpha))}.
     */
    record NonPrivate(double c, int dimension, int horizon, double ridge, double failProb) implements BonusSchedule {
        public NonPrivate {
            Checks.nonNegativeFinite("bonus-scale", c);
            Checks.openUnit("fail-prob", failProb);
            Checks.positiveFinite("ridge", ridge);
        }

        @Override
        public double beta(int episode, int stage) {
            double remaining = horizon - stage + 1.0;
            return c * remaining * Math.sqrt(dimension * Math.log(1 + episode * (double) horizon * horizon
                    / (dimension * ridge)) + Math.log(1 / failProb));
        }
    }
}
