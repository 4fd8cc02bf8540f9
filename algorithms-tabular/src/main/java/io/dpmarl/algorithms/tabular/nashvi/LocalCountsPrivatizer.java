package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.counters.NodeNoise;
import io.dpmarl.mechanisms.noise.Samplers;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;
import java.util.OptionalLong;

/**
 * The Local Privatizer of DP-Nash-VI (Qiao and Wang 2024, Section 5.2, eq. 5), plugin {@code nashvi-local-counts}:
 * the user side adds independent {@code Lap(b_L)} noise to every entry of its episode's indicator vector; the
 * agent only ever sees this report and sums the reports into {@code N^} (eq. 6).
 *
 * <p>Privacy: two users' vectors differ by at most {@code 4H} in L1 (see {@link CountsPrivatizer}), so one report
 * is {@code 4H / b_L}-DP: exactly epsilon-LDP for the rigorous {@code b_L = 4H/epsilon} (Lemma 5.4). Each report is
 * charged {@link StreamAccounting.PerRelease} {@code laplace(b = b_L, sensitivity = 4H)} to its own user's key.
 * Float safety: entries are rounded to the Laplace grid of {@link Samplers#laplaceGranularity} before the
 * grid-valued noise is added (Mironov 2012), which leaves the 0/1 indicators unchanged while {@code b_L < 2^39}
 * (from {@code 2^40} on they round to 0: the report is pure noise and the sensitivity only falls).
 *
 * <p>Refused when built, naming epsilon, horizon and calibration ({@link ScaleLimits}): a scale {@code b_L}
 * ({@code 4 H / epsilon}, or {@code 2 H / epsilon} for the paper-literal calibrations) above
 * {@link ScaleLimits#LAPLACE_MAX_SCALE} {@code = 2^1011} less one ulp, where a sample of the exact sampler can
 * overflow to infinity (so epsilon must be at least about {@code 4 H 2^-1011}, or {@code 2 H 2^-1011}). At the
 * other extreme (epsilon up to {@code Double.MAX_VALUE}) {@code b_L} is a normal double of at least about
 * {@code 2^-1022}, drawn exactly on a grid of at least {@code 2^-1061}, on which the 0/1 indicators lie, and the sum
 * of an indicator and its grid noise is a rounding of the exact noisy value (post-processing). What can break there
 * is the guarantee {@code 4 H / b_L} (rounded up, as the accountants charge it), refused when built if it overflows
 * to infinity: under the rigorous calibration it is epsilon up to the relative rounding error of {@code b_L} (at most
 * {@code 2^-53}, and upwards at epsilon {@code = Double.MAX_VALUE}, where {@code 4 H / epsilon} is
 * {@code H 2^-1022 (1 + 2^-53 + ...)}, above the midpoint to the next double), so it never exceeds
 * {@code Double.MAX_VALUE}; under the paper-literal ones it is
 * {@code 2 epsilon}, so epsilon from about {@code Double.MAX_VALUE / 2} on is refused.
 */
public final class LocalCountsPrivatizer extends LaplaceCountsPrivatizer {
    private final double scale;
    private final PrivacyEvent.LaplaceEvent event;
    private final StreamAccounting.PerRelease accounting;

    /**
     * A local privatizer at {@code epsilon} in (0, inf) for {@code horizon}-step episodes.
     *
     * @throws IllegalArgumentException naming the parameters if {@code b_L} is above the Laplace sampler's largest
     *                                  scale or the guarantee overflows (see the class comment)
     */
    public LocalCountsPrivatizer(double epsilon, int horizon, NoiseCalibration calibration) {
        super(epsilon, horizon, calibration);
        String given = ScaleLimits.given("epsilon", epsilon, "horizon", horizon, "calibration", calibration.label());
        this.scale = ScaleLimits.require(name(), "the Laplace scale b_L = " + calibration.localFormula(),
                calibration.localScale(horizon, epsilon), ScaleLimits.LAPLACE_MAX_SCALE,
                ScaleLimits.LAPLACE_LIMIT_TEXT, given);
        this.event = new PrivacyEvent.LaplaceEvent(scale, 4.0 * horizon);
        ScaleLimits.require(name(), "the guaranteed epsilon 4 H / b_L (b_L = " + calibration.localFormula() + ")",
                SafeRounding.epsilon(event), ScaleLimits.FINITE_MAX, ScaleLimits.FINITE_LIMIT_TEXT, given);
        this.accounting = new StreamAccounting.PerRelease(event); // immutable, shared by the per-user streams
    }

    @Override
    public String name() {
        return "nashvi-local-counts";
    }

    /** The per-entry Laplace scale b_L. */
    public double scale() {
        return scale;
    }

    @Override
    public PrivacyEvent.LaplaceEvent event() {
        return event;
    }

    @Override
    public StreamAccounting accounting(OptionalLong length) {
        return accounting;
    }

    @Override
    public double confidenceWidth(CountShape shape, int episodes, double beta) {
        double delta0 = ConfidenceWidth.delta0(shape, episodes, beta);
        return 4 * NodeNoise.sumOfLaplaceTail(Math.max(episodes - 1, 1), scale, delta0);
    }

    @Override
    public boolean releasesRunningTotals() {
        return false;
    }

    @Override
    public CountStream openStream(StreamRequest request) {
        return new CountStream(request, accounting(request.length()), horizon()) {
            @Override
            protected double[] noisy(double[] indicators, long round) {
                double grid = Samplers.laplaceGranularity(scale);
                double[] report = outputArray(indicators.length);
                for (int i = 0; i < indicators.length; i++) {
                    report[i] = Samplers.roundToGrid(indicators[i], grid) + Samplers.laplace(noise(), scale);
                }
                return report;
            }
        };
    }
}
