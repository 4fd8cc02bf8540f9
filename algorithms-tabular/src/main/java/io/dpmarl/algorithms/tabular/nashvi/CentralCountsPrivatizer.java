package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.counters.BinaryTreeCounter;
import io.dpmarl.mechanisms.counters.BinaryTreeCounterBank;
import io.dpmarl.mechanisms.counters.NodeNoise;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;
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
 *
 * <p><b>Scale limits.</b> The node noise is drawn by the exact Laplace sampler, whose largest scale is
 * {@link ScaleLimits#LAPLACE_MAX_SCALE} {@code = 2^1011} less one ulp (beyond it a sample can overflow to infinity;
 * derivation in {@link ScaleLimits}). The scale {@code b_C(K)} grows with the number of episodes K:
 * {@code 4 H L / epsilon} with {@code L = floor(log2 K) + 1} non-decreasing in K (rigorous), and
 * {@code 2 H (log2 K)^2 / epsilon}, {@code 2 H log2 K / epsilon} (paper-literal), where the computed
 * {@code log2 K = ln K / ln 2} is non-decreasing in K too ({@code Math.log} is semi-monotonic, and a division or a
 * product by a positive constant keeps the order). So its smallest value is at the shortest stream, {@code K = 1}
 * (rigorous: {@code 4 H / epsilon}) or {@code K = 2} (paper-literal: {@code 2 H / epsilon}). Hence:
 * <ul>
 *   <li>when built, a privatizer whose smallest {@code b_C} is above the limit is refused, naming epsilon, horizon
 *       and calibration: no K could be drawn (epsilon below about {@code 4 H 2^-1011}, or {@code 2 H 2^-1011});</li>
 *   <li>when a stream of K episodes opens (and wherever {@link #nodeScale(long)} is asked for a K), a K whose
 *       {@code b_C(K)} is above the limit is refused, naming epsilon, horizon, episodes and calibration. K is at most
 *       {@code 2^31 - 1} (the counters count steps in an {@code int}; a longer stream is refused the same way), so
 *       {@code L <= 31} and {@code log2 K < 31}: every K is accepted once {@code 124 H / epsilon} (rigorous),
 *       {@code 1922 H / epsilon} (paper-a) or {@code 62 H / epsilon} (paper-b) is within the limit.</li>
 * </ul>
 * At the other extreme (epsilon up to {@code Double.MAX_VALUE}) {@code b_C} is a normal double of at least about
 * {@code 2^-1022}, drawn exactly on a grid of at least {@code 2^-1061}, on which the integer counts lie, and every
 * node is a rounding of its exact noisy value (post-processing). What can break there is the guarantee
 * {@code 4 H L / b_C} (rounded up, as the accountants charge it), which is refused when built if it overflows to
 * infinity at the shortest stream, where it is largest: under the rigorous calibration it is epsilon up to the
 * relative rounding error of {@code b_C} (at most {@code 2^-53}, {@code b_C} being normal, and upwards at epsilon
 * {@code = Double.MAX_VALUE}, where {@code 4 H L / epsilon = H L 2^-1022 (1 + 2^-53 + ...)} lies above the midpoint
 * to the next double), so it never exceeds {@code Double.MAX_VALUE}; under the paper-literal ones it is
 * {@code 2 L epsilon / (log2 K)^2} or {@code 2 L epsilon / log2 K}, {@code 4 epsilon} at {@code K = 2} and at most
 * {@code 3 epsilon} beyond ({@code L <= log2 K + 1}), so epsilon from about {@code Double.MAX_VALUE / 4} on is
 * refused.
 */
public final class CentralCountsPrivatizer extends LaplaceCountsPrivatizer {
    /** The event of the shortest stream, checked when built. */
    private final PrivacyEvent.LaplaceEvent shortestEvent;

    /**
     * A central privatizer at {@code epsilon} in (0, inf) for {@code horizon}-step episodes.
     *
     * @throws IllegalArgumentException naming the parameters if no number of episodes gives a node scale the Laplace
     *                                  sampler can draw, or the guarantee of the shortest stream overflows (see the
     *                                  class comment)
     */
    public CentralCountsPrivatizer(double epsilon, int horizon, NoiseCalibration calibration) {
        super(epsilon, horizon, calibration);
        long shortest = shortest();
        String episodes = "K = " + shortest + (shortest == 1 ? " episode" : " episodes");
        String given = ScaleLimits.given("epsilon", epsilon, "horizon", horizon, "calibration", calibration.label());
        this.shortestEvent = new PrivacyEvent.LaplaceEvent(nodeScale(shortest, " at its smallest, for " + episodes
                + ",", given), 4.0 * horizon * BinaryTreeCounter.levels((int) shortest));
        ScaleLimits.require(name(), "the guaranteed epsilon 4 H L / b_C (b_C = " + calibration.centralFormula()
                + ") for " + episodes, SafeRounding.epsilon(shortestEvent), ScaleLimits.FINITE_MAX,
                ScaleLimits.FINITE_LIMIT_TEXT, given);
    }

    @Override
    public String name() {
        return "nashvi-central-counts";
    }

    /**
     * The node scale {@code b_C} for a stream of K releases.
     *
     * @throws IllegalArgumentException naming epsilon, horizon, episodes and calibration if K is above
     *                                  {@code 2^31 - 1} or {@code b_C} above the Laplace sampler's largest scale
     */
    public double nodeScale(long episodes) {
        return nodeScale(episodes, "", given(episodes));
    }

    /** {@link #nodeScale(long)}, with {@code where} after the formula and {@code given} in a refusal. */
    private double nodeScale(long episodes, String where, String given) {
        if (episodes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name() + ": the number of episodes K must be at most "
                    + Integer.MAX_VALUE + " (the binary-tree counters count steps in an int); got " + given);
        }
        return ScaleLimits.require(name(), "the node Laplace scale b_C = " + calibration().centralFormula() + where,
                calibration().centralScale(horizon(), Math.toIntExact(episodes), epsilon()),
                ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT, given);
    }

    /** The parameters of a stream of K releases, for a message. */
    private String given(long episodes) {
        return ScaleLimits.given("epsilon", epsilon(), "horizon", horizon(), "episodes", episodes, "calibration",
                calibration().label());
    }

    /** The whole-stream event for K releases: Laplace of scale b_C on the nodes, L1 sensitivity 4HL. */
    private PrivacyEvent.LaplaceEvent streamEvent(long episodes) {
        double scale = nodeScale(episodes);
        return new PrivacyEvent.LaplaceEvent(scale, 4.0 * horizon() * BinaryTreeCounter.levels((int) episodes));
    }

    /** The shortest stream the calibration is defined for: 1 release (2 for the paper-literal log2 K). */
    private long shortest() {
        return calibration() == NoiseCalibration.RIGOROUS ? 1 : 2;
    }

    @Override
    public PrivacyEvent.LaplaceEvent event() {
        return shortestEvent;
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
