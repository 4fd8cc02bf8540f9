package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.validation.Checks;

/**
 * The configuration of one DP-Nash-VI run (Algorithm 1 inputs and spec 001 Section 2.8 constants). Every
 * result records it ({@link #describe()}).
 *
 * @param episodes    K, at least 1 (must be known in advance: it enters iota, E and the counters)
 * @param epsilon     privacy budget in (0, inf); ignored (reported as inf) by the non-private privatizer
 * @param beta        failure probability in (0, 1)
 * @param privatizer  non-private, central or local
 * @param calibration noise calibration (rigorous by default; paper-literal variants for comparison)
 * @param mode        theory (C1 = 2, C2 = 10, eScale = 1) or practical
 * @param c1          C1 > 0
 * @param c2          C2 > 0
 * @param eScale      multiplier of the theoretical E, in [0, inf) (1 in theory mode)
 * @param truncation  cap of Qup
 * @param objective   CCE objective
 */
public record DpNashViConfig(int episodes, double epsilon, double beta, PrivatizerKind privatizer,
                             NoiseCalibration calibration, ConstantMode mode, double c1, double c2, double eScale,
                             Truncation truncation, CceObjective objective) {
    public DpNashViConfig {
        Checks.atLeast("K", episodes, 1);
        if (privatizer == PrivatizerKind.NON_PRIVATE) {
            Checks.positiveOrInfinite("epsilon", epsilon);
        } else {
            Checks.positiveFinite("epsilon", epsilon);
        }
        Checks.openUnit("beta", beta);
        Checks.positiveFinite("C1", c1);
        Checks.positiveFinite("C2", c2);
        Checks.nonNegativeFinite("eScale", eScale);
    }

    /** Theory mode: C1 = 2, C2 = 10, eScale = 1, truncation H, MIN_GAP. */
    public static DpNashViConfig theory(int episodes, double epsilon, double beta, PrivatizerKind privatizer) {
        return new DpNashViConfig(episodes, epsilon, beta, privatizer, NoiseCalibration.RIGOROUS, ConstantMode.THEORY,
                2.0, 10.0, 1.0, Truncation.H, CceObjective.MIN_GAP);
    }

    /** Practical mode: C1 = C2 = bonusScale, E scaled by eScale, the given truncation, MIN_GAP. */
    public static DpNashViConfig practical(int episodes, double epsilon, double beta, PrivatizerKind privatizer,
                                           double bonusScale, double eScale, Truncation truncation) {
        return new DpNashViConfig(episodes, epsilon, beta, privatizer, NoiseCalibration.RIGOROUS,
                ConstantMode.PRACTICAL, bonusScale, bonusScale, eScale, truncation, CceObjective.MIN_GAP);
    }

    /** This configuration with another calibration. */
    public DpNashViConfig withCalibration(NoiseCalibration other) {
        return new DpNashViConfig(episodes, epsilon, beta, privatizer, other, mode, c1, c2, eScale, truncation,
                objective);
    }

    /** {@code iota = ln(30 H S A B K / beta)} (Appendix B.1; spec 001 Section 8 item 1). */
    public double iota(CountShape shape) {
        return Math.log(30.0 * shape.horizon() * shape.numStates() * shape.numActionsMax() * shape.numActionsMin()
                * episodes / beta);
    }

    /** The width E used: the explicit E of spec 3.4 times eScale (0 for non-private). */
    public double width(CountShape shape) {
        return eScale * ConfidenceWidth.of(privatizer, calibration, shape, episodes, beta, epsilon);
    }

    /** A one-line record of every constant. */
    public String describe() {
        return "privatizer=" + privatizer.label() + ", epsilon="
                + (privatizer == PrivatizerKind.NON_PRIVATE ? "inf" : epsilon) + ", beta=" + beta + ", K=" + episodes
                + ", calibration=" + calibration + ", mode=" + mode + ", C1=" + c1 + ", C2=" + c2 + ", eScale=" + eScale
                + ", truncation=" + truncation + ", cce=" + objective;
    }
}
