package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Optional;

/**
 * The noise calibrations of MA-LDP (Trivedi and Hemachandra, "Local differential privacy
 * preserving mechanisms for multi-agent reinforcement learning", Sections 5-6 and Appendix D) for one release of an
 * agent's statistic ({@code Delta Lambda} matrix or {@code Delta u} vector) in an episode of horizon {@code H}, with
 * {@code nd} = number of agents times feature dimension. Each user's episode enters {@code 2H} releases per agent, so
 * each release targets {@code (epsilon / (2H), delta / (2H))}.
 *
 * <ul>
 *   <li>{@link #PAPER_LITERAL}: the paper's formulas. Gaussian {@code sigma = 4H^3 sqrt(2 ln(2.5H/delta)) / epsilon}
 *       (Thm 1), Laplace and bounded Laplace {@code b = 4H^3 sqrt(nd) / epsilon} (Thms 3, 7, bound {@code B = b}),
 *       uniform {@code a = 4H^3 sqrt(ln(2H/delta))} (Thm 5; the App. D.3 variant without the square root as
 *       {@code uniform-formula=no-sqrt}). The claimed guarantee is the paper's; the computed guarantee is what
 *       the calibration actually gives at the correct sensitivity (the paper's statements are wrong here: the
 *       upper-triangle L1 sensitivity of the matrix is {@code (nd + 1) H^2}, not {@code 2 sqrt(nd) H^2}; the uniform
 *       mechanism gives {@code delta_r = Delta_1 / (2a)}; bounded Laplace is not pure DP).</li>
 *   <li>{@link #SOUND}: noise calibrated from the correct sensitivity so that the computed guarantee meets the
 *       per-release target: analytic Gaussian (Balle-Wang) for {@code (epsilon_r, delta_r)},
 *       {@code b = Delta_1 / epsilon_r}, {@code a = Delta_1 / (2 delta_r)} and a bounded-Laplace bound with
 *       non-overlap mass {@code delta_r}.</li>
 * </ul>
 * Sensitivities (MA-LDP Appendix D, corrected for the matrix): {@code Delta_2 = 2 H^2}; {@code Delta_1 = 2 sqrt(nd)
 * H^2} for the vector, {@code (nd + 1) H^2} for the matrix's upper triangle. The paper-literal calibration also assumes
 * {@code ||phi_V|| <= H}, which the paper's own experiment violates (its
 * network MDP reaches ||phi_V|| of about 3.2 H); that is the
 * learner's business (clipping), not the noise's.
 *
 * <p>Float safety (both calibrations): the guarantees hold at the effective sensitivity {@code Delta + m r} (L1) or
 * {@code Delta + sqrt(m) r} (L2) of the grid-rounded release with at most {@code m = max-coordinates} coordinates
 * ({@link FloatSafeSensitivity}). SOUND calibrates the noise for it; PAPER_LITERAL keeps the paper's noise and
 * computes its guarantee at it.
 */
public enum MaLdpCalibration {
    /** The paper's printed formulas, with its claimed guarantee kept alongside the computed one. */
    PAPER_LITERAL,
    /** Calibrated from the correct sensitivity; the computed guarantee meets the per-release target. */
    SOUND;

    /** Which MA-LDP noise. */
    public enum Mechanism { GAUSSIAN, LAPLACE, UNIFORM, BOUNDED_LAPLACE }

    /** Which statistic one release perturbs. */
    public enum Release { VECTOR, MATRIX }

    /**
     * The MA-LDP setting.
     *
     * @param epsilon per-user budget of one agent, in (0, inf)
     * @param delta   per-user delta of one agent, in (0, 1)
     * @param horizon H >= 1
     * @param nd      agents times feature dimension, >= 1
     */
    public record Setting(double epsilon, double delta, int horizon, int nd) {
        public Setting {
            Checks.positiveFinite("epsilon", epsilon);
            Checks.openUnit("delta", delta);
            Checks.atLeast("horizon", horizon, 1);
            Checks.atLeast("nd", nd, 1);
        }

