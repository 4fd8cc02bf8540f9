package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.mechanisms.counters.NodeNoise;
import io.dpmarl.mechanisms.noise.Samplers;
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
 * grid-valued noise is added (Mironov 2012), which leaves the 0/1 indicators unchanged while {@code b_L < 2^39}.
 */
public final class LocalCountsPrivatizer extends LaplaceCountsPrivatizer {
    private final double scale;
    private final PrivacyEvent.LaplaceEvent event;
    private final StreamAccounting.PerRelease accounting;

    /** A local privatizer at {@code epsilon} in (0, inf) for {@code horizon}-step episodes. */
    public LocalCountsPrivatizer(double epsilon, int horizon, NoiseCalibration calibration) {
        super(epsilon, horizon, calibration);
        this.scale = calibration.localScale(horizon, epsilon);
        this.event = new PrivacyEvent.LaplaceEvent(scale, 4.0 * horizon);
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
