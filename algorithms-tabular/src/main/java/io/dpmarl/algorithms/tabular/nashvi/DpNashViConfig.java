package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.validation.Checks;

/**
 * The configuration of one DP-Nash-VI run (Algorithm 1 inputs and the constants of its bonus); the privatizer
 * (and with it epsilon and the noise calibration) is a separate {@link CountsPrivatizer}. Every result records
 * it ({@link #describe()}).
 *
 * @param episodes    K, at least 1 (must be known in advance: it enters iota, E and the counters)
 * @param beta        failure probability in (0, 1)
 * @param mode        theory (C1 = 2, C2 = 10, eScale = 1) or practical
 * @param c1          C1 > 0
 * @param c2          C2 > 0
 * @param eScale      multiplier of the theoretical E, in [0, inf) (1 in theory mode)
 * @param truncation  cap of Qup
 * @param objective   CCE objective
 */
public record DpNashViConfig(int episodes, double beta, ConstantMode mode, double c1, double c2, double eScale,
                             Truncation truncation, CceObjective objective) {
    public DpNashViConfig {
        Checks.atLeast("K", episodes, 1);
        Checks.openUnit("beta", beta);
        Checks.positiveFinite("C1", c1);
        Checks.positiveFinite("C2", c2);
        Checks.nonNegativeFinite("eScale", eScale);
    }

    /** Theory mode: C1 = 2, C2 = 10, eScale = 1, truncation H, MIN_GAP. */
    public static DpNashViConfig theory(int episodes, double beta) {
        return new DpNashViConfig(episodes, beta, ConstantMode.THEORY, 2.0, 10.0, 1.0, Truncation.H,
                CceObjective.MIN_GAP);
    }

    /** Practical mode: C1 = C2 = bonusScale, E scaled by eScale, the given truncation, MIN_GAP. */
    public static DpNashViConfig practical(int episodes, double beta, double bonusScale, double eScale,
                                           Truncation truncation) {
        return new DpNashViConfig(episodes, beta, ConstantMode.PRACTICAL, bonusScale, bonusScale, eScale, truncation,
                CceObjective.MIN_GAP);
    }

    /** {@code iota = ln(30 H S A B K / beta)} (Appendix B.1). */
    public double iota(CountShape shape) {
        return Math.log(30.0 * shape.horizon() * shape.numStates() * shape.numActionsMax() * shape.numActionsMin()
                * episodes / beta);
    }

    /** The width E used: the privatizer's explicit E times eScale (0 for non-private). */
    public double width(CountsPrivatizer privatizer, CountShape shape) {
        return eScale * privatizer.confidenceWidth(shape, episodes, beta);
    }

    /** A one-line record of every constant. */
    public String describe() {
        return "beta=" + beta + ", K=" + episodes + ", mode=" + mode + ", C1=" + c1 + ", C2=" + c2 + ", eScale="
                + eScale + ", truncation=" + truncation + ", cce=" + objective;
    }
}
