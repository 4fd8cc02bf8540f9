package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.clipping.NormClip;
import java.util.Optional;

/**
 * The agents' upload path of MA-LDP ("Local differential privacy preserving mechanisms for multi-agent reinforcement
 * learning", Algorithm 1 lines 22-32): for agent i, user (episode) k and stage h it forms
 * {@code Delta Lambda~ = f f^T} and {@code Delta u~ = f V(s_{h+1})}, releases the matrix through the matrix
 * privatizer and the vector through the vector privatizer on the ledger key {@code user/k/agent/i}, and hands the
 * releases to the server. These releases are the only privatised data; their guarantee is the privatizers'.
 *
 * <p>What the guarantee covers: {@code user/k/agent/i} composes only user k's own 2H releases per agent (the paper's
 * accounting, Definition 1). That does not bound what the server learns about user k: the agents' reward parameters
 * are trained on user k's rewards, exchanged without noise, and enter every later V, hence every later release's
 * input f and target. Each later release is still {@code (epsilon/(2H), delta/(2H))}-DP in all its inputs (the
 * clipped sensitivity holds for any V and f), so user k's loss is bounded by composing every release from episode k
 * on, and the worst user is the first (episode 0), whose bound composes every release of the run. Every release is
 * therefore also charged, with the same event and one noise draw, to the run-wide key {@link #RUN_KEY}
 * ({@code users-from/0}, its own principal; {@code StreamRequest.withAlsoCharged}), all or nothing: its composition
 * is the sound per-user bound, the ledger's maximum over principals reports it, and a budget is judged against it.
 * Where the reward parameters cannot depend on the users' data (reward features psi identically zero, so the
 * parameters never leave 0; {@link MaLdpProvider}), later releases depend on user k only through user k's noisy
 * releases (post-processing) and the run-wide key is not charged.
 *
 * <p>Assumption enforcement: the calibration assumes {@code ||f||_2 <= H} and {@code 0 <= V <= H}. A release whose
 * inputs break either is counted ({@link #violations()}); with {@code clip} the learner clips V to {@code [0, H]},
 * then rescales the pair with one factor {@code s <= min(1, H/||f||)} ({@link NormClip#l2}, whose directed rounding
 * keeps the exact norm of {@code s f} at most H; a norm that exceeds H only by rounding is scaled by a factor within
 * a few ulps of 1, and counted): it releases {@code (s f, s V)}, so
 * {@code ||s f|| <= H} and {@code 0 <= s V <= H} (the declared sensitivity holds) and a sample with
 * {@code E[V] = <theta, f>} stays on the server's regression line, {@code E[s V] = <theta, s f>}: rescaling the
 * pair, unlike rescaling f alone, does not bias the ridge estimate. Only clipping V itself (a target outside
 * {@code [0, H]}) moves a sample off the line. This is a choice of this framework; the paper clips nothing. Without
 * {@code clip} (the paper-literal learner) the statistics are released as they are: the privatizers' noise does not
 * cover them, so that user has no guarantee, and the ledger says so. Before the first
 * such release of a (user, agent) its key {@link #key(long, int)} is charged one {@link PrivacyEvent.NonPrivateEvent}
 * (source {@link #VOID_SOURCE}); every bundled accountant (basic, advanced, zcdp, rdp) then reports that key and its
 * user at epsilon = infinity, and a ledger with a budget refuses the charge, so the run stops before the release. An
 * accountant that does not compose non-private events (paper-003 composes Gaussian events only) gets a
 * {@link PrivacyEvent.NominalEvent} instead, which the ledger reports as infinity for any accountant. With
 * {@code noise} off the raw statistics go to the server and nothing is charged (a test switch showing that the
 * mechanisms differ only by their noise).
 */
public final class MaLdpReleases {
    /** The source of the charge that records a void guarantee ({@code clip=false} and inputs above the bound). */
    public static final String VOID_SOURCE = "ma-ldp clip=false: inputs above the calibrated bound";
    /**
     * The run-wide key {@code users-from/0}: every release of every user and agent, from the first user's episode on,
     * composed; the sound per-user bound of the worst (first) user.
     */
    public static final LedgerKey RUN_KEY = new LedgerKey("users-from/0");
    private final Optional<Privatizer> matrix;
    private final Optional<Privatizer> vector;
    private final NoiseSource noise;
    private final PrivacyLedger ledger;
    private final double bound;
    private final int horizon;
    private final boolean clip;
    private final boolean crossUser;
    private boolean runVoided;
    private long violations;
    private long voids;
    private long streamsEpisode = -1;
    private long voidedEpisode = -1;
    private boolean[] voided = new boolean[0];
    private ReleaseStream[] matrixStreams = new ReleaseStream[0];
    private ReleaseStream[] vectorStreams = new ReleaseStream[0];
    private java.util.function.Consumer<Statistic> inputs = statistic -> { };

