package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.mechanisms.counters.BinaryTreeCounter;
import io.dpmarl.mechanisms.counters.BinaryTreeCounterBank;
import io.dpmarl.mechanisms.counters.NodeNoise;
import java.util.OptionalLong;

/**
 * The Central Privatizer of DP-Nash-VI (Qiao and Wang 2024, Section 5.1), plugin {@code nashvi-central-counts}:
 * one K-bounded binary-tree counter per count stream ({@code HSAB} streams of {@code (h,s,a,b)} and {@code HSABS}
 * of {@code (h,s,a,b,s')}), all stepped every episode with zero items included; each release is the vector of
 * running totals {@code N^} (the learner post-processes it with eqs. 8-9).
 *
 * <p>Privacy: one user changes at most {@code 4H} items over the streams (see {@link CountsPrivatizer}), each in
 * at most {@code L = floor(log2 K) + 1} released nodes, so the nodes move by at most {@code 4HL} in L1 and Laplace
 * node noise of scale {@code b_C} is {@code 4HL / b_C}-DP for the whole stream: exactly epsilon-DP for the
 * rigorous {@code b_C = 4HL/epsilon}, hence epsilon-JDP for DP-Nash-VI (billboard lemma, Lemma 5.1). The stream
 * is {@link StreamAccounting.UpFront}: it charges {@code laplace(b = b_C, sensitivity = 4HL)} once when it opens
 * and refuses release K + 1. The paper-literal calibrations are kept for comparison (see
 * {@link NoiseCalibration}); their computed guarantee differs from the claimed epsilon.
 */
public final class CentralCountsPrivatizer extends LaplaceCountsPrivatizer {

    /** A central privatizer at {@code epsilon} in (0, inf) for {@code horizon}-step episodes. */
    public CentralCountsPrivatizer(double epsilon, int horizon, NoiseCalibration calibration) {
        super(epsilon, horizon, calibration);
    }

    @Override
    public String name() {
        return "nashvi-central-counts";
    }

    /** The node scale {@code b_C} for a stream of K releases. */
    public double nodeScale(long episodes) {
        return calibration().centralScale(horizon(), Math.toIntExact(episodes), epsilon());
    }

    /** The whole-stream event for K releases: Laplace of scale b_C on the nodes, L1 sensitivity 4HL. */
    private PrivacyEvent.LaplaceEvent streamEvent(long episodes) {
        int levels = BinaryTreeCounter.levels(Math.toIntExact(episodes));
        return new PrivacyEvent.LaplaceEvent(nodeScale(episodes), 4.0 * horizon() * levels);
    }

    /** The shortest stream the calibration is defined for: 1 release (2 for the paper-literal log2 K). */
    private long shortest() {
        return calibration() == NoiseCalibration.RIGOROUS ? 1 : 2;
    }

    @Override
    public PrivacyEvent.LaplaceEvent event() {
        return streamEvent(shortest());
    }

    @Override
    public StreamAccounting accounting(OptionalLong length) {
        long episodes = Math.max(shortest(), length.orElse(shortest()));
        return new StreamAccounting.UpFront(streamEvent(episodes), episodes);
    }

    @Override
    public double confidenceWidth(CountShape shape, int episodes, double beta) {
        double delta0 = ConfidenceWidth.delta0(shape, episodes, beta);
        return 4 * NodeNoise.sumOfLaplaceTail(BinaryTreeCounter.levels(episodes), nodeScale(episodes), delta0);
    }

    @Override
    public boolean releasesRunningTotals() {
        return true;
    }

    @Override
    public TreeStream openStream(StreamRequest request) {
        long episodes = Math.max(shortest(), request.requireLength(name()));
        return new TreeStream(request, (StreamAccounting.UpFront) accounting(OptionalLong.of(episodes)),
                nodeScale(episodes));
    }

    /** The running-total stream: a bank of binary-tree counters, created at the first release's dimension. */
    public final class TreeStream extends CountStream {
        private final double scale;
        private BinaryTreeCounterBank bank;
        private boolean reuse;
        private double[] buffer;

        TreeStream(StreamRequest request, StreamAccounting.UpFront accounting, double scale) {
            super(request, accounting, horizon());
            this.scale = scale;
        }

        @Override
        protected double[] noisy(double[] indicators, long round) {
            if (bank == null) {
                bank = new BinaryTreeCounterBank(indicators.length, Math.toIntExact(length().getAsLong()),
                        NodeNoise.laplace(scale), noise());
            }
            double[] totals = reuse && buffer != null ? buffer : new double[indicators.length];
            bank.step(indicators, totals);
            if (reuse) {
                buffer = totals;
            }
            return totals;
        }

        /** From now on every release returns one buffer, overwritten by the next release. */
        @Override
        public void reuseOutputs() {
            reuse = true;
        }

        /** The tree nodes released at the last step (what a privacy audit compares). */
        public double[] lastReleasedNodes() {
            if (bank == null) {
                throw new IllegalStateException("no release yet");
            }
            return bank.lastReleasedNodes();
        }

        /** The per-node Laplace scale b_C. */
        public double nodeScale() {
            return scale;
        }
    }
}
