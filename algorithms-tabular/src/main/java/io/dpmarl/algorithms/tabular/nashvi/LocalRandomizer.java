package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;

/**
 * The user side of DP-Nash-VI's Local Privatizer (Qiao and Wang 2024, Section 5.2, eq. 5): adds
 * independent {@code Lap(b_L)} noise to every entry of the episode's two indicator vectors. Two
 * trajectories differ by at most {@code 2H} in L1 per family, so one report is {@code 2 * 2H / b_L}-LDP:
 * exactly epsilon for {@code b_L = 4H/epsilon} (rigorous), {@code 2 epsilon} for the paper's
 * {@code 2H/epsilon} ([FLAW], spec 001 Section 8 item 6).
 *
 * <p>Float safety: each entry is rounded to the Laplace grid {@link Samplers#laplaceGranularity} before the
 * grid-valued noise is added, so every sum is exact and the set of possible reports does not depend on the data
 * (Mironov 2012). The indicator counts are integers and the grid is at most 1 while {@code b_L < 2^39}, so the
 * rounding leaves them unchanged and the guarantee above is exact.
 */
public final class LocalRandomizer {
    private final CountShape shape;
    private final double scale;

    /** A randomizer with per-entry Laplace scale {@code b_L >= 0} (0 only for tests of the counting logic). */
    public LocalRandomizer(CountShape shape, double scale) {
        this.shape = shape;
        this.scale = Checks.nonNegativeFinite("b", scale);
    }

    /** The noisy report of one episode. */
    public NoisyReport report(EpisodeIndicators indicators, NoiseSource noise) {
        double[] pairs = new double[shape.pairCount()];
        double[] transitions = new double[shape.transitionCount()];
        indicators.addTo(pairs, transitions, shape.numStates());
        if (scale > 0) {
            double grid = Samplers.laplaceGranularity(scale);
            for (int i = 0; i < pairs.length; i++) {
                pairs[i] = Samplers.roundToGrid(pairs[i], grid) + Samplers.laplace(noise, scale);
            }
            for (int i = 0; i < transitions.length; i++) {
                transitions[i] = Samplers.roundToGrid(transitions[i], grid) + Samplers.laplace(noise, scale);
            }
        }
        return new NoisyReport(pairs, transitions);
    }

    /** The per-entry scale b_L. */
    public double scale() {
        return scale;
    }
}