        /** Per-release epsilon {@code epsilon / (2H)}. */
        public double releaseEpsilon() {
            return epsilon / (2.0 * horizon);
        }

        /** Per-release delta {@code delta / (2H)}. */
        public double releaseDelta() {
            return delta / (2.0 * horizon);
        }

        /** {@code Delta_2 = 2 H^2}. */
        public double l2Sensitivity() {
            return 2.0 * horizon * horizon;
        }

        /** The paper's {@code Delta_1 = 2 sqrt(nd) H^2} (both releases). */
        public double paperL1Sensitivity() {
            return 2 * Math.sqrt(nd) * horizon * horizon;
        }

        /** The correct L1 sensitivity of a release: paper's for the vector, {@code (nd + 1) H^2} for the matrix. */
        public double l1Sensitivity(Release release) {
            return release == Release.VECTOR ? paperL1Sensitivity() : (nd + 1.0) * horizon * horizon;
        }

        private double h3() {
            return 4.0 * horizon * horizon * horizon;
        }
    }

    /** The paper's Gaussian {@code sigma = 4H^3 sqrt(2 ln(2.5H/delta)) / epsilon}. */
    public static double paperSigma(Setting setting) {
        return setting.h3() * Math.sqrt(2 * Math.log(2.5 * setting.horizon() / setting.delta())) / setting.epsilon();
    }

    /** The paper's Laplace scale {@code b = 4H^3 sqrt(nd) / epsilon}. */
    public static double paperLaplaceScale(Setting setting) {
        return setting.h3() * Math.sqrt(setting.nd()) / setting.epsilon();
    }

    /** The paper's uniform half-width {@code 4H^3 sqrt(ln(2H/delta))}, or without the root (App. D.3). */
    public static double paperUniformHalfWidth(Setting setting, boolean squareRoot) {
        double logarithm = Math.log(2.0 * setting.horizon() / setting.delta());
        return setting.h3() * (squareRoot ? Math.sqrt(logarithm) : logarithm);
    }

    /**
     * The privatizer of one release under this calibration.
     *
     * @param uniformSquareRoot for the paper-literal uniform: the Thm 5 form (true) or App. D.3 (false)
     */
    public AdditiveNoisePrivatizer privatizer(Mechanism mechanism, Release release, Setting setting,
                                              boolean uniformSquareRoot, Neighbouring neighbouring) {
        return privatizer(mechanism, release, setting, uniformSquareRoot, FloatSafeSensitivity.DEFAULT_MAX_COORDINATES,
                neighbouring);
    }

