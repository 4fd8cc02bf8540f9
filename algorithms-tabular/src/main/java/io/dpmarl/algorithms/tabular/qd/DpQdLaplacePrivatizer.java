package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.AbstractReleaseStream;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.noise.Samplers;
import io.dpmarl.mechanisms.privatizers.FloatSafeSensitivity;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The privatization step of DP-QD-Learning (Qiao et al., Privacy-preserved Fully Decentralized Multi-agent
 * Reinforcement Learning for Networked Social Systems, Algorithm 1 lines 13-14, eq. 5, Theorem V.5): release t
 * (from 0) of an agent's stream is its Q-entry plus Laplace noise of scale {@code nu(t) = noiseBase * q^t}.
 *
 * <p><b>Guarantee.</b> Release t is pure {@code eps_t = adjBound' / nu(t)}-DP for two Q-entries at distance at most
 * {@code adjBound} (the paper's Definition 2 adjacency: "Q-value adjacency", not reward-level DP), where
 * {@code adjBound' = adjBound + r_t} adds the rounding to the float-safe noise grid {@code r_t <= nu(t) 2^-39}.
 * The stream is {@linkplain StreamAccounting.Scheduled scheduled}: the ledger composes the releases it actually
 * made, so over T steps an agent spends {@code sum_t eps_t}, which grows like {@code q^-T} when q &lt; 1 (the paper
 * states only the per-step figure). The stream's release index is the global step t: one release per agent per
 * step. The guarantee needs no bound on the Q-values themselves. When {@code nu(t)} underflows to 0 the release is
 * refused.
 *
 * <p><b>Unit of privacy</b> ({@link Neighbouring#MESSAGE}): {@link #guarantee()} is one release's, so it covers one
 * message; DP-QD-Learning charges agent i's stream to the ledger key {@code agent/i}, whose composed figure covers
 * all of agent i's messages over the run (each of its transmitted Q-entries within {@code adjBound}), the
 * conservative figure for one message. Neither is agent-level ({@link Neighbouring#AGENT}): an agent's rewards can
 * move its Q-entries further than {@code adjBound}.
 *
 * <p><b>Scale limits.</b> The noise is drawn by the exact Laplace sampler, whose largest scale is
 * {@link ScaleLimits#LAPLACE_MAX_SCALE} {@code = 2^1011} less one ulp (beyond it a sample can overflow to infinity;
 * derivation in {@link ScaleLimits}). Since {@code q <= 1} and {@code t >= 0}, the computed {@code q^t} is at most 1
 * ({@code Math.pow} is within one ulp of the exact value, which is at most 1, and no double above 1 is that close),
 * so the computed {@code nu(t) = noiseBase * q^t} never exceeds {@code nu(0) = noiseBase}: the scale only falls
 * during a run. Every setting that could exceed the limit is therefore refused when built, before any run, naming
 * the parameters: {@code noise-base} above the limit, and each listed agent noise base {@code s_i} above it (agent
 * i's scale is {@code s_i q_i^t}, also largest at t = 0). No run length needs to be known.
 *
 * <p>At the other extreme the scale falls towards 0 and the per-release epsilon {@code adjBound' / nu(t)} grows;
 * the exact sampler still draws a tiny or subnormal scale exactly (its grid is then {@code 2^-1061}, onto which the
 * Q-entry is rounded exactly, and the noisy value is a rounding of the exact sum: post-processing). What breaks is
 * the accounting once {@code adjBound' / nu(t)} (rounded up, as the accountants charge it) overflows to infinity, or
 * {@code adjBound'} itself does (an adjacency bound within the grid rounding of {@code Double.MAX_VALUE}): when built
 * if it does at t = 0 (for {@code noise-base} and each listed {@code s_i}), naming the parameters; at release t
 * otherwise, like the underflow of the scale (no further release can be accounted for).
 */
public final class DpQdLaplacePrivatizer implements Privatizer {
    private final double noiseBase;
    private final double decay;
    private final double adjacencyBound;
    private final Optional<AgentNoiseList> agentNoiseBases;
    private final Optional<AgentNoiseList> agentDecays;
    /** The last event built, reused for the same round (every agent of a step asks for the same t). */
    private volatile CachedEvent lastEvent;

    /** An immutable (round, event) pair, so a racing reader sees either the old or the new pair whole. */
    private record CachedEvent(long round, PrivacyEvent.LaplaceEvent event) {
    }

    /**
     * A privatizer with {@code nu(t) = noiseBase * decay^t}.
     *
     * @param noiseBase      the scale at t = 0, in (0, inf)
     * @param decay          q, in (0, 1]; 1 gives undecaying noise
     * @param adjacencyBound adjBound of Definition 2, in (0, inf)
     */
    public DpQdLaplacePrivatizer(double noiseBase, double decay, double adjacencyBound) {
        this(noiseBase, decay, adjacencyBound, Optional.empty(), Optional.empty());
    }

    /**
     * A privatizer with per-agent noise (the paper's {@code nu_i(t) = s_i q_i^t}): agent i's stream, from
     * {@link #forAgent}, uses the i-th listed noise base and decay, or {@code noiseBase} / {@code decay} for a
     * parameter that is not listed. With a list this privatizer is one per agent: a stream opened on it directly is
     * refused (it would use neither agent's noise), and its {@link #guarantee()} is the worst agent's first release.
     *
     * @param noiseBase       the noise base of agents not listed, in (0, inf)
     * @param decay           the decay of agents not listed, in (0, 1]
     * @param adjacencyBound  adjBound of Definition 2, in (0, inf)
     * @param agentNoiseBases s_i per agent, each in (0, inf), or empty
     * @param agentDecays     q_i per agent, each in (0, 1], or empty
     */
    public DpQdLaplacePrivatizer(double noiseBase, double decay, double adjacencyBound,
                                 Optional<AgentNoiseList> agentNoiseBases, Optional<AgentNoiseList> agentDecays) {
        this.agentNoiseBases = agentNoiseBases;
        this.agentDecays = agentDecays;
        this.noiseBase = Checks.positiveFinite("noise-base", noiseBase);
        if (!(decay > 0 && decay <= 1)) {
            throw new IllegalArgumentException("q must be in (0, 1], got " + decay);
        }
        this.decay = decay;
        this.adjacencyBound = Checks.positiveFinite("adjacency-bound", adjacencyBound);
        requireDrawable("noise-base * q^t", "noise-base", noiseBase, ScaleLimits.given("noise-base", noiseBase));
        if (agentNoiseBases.isPresent()) {
            double[] bases = agentNoiseBases.get().values();
            String listed = Arrays.stream(bases).mapToObj(Double::toString).collect(Collectors.joining(";"));
            for (int i = 0; i < bases.length; i++) {
                requireDrawable("s_i * q_i^t of agent i", "s_i", bases[i], ScaleLimits.given("noise-bases", listed,
                        "position", i + 1));
            }
        }
    }

    /**
     * Refuses, naming the parameters in {@code given} (and the adjacency bound for the epsilon), a scale
     * {@code base q^t} whose largest value (t = 0) the Laplace sampler cannot draw, or whose first release's epsilon
     * overflows (see the class comment).
     */
    private void requireDrawable(String formula, String baseName, double base, String given) {
        ScaleLimits.require(name(), "the Laplace scale " + formula + ", largest at t = 0 where it is " + baseName
                + ",", base, ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT, given);
        ScaleLimits.require(name(), "the first release's epsilon adjacency-bound' / " + baseName + " (adjacency-bound'"
                        + " = adjacency-bound plus the grid rounding)", SafeRounding.divideUp(effective(base), base),
                ScaleLimits.FINITE_MAX, ScaleLimits.FINITE_LIMIT_TEXT,
                given + ", " + ScaleLimits.given("adjacency-bound", adjacencyBound));
    }

    /** The float-safe sensitivity {@code adjBound' = adjBound + r} (rounded up) for Laplace noise of this scale. */
    private double effective(double scale) {
        return FloatSafeSensitivity.effective(Sensitivity.Norm.L1, adjacencyBound, 1,
                Samplers.laplaceGranularity(scale));
    }

    /**
     * Agent {@code agent}'s privatizer among {@code agents}: its own {@code s_i} and {@code q_i} (the listed values,
     * else this privatizer's), so its stream charges its own scheduled event {@code Laplace(s_i q_i^t)}.
     *
     * @throws IllegalArgumentException if a list does not have exactly {@code agents} values
     */
    public DpQdLaplacePrivatizer forAgent(int agent, int agents) {
        if (agentNoiseBases.isEmpty() && agentDecays.isEmpty()) {
            return this;
        }
        double base = agentNoiseBases.isPresent() ? agentNoiseBases.get().valueOf(agent, agents) : noiseBase;
        double q = agentDecays.isPresent() ? agentDecays.get().valueOf(agent, agents) : decay;
        return new DpQdLaplacePrivatizer(base, q, adjacencyBound);
    }

    /** The noise scale {@code nu(t) = noiseBase * q^t} of release t (0 once it underflows). */
    public double scale(long round) {
        return decay == 1 ? noiseBase : noiseBase * Math.pow(decay, round);
    }

    /** The paper's per-step epsilon {@code adjBound / nu(t)} (Theorem V.5), without the float-safe excess. */
    public double paperEpsilon(long round) {
        return adjacencyBound / scale(round);
    }

    /** The noise base s. */
    public double noiseBase() {
        return noiseBase;
    }

    /** The decay q. */
    public double decay() {
        return decay;
    }

    /** The adjacency bound. */
    public double adjacencyBound() {
        return adjacencyBound;
    }

    /** The event release t charges: Laplace of scale nu(t) at the float-safe sensitivity. */
    public PrivacyEvent.LaplaceEvent eventAt(long round) {
        // Events are immutable values: the event of a round is built once and shared by the releases of that round
        // (undecaying noise, q = 1: by every release). Same event, same charge; only the allocation is saved.
        CachedEvent cached = lastEvent;
        if (cached != null && (cached.round == round || decay == 1)) {
            return cached.event;
        }
        PrivacyEvent.LaplaceEvent event = buildEvent(round);
        lastEvent = new CachedEvent(round, event);
        return event;
    }

    private PrivacyEvent.LaplaceEvent buildEvent(long round) {
        double scale = scale(round);
        if (!(scale > 0)) {
            throw new IllegalArgumentException(name() + ": the noise scale noise-base * q^t underflowed to 0 at "
                    + "release t = " + round + "; no further release can be private (use a larger q or fewer steps)");
        }
        double effective = effective(scale);
        if (!(SafeRounding.divideUp(effective, scale) <= Double.MAX_VALUE)) {
            throw new IllegalArgumentException(name() + ": the per-release epsilon adjacency-bound' / (noise-base * "
                    + "q^t) overflowed to infinity at release t = " + round + " (noise-base=" + noiseBase + ", q="
                    + decay + ", adjacency-bound=" + adjacencyBound + ", scale " + scale + "); no further release can"
                    + " be accounted for (use a larger q or fewer steps)");
        }
        return new PrivacyEvent.LaplaceEvent(scale, effective);
    }

    @Override
    public String name() {
        return "dp-qd-laplace";
    }

    /**
     * Release 0's guarantee: of this privatizer's streams, or with listed {@code noise-bases} the worst agent's (the
     * largest {@code adjBound' / s_i}; the run report prints it), since {@code noise-base} is then no agent's.
     */
    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(event().epsilon());
    }

    /** The paper's release-0 figure {@code adjBound / s} for the smallest base any agent uses (Theorem V.5). */
    @Override
    public Optional<PrivacyGuarantee> claimedGuarantee() {
        return Optional.of(new PrivacyGuarantee.PureDp(adjacencyBound / smallestBase()));
    }

    /** The smallest first-release scale of any agent: the least listed {@code s_i}, else {@code noise-base}. */
    private double smallestBase() {
        return agentNoiseBases.map(list -> Arrays.stream(list.values()).min().orElseThrow()).orElse(noiseBase);
    }

    private boolean listed() {
        return agentNoiseBases.isPresent() || agentDecays.isPresent();
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.MESSAGE;
    }

    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l1(adjacencyBound);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Scalar.class);
    }

    /**
     * Release 0's event (see {@link #guarantee()}): with listed {@code noise-bases}, that of the agent whose first
     * release costs most.
     */
    @Override
    public PrivacyEvent.LaplaceEvent event() {
        if (agentNoiseBases.isEmpty()) {
            return eventAt(0);
        }
        return Arrays.stream(agentNoiseBases.get().values())
                .mapToObj(base -> new DpQdLaplacePrivatizer(base, decay, adjacencyBound).eventAt(0))
                .max(Comparator.comparingDouble(PrivacyEvent.LaplaceEvent::epsilon)).orElseThrow();
    }

    @Override
    public StreamAccounting accounting(OptionalLong length) {
        if (listed()) {
            return new StreamAccounting.Scheduled(this::eventAt, String.format(Locale.ROOT,
                    "laplace(b = s_i * q_i^t for agent i, s_i = %s, q_i = %s, sensitivity = %s)",
                    agentNoiseBases.map(DpQdLaplacePrivatizer::joined).orElse(Double.toString(noiseBase)),
                    agentDecays.map(DpQdLaplacePrivatizer::joined).orElse(Double.toString(decay)), adjacencyBound));
        }
        return new StreamAccounting.Scheduled(this::eventAt, String.format(Locale.ROOT,
                "laplace(b = %s * %s^t, sensitivity = %s)", noiseBase, decay, adjacencyBound));
    }

    private static String joined(AgentNoiseList list) {
        return Arrays.stream(list.values()).mapToObj(Double::toString).collect(Collectors.joining(";"));
    }

    /**
     * Opens a stream charging release t {@link #eventAt eventAt(t)}.
     *
     * @throws IllegalArgumentException if this privatizer lists per-agent noise: it is then one privatizer per agent,
     *                                  and a stream is opened on {@link #forAgent} (nothing is charged)
     */
    @Override
    public ReleaseStream openStream(StreamRequest request) {
        if (listed()) {
            throw new IllegalArgumentException(name() + ": with per-agent noise-bases or qs it is one privatizer per "
                    + "agent; open agent i's stream on forAgent(i, N), as dp-qd-learning does, not on the list itself");
        }
        return new AbstractReleaseStream(request, accounting(request.length())) {
            @Override
            protected void validate(Statistic input) {
                AbstractPrivatizer.requireAccepted(DpQdLaplacePrivatizer.this, input);
                Checks.finite("Q-value", ((Statistic.Scalar) input).value());
            }

            @Override
            protected Statistic perturb(Statistic input, long round) {
                return new Statistic.Scalar(noisyValue(((Statistic.Scalar) input).value(), round, noise()));
            }
        };
    }

    /** The float-safe noisy value of release t: the input rounded to the noise grid plus Laplace(nu(t)). */
    double noisyValue(double value, long round, NoiseSource noise) {
        double scale = scale(round);
        return Samplers.roundToGrid(value, Samplers.laplaceGranularity(scale)) + Samplers.laplace(noise, scale);
    }

    @Override
    public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        AbstractPrivatizer.requireAccepted(this, input);
        return openStream(StreamRequest.of(ledger, key, noise, name())).release(input);
    }
}