    /**
     * @param matrix  the privatizer of {@code Delta Lambda} (empty: non-private, statistics go out raw)
     * @param vector  the privatizer of {@code Delta u} (empty: non-private)
     * @param noise   privacy noise source
     * @param ledger  the ledger charged
     * @param horizon H, the assumed bound of {@code ||f||} and V
     * @param clip    enforce the bound
     */
    public MaLdpReleases(Optional<Privatizer> matrix, Optional<Privatizer> vector, NoiseSource noise,
                         PrivacyLedger ledger, int horizon, boolean clip) {
        this(matrix, vector, noise, ledger, horizon, clip, true);
    }

    /**
     * As {@link #MaLdpReleases(Optional, Optional, NoiseSource, PrivacyLedger, int, boolean)}; with {@code crossUser}
     * false the releases are not charged to {@link #RUN_KEY} (only where the reward parameters cannot depend on the
     * users' data).
     */
    MaLdpReleases(Optional<Privatizer> matrix, Optional<Privatizer> vector, NoiseSource noise,
                  PrivacyLedger ledger, int horizon, boolean clip, boolean crossUser) {
        if (matrix.isPresent() != vector.isPresent()) {
            throw new IllegalArgumentException("give both privatizers or neither");
        }
        this.matrix = matrix;
        this.vector = vector;
        this.noise = noise;
        this.ledger = ledger;
        this.bound = horizon;
        this.horizon = horizon;
        this.clip = clip;
        this.crossUser = crossUser;
    }

    /**
     * As {@link #MaLdpReleases(Optional, Optional, NoiseSource, PrivacyLedger, int, boolean)}, and opens the release
     * streams of the first user (episode 0) of each of {@code agents} agents now, declared as {@code dimension x
     * dimension} symmetric matrices and {@code dimension}-vectors of {@code horizon} releases each: a privatizer that
     * cannot release them (its {@code max-coordinates} below {@code dimension (dimension + 1) / 2}, a statistic type
     * it does not accept) refuses when the learner is built, so the run is refused when it is checked, before any
     * trial. Opening a per-release stream charges nothing.
     *
     * @throws IllegalArgumentException naming the privatizer's parameter and its accepted range
     */
    public MaLdpReleases(Optional<Privatizer> matrix, Optional<Privatizer> vector, NoiseSource noise,
                         PrivacyLedger ledger, int horizon, boolean clip, int agents, int dimension) {
        this(matrix, vector, noise, ledger, horizon, clip, agents, dimension, true);
    }

    /**
     * As {@link #MaLdpReleases(Optional, Optional, NoiseSource, PrivacyLedger, int, boolean, int, int)}; with
     * {@code crossUser} false the releases are not charged to {@link #RUN_KEY} (only where the reward parameters
     * cannot depend on the users' data).
     */
    MaLdpReleases(Optional<Privatizer> matrix, Optional<Privatizer> vector, NoiseSource noise,
                  PrivacyLedger ledger, int horizon, boolean clip, int agents, int dimension, boolean crossUser) {
        this(matrix, vector, noise, ledger, horizon, clip, crossUser);
        if (matrix.isPresent()) {
            open(0, agents, dimension);
        }
    }

    /** The ledger key of agent {@code agent}'s releases about user {@code episode}. */
    public static LedgerKey key(long episode, int agent) {
        return LedgerKey.user(episode).child("agent", agent);
    }

    /**
     * Forms, privatises and uploads the statistics of one (user, agent, stage). With {@code clip}, a violating pair is
     * released as {@code (s f, s min(H, max(0, V)))}, {@code s <= min(1, H/||f||)} ({@link NormClip#l2}); {@code f} is
     * rescaled in place.
     */
    void upload(int episode, int agent, int stage, double[] f, double target, MaLdpServer server) {
        NormClip.Clipped clipped = NormClip.l2(f, bound);
        boolean violated = clipped.scaled() || target > bound || target < 0;
        if (violated) {
            violations++;
            if (clip) {
                System.arraycopy(clipped.values(), 0, f, 0, f.length);
                target = SafeRounding.multiplyDown(Math.min(bound, Math.max(0.0, target)), clipped.factor());
            }
        }
        int dimension = f.length;
        double[] gram = new double[dimension * dimension];
        double[] moment = new double[dimension];
        for (int r = 0; r < dimension; r++) {
            for (int col = 0; col < dimension; col++) {
                gram[r * dimension + col] = f[r] * f[col];
            }
            moment[r] = f[r] * target;
        }
        Statistic.SymmetricMatrix gramStatistic = new Statistic.SymmetricMatrix(dimension, gram);
        Statistic.Vector momentStatistic = new Statistic.Vector(moment);
        inputs.accept(gramStatistic);
        inputs.accept(momentStatistic);
        if (matrix.isPresent()) {
            if (violated && !clip) {
                voidGuarantee(episode, agent);
            }
            if (episode != streamsEpisode || agent >= matrixStreams.length || matrixStreams[agent] == null) {
                open(episode, Math.max(agent + 1, matrixStreams.length), dimension);
            }
            gramStatistic = (Statistic.SymmetricMatrix) matrixStreams[agent].release(gramStatistic);
            momentStatistic = (Statistic.Vector) vectorStreams[agent].release(momentStatistic);
        }
        server.receive(agent, stage, gramStatistic, momentStatistic);
    }