    /**
     * The privatizer of one release under this calibration, for at most {@code maxCoordinates} perturbed
     * coordinates per release.
     *
     * @param uniformSquareRoot for the paper-literal uniform: the Thm 5 form (true) or App. D.3 (false)
     */
    public AdditiveNoisePrivatizer privatizer(Mechanism mechanism, Release release, Setting setting,
                                              boolean uniformSquareRoot, int maxCoordinates,
                                              Neighbouring neighbouring) {
        Checks.atLeast("max-coordinates", maxCoordinates, 1);
        double releaseEpsilon = setting.releaseEpsilon();
        double releaseDelta = setting.releaseDelta();
        double l1 = setting.l1Sensitivity(release);
        String name = "ma-ldp";
        switch (mechanism) {
            case GAUSSIAN -> {
                double l2 = setting.l2Sensitivity();
                double effective;
                double sigma;
                if (this == PAPER_LITERAL) {
                    sigma = paperSigma(setting);
                    effective = FloatSafeSensitivity.effective(Sensitivity.Norm.L2, l2, maxCoordinates,
                            Samplers.gaussianGranularity(sigma));
                } else {
                    effective = FloatSafeSensitivity.calibrate(Sensitivity.Norm.L2, l2, maxCoordinates,
                            candidate -> Samplers.gaussianGranularity(
                                    GaussianCalibration.analytic(releaseEpsilon, releaseDelta, candidate)));
                    sigma = GaussianCalibration.analytic(releaseEpsilon, releaseDelta, effective);
                }
                PrivacyGuarantee claim = new PrivacyGuarantee.ApproxDp(releaseEpsilon, releaseDelta);
                double computedDelta = GaussianCalibration.exactDelta(sigma, releaseEpsilon, effective);
                PrivacyGuarantee computed = this == SOUND ? claim
                        : new PrivacyGuarantee.ApproxDp(releaseEpsilon, computedDelta);
                return new AdditiveNoisePrivatizer(name, NoiseDistribution.gaussian(sigma), computed,
                        differing(claim, computed), new PrivacyEvent.GaussianEvent(sigma, effective),
                        Sensitivity.l2(l2),
                        neighbouring, maxCoordinates);
            }
            case LAPLACE -> {
                double scale = this == PAPER_LITERAL ? paperLaplaceScale(setting)
                        : SafeRounding.divideUp(soundLaplaceSensitivity(l1, releaseEpsilon, maxCoordinates),
                                releaseEpsilon);
                double effective = FloatSafeSensitivity.effective(Sensitivity.Norm.L1, l1, maxCoordinates,
                        Samplers.laplaceGranularity(scale));
                PrivacyGuarantee computed = new PrivacyGuarantee.PureDp(SafeRounding.divideUp(effective, scale));
                PrivacyGuarantee claim = new PrivacyGuarantee.PureDp(releaseEpsilon);
                return new AdditiveNoisePrivatizer(name, NoiseDistribution.laplace(scale), computed,
                        this == PAPER_LITERAL ? differing(claim, computed) : Optional.empty(),
                        new PrivacyEvent.LaplaceEvent(scale, effective), Sensitivity.l1(l1), neighbouring,
                        maxCoordinates);
            }
            case UNIFORM -> {
                double halfWidth = this == PAPER_LITERAL ? paperUniformHalfWidth(setting, uniformSquareRoot)
                        : UniformCalibration.floatSafeHalfWidthFor(releaseDelta, l1, maxCoordinates);
                Optional<PrivacyGuarantee> claim = this == PAPER_LITERAL
                        ? Optional.of(UniformPrivatizerProvider.zeroEpsilon(releaseDelta)) : Optional.empty();
                return UniformPrivatizerProvider.create(name, halfWidth, l1, maxCoordinates, claim, neighbouring);
            }
            default -> {
                double soundSensitivity = soundLaplaceSensitivity(l1, releaseEpsilon, maxCoordinates);
                double scale = this == PAPER_LITERAL ? paperLaplaceScale(setting)
                        : SafeRounding.divideUp(soundSensitivity, releaseEpsilon);
                double bound = this == PAPER_LITERAL ? scale
                        : BoundedLaplaceCalibration.boundFor(scale, soundSensitivity, releaseDelta);
                Optional<PrivacyGuarantee> claim = this == PAPER_LITERAL
                        ? Optional.of(new PrivacyGuarantee.PureDp(releaseEpsilon)) : Optional.empty();
                return BoundedLaplacePrivatizerProvider.create(name, scale, bound, l1, maxCoordinates, claim,
                        neighbouring);
            }
        }
    }

    /** The effective L1 sensitivity the sound Laplace noise {@code b = Delta' / epsilon_r} is calibrated for. */
    private static double soundLaplaceSensitivity(double l1, double releaseEpsilon, int maxCoordinates) {
        return FloatSafeSensitivity.calibrate(Sensitivity.Norm.L1, l1, maxCoordinates,
                candidate -> Samplers.laplaceGranularity(SafeRounding.divideUp(candidate, releaseEpsilon)));
    }

    private static Optional<PrivacyGuarantee> differing(PrivacyGuarantee claim, PrivacyGuarantee computed) {
        return claim.equals(computed) ? Optional.empty() : Optional.of(claim);
    }
}