    /**
     * Records that user {@code episode}'s guarantee towards agent {@code agent} is void: once per (user, agent),
     * {@link PrivacyLedger#voidGuarantee} on its key (a {@link PrivacyEvent.NonPrivateEvent}, or a
     * {@link PrivacyEvent.NominalEvent} where the accountant does not compose one), before the release that breaks
     * the bound, so a budget refuses the run there. The first void also voids {@link #RUN_KEY} (once), where it is
     * charged: the release depends on the earlier users' data too, so their sound bound is void as well.
     *
     * @throws PrivacyBudgetExceededException if the ledger has a budget (no budget admits a void guarantee)
     */
    private void voidGuarantee(long episode, int agent) {
        if (episode != voidedEpisode) {
            java.util.Arrays.fill(voided, false);
            voidedEpisode = episode;
        }
        if (agent >= voided.length) {
            voided = java.util.Arrays.copyOf(voided, agent + 1);
        }
        if (voided[agent]) {
            return;
        }
        ledger.voidGuarantee(key(episode, agent), VOID_SOURCE);
        if (crossUser && !runVoided) {
            ledger.voidGuarantee(RUN_KEY, VOID_SOURCE);
            runVoided = true;
        }
        voided[agent] = true;
        voids++;
    }

    /**
     * Opens user {@code episode}'s streams of agents {@code 0..agents-1} (those already open for this user are kept):
     * one matrix and one vector stream per (user, agent) on {@link #key(long, int)} (and, where charged, also on
     * {@link #RUN_KEY}), each of {@code H} releases with its declared shape, sourced as the privatizer's name. The
     * key is built once per (user, agent), so the ledger's per-key state is found without building a new path each
     * release.
     */
    private void open(long episode, int agents, int dimension) {
        if (episode != streamsEpisode) {
            java.util.Arrays.fill(matrixStreams, null);
            java.util.Arrays.fill(vectorStreams, null);
            streamsEpisode = episode;
        }
        if (agents > matrixStreams.length) {
            matrixStreams = java.util.Arrays.copyOf(matrixStreams, agents);
            vectorStreams = java.util.Arrays.copyOf(vectorStreams, agents);
        }
        for (int agent = 0; agent < agents; agent++) {
            if (matrixStreams[agent] == null) {
                LedgerKey key = key(episode, agent);
                matrixStreams[agent] = matrix.orElseThrow().openStream(request(matrix.orElseThrow(), key)
                        .withShape(StreamRequest.Shape.symmetricMatrix(dimension)));
                vectorStreams[agent] = vector.orElseThrow().openStream(request(vector.orElseThrow(), key)
                        .withShape(StreamRequest.Shape.vector(dimension)));
            }
        }
    }

    private StreamRequest request(Privatizer privatizer, LedgerKey key) {
        StreamRequest request = StreamRequest.of(ledger, key, noise, privatizer.name()).withLength(horizon);
        return crossUser ? request.withAlsoCharged(RUN_KEY) : request;
    }

    /** Test hook: receives every release's input (before noise), matrix then vector, in release order. */
    void observeInputs(java.util.function.Consumer<Statistic> observer) {
        this.inputs = observer;
    }

    /** Releases so far whose inputs broke {@code ||f|| <= H} or {@code 0 <= V <= H}. */
    public long violations() {
        return violations;
    }

    /**
     * The (user, agent) pairs whose guarantee was voided so far (each charged one void on its key): 0 with
     * {@code clip}, without privatizers, or while every input stays within the bound.
     */
    public long voids() {
        return voids;
    }

    /** True if every release is also charged to {@link #RUN_KEY}. */
    public boolean chargesRunKey() {
        return crossUser;
    }

    /** True if violating inputs are clipped. */
    public boolean clips() {
        return clip;
    }
}
