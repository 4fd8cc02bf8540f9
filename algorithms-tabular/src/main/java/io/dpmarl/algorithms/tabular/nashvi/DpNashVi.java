package io.dpmarl.algorithms.tabular.nashvi;


/**
 * DP-Nash-VI, Differentially Private Optimistic Nash Value Iteration (Qiao and Wang 2024, Algorithm 1), as a planner
 * over private counts: {@link #plan()} runs lines 4-17 (upper and lower Q functions with the Bernstein-type private
 * bonus, the CCE at every {@code (h, s)}) and lines 20-21 (minimal certified gap), {@link #update(EpisodeIndicators)}
 * runs line 19 through a {@link CountsPrivatizer} stream ({@link CountReleases}), and {@link #outputPolicy()} returns
 * line 24's policy. The class never sees true counts or trajectories: the only data path is the privatizer, so every
 * policy is private by post-processing (Lemma 5.1: epsilon-JDP with the central privatizer; Lemma 5.4: epsilon-LDP with
 * the local one).
 *
 * <p>Our resolutions of the paper's gaps: iota = ln(30HSABK/beta) (Appendix B.1; Algorithm 1's printed
 * log(30HSABeK/beta) is a typesetting slip); {@code N~ <= 0 => Qup = cap, Qlo = 0} (the initial counts are 0);
 * the output starts as {@code pi^1} (Delta = inf before episode 1, since with the paper's strict {@code <} against
 * Delta = H line 20 may never assign an output) with the strict {@code <} afterwards, and
 * {@link #outputFallbackUsed()} reports whether no gap ever fell below H. Per-episode cost: {@code O(H S^2 A B)}
 * arithmetic, {@code H S} CCE LPs over {@code A B} variables and {@code H S A B} closed-form post-processing problems
 * of size S.
 *
 * <p>Allocation: none per episode. The policies live in two preallocated tables: {@link #plan()} writes {@code pi^k}
 * into the one that is not the output policy, and a new minimal gap makes that table the output and hands the old
 * output table back for the next plan. So the policy {@link #plan()} returns is valid until the next
 * {@link #plan()} (longer if it became the output), and {@link #outputPolicy()} until the output changes; a caller
 * that keeps a policy longer takes a {@link CorrelatedPolicy#copy()}. Every table entry is rewritten by the CCE of
 * its {@code (h, s)} in every plan, so reuse does not change a bit.
 */
public final class DpNashVi {
    private final CountShape shape;
    private final DpNashViConfig config;
    private final double[][][] rewards;
    private final int initialState;
    private final CountReleases privatizer;
    private final CceSolver cceSolver;
    private final Bonus.Constants constants;
    private final double[][][] upperQ;
    private final double[][][] lowerQ;
    private final double[][] upperV;
    private final double[][] lowerV;
    private final double[] bonusOut = new double[2];
    private final CorrelatedPolicy[] policies = new CorrelatedPolicy[2];
    private int scratch;
    private PrivateCounts counts;
    private int planned;
    private int updated;
    private double minimalGap = Double.POSITIVE_INFINITY;
    private double gapSum;
    private double lastGap = Double.NaN;
    private int outputEpisode = -1;
    private CorrelatedPolicy outputPolicy;

    /**
     * A run of Algorithm 1.
     *
     * @param rewards      the known reward table {@code r_h(s, a*B+b)} in [0, 1] (paper footnote 1)
     * @param initialState {@code s_1}
     * @param privatizer   the learner's side of the count privatizer (its stream is already open)
     */
    public DpNashVi(CountShape shape, DpNashViConfig config, double[][][] rewards, int initialState,
                    CountReleases privatizer) {
        this.shape = shape;
        this.config = config;
        this.rewards = checkRewards(shape, rewards);
        if (initialState < 0 || initialState >= shape.numStates()) {
            throw new IllegalArgumentException("initial state must be in [0, " + (shape.numStates() - 1) + "], got "
                    + initialState);
        }
        this.initialState = initialState;
        this.privatizer = privatizer;
        this.cceSolver = new CceSolver(shape.numActionsMax(), shape.numActionsMin(), shape.horizon(),
                config.objective());
        this.constants = new Bonus.Constants(config.c1(), config.c2(), config.iota(shape),
                privatizer.confidenceWidth(), shape.horizon(), shape.numStates());
        int h = shape.horizon();
        int s = shape.numStates();
        int joint = shape.jointActions();
        this.upperQ = new double[h][s][joint];
        this.lowerQ = new double[h][s][joint];
        this.upperV = new double[h + 1][s];
        this.lowerV = new double[h + 1][s];
        for (int i = 0; i < policies.length; i++) {
            policies[i] = new CorrelatedPolicy(shape.numActionsMax(), shape.numActionsMin(), new double[h][s][joint]);
        }
        this.counts = privatizer.initialCounts();
    }

    /**
     * Lines 4-17 and 20-21 for the next episode: the correlated policy {@code pi^k} to deploy, valid until the next
     * call (or, if it becomes the output policy, until the output changes; see the class comment).
     *
     * @throws IllegalStateException if more than K episodes are planned or the previous episode was not
     *                               fed to {@link #update}
     */
    public CorrelatedPolicy plan() {
        if (planned >= config.episodes()) {
            throw new IllegalStateException("DP-Nash-VI was configured for K = " + config.episodes() + " episodes");
        }
        if (planned != updated) {
            throw new IllegalStateException("update must be called after each planned episode");
        }
        int horizon = shape.horizon();
        int numStates = shape.numStates();
        int joint = shape.jointActions();
        CorrelatedPolicy policy = policies[scratch];
        double[][][] table = policy.table();
        double[] pairCounts = counts.pairs();
        double[] transitionCounts = counts.transitions();
        double[] out = bonusOut;
        for (int h = horizon - 1; h >= 0; h--) {
            double cap = config.truncation() == Truncation.H ? horizon : horizon - h;
            double[] upperNext = upperV[h + 1];
            double[] lowerNext = lowerV[h + 1];
            for (int s = 0; s < numStates; s++) {
                for (int j = 0; j < joint; j++) {
                    int pair = shape.pairIndex(h, s, j);
                    Bonus.evaluate(transitionCounts, pair * numStates, pairCounts[pair], upperNext, lowerNext,
                            rewards[h][s][j], cap, constants, out);
                    upperQ[h][s][j] = out[0];
                    lowerQ[h][s][j] = out[1];
                }
                double[] pi = table[h][s];
                cceSolver.solve(upperQ[h][s], lowerQ[h][s], pi);
                double up = 0;
                double lo = 0;
                for (int j = 0; j < joint; j++) {
                    up += pi[j] * upperQ[h][s][j];
                    lo += pi[j] * lowerQ[h][s][j];
                }
                upperV[h][s] = up;
                lowerV[h][s] = lo;
            }
        }
        planned++;
        lastGap = upperV[0][initialState] - lowerV[0][initialState];
        gapSum += lastGap;
        if (lastGap < minimalGap) {
            minimalGap = lastGap;
            outputPolicy = policy;
            outputEpisode = planned;
            scratch = 1 - scratch; // the next plan writes into the other table, never into the output's
        }
        return policy;
    }

    /** Line 19: the privatizer turns the episode's indicators into {@code N~^{k+1}}. */
    public void update(EpisodeIndicators indicators) {
        update(indicators.pairs(), indicators.nextStates());
    }

    /**
     * {@link #update(EpisodeIndicators)} from the caller's arrays ({@code pairs[h]}, {@code nextStates[h]}, as in
     * {@link EpisodeIndicators}), read before this returns and not kept: the learner's path, without a copy.
     */
    void update(int[] pairs, int[] nextStates) {
        if (updated >= planned) {
            throw new IllegalStateException("update called before plan");
        }
        counts = privatizer.update(pairs, nextStates);
        updated++;
    }

    /**
     * Line 24: the min-gap correlated policy (its marginals are the output pair); valid until the output changes
     * (see the class comment).
     */
    public CorrelatedPolicy outputPolicy() {
        if (outputPolicy == null) {
            throw new IllegalStateException("no episode has been planned yet");
        }
        return outputPolicy;
    }

    /** The episode (from 1) whose policy is the output. */
    public int outputEpisode() {
        return outputEpisode;
    }

    /** True if no certified gap fell below H, so the output is the fallback {@code pi^1} (our choice; see above). */
    public boolean outputFallbackUsed() {
        return outputEpisode == 1 && !(minimalGap < shape.horizon());
    }

    /** {@code Delta_min = min_k (Vup^k_1 - Vlo^k_1)(s_1)}. */
    public double minimalGap() {
        return minimalGap;
    }

    /** The certified gap of the last planned episode. */
    public double lastGap() {
        return lastGap;
    }

    /** Mean certified gap over planned episodes. */
    public double meanGap() {
        return gapSum / Math.max(1, planned);
    }

    /** {@code Qup^k_h(s, .)} of the last planned episode (read-only view). */
    public double[] upperQ(int stage, int state) {
        return upperQ[stage][state];
    }

    /** {@code Qlo^k_h(s, .)} of the last planned episode. */
    public double[] lowerQ(int stage, int state) {
        return lowerQ[stage][state];
    }

    /** {@code Vup^k_h(s)} of the last planned episode ({@code h = H} gives 0). */
    public double upperV(int stage, int state) {
        return upperV[stage][state];
    }

    /** {@code Vlo^k_h(s)} of the last planned episode. */
    public double lowerV(int stage, int state) {
        return lowerV[stage][state];
    }

    /** {@code s_1}, where the certified gap is measured. */
    public int initialState() {
        return initialState;
    }

    /** Episodes planned so far. */
    public int episodesPlanned() {
        return planned;
    }

    /** The counts the next plan uses. */
    public PrivateCounts counts() {
        return counts;
    }

    /** The learner's side of the count privatizer (noisy counts, fallbacks, width). */
    public CountReleases privatizer() {
        return privatizer;
    }

    /** The configuration. */
    public DpNashViConfig config() {
        return config;
    }

    /** The count shape. */
    public CountShape shape() {
        return shape;
    }

    /** Number of CCE re-solves so far. */
    public int cceRetries() {
        return cceSolver.retries();
    }

    /**
     * Checks that a known reward table has shape {@code [H][S][A*B]} and entries in [0, 1] (the paper's known
     * rewards, footnote 1, which the optimistic cap {@code H - h + 1} assumes). The table comes without
     * its environment, so the messages call it "the game" ({@link #checkRewards(CountShape, double[][][], String)}
     * names the environment).
     *
     * @return {@code rewards}
     * @throws IllegalArgumentException naming dp-nash-vi, the stage, state and joint action {@code a*B+b} (all from
     *                                  0) of the first offending entry or row, the accepted shape or range and the
     *                                  given one
     */
    static double[][][] checkRewards(CountShape shape, double[][][] rewards) {
        return checkRewards(shape, rewards, "the game");
    }

    /**
     * {@link #checkRewards(CountShape, double[][][])} with the messages naming the table's source {@code game}, for
     * example {@code environment 'random-zero-sum'}.
     *
     * @return {@code rewards}
     */
    static double[][][] checkRewards(CountShape shape, double[][][] rewards, String game) {
        String table = DpNashViProvider.NAME + ": the reward table r_h(s, a*B+b) of " + game + " must have ";
        if (rewards.length != shape.horizon()) {
            throw new IllegalArgumentException(table + "H = " + shape.horizon() + " stages, got " + rewards.length);
        }
        for (int h = 0; h < rewards.length; h++) {
            if (rewards[h].length != shape.numStates()) {
                throw new IllegalArgumentException(table + "S = " + shape.numStates() + " states at stage h = " + h
                        + ", got " + rewards[h].length);
            }
            for (int s = 0; s < rewards[h].length; s++) {
                double[] row = rewards[h][s];
                if (row.length != shape.jointActions()) {
                    throw new IllegalArgumentException(table + "A*B = " + shape.numActionsMax() + "*"
                            + shape.numActionsMin() + " = " + shape.jointActions() + " joint actions at stage h = "
                            + h + ", state s = " + s + ", got " + row.length);
                }
                for (int j = 0; j < row.length; j++) {
                    if (!(row[j] >= 0 && row[j] <= 1)) {
                        throw new IllegalArgumentException(DpNashViProvider.NAME + ": the known reward"
                                + " r_h(s, a*B+b) of " + game + " at stage h = " + h + ", state s = " + s
                                + ", joint action a*B+b = " + j + " (a = " + j / shape.numActionsMin() + ", b = "
                                + j % shape.numActionsMin() + "; indices from 0) must be in [0, 1] (the paper's"
                                + " known rewards, footnote 1, which the optimistic cap H - h + 1 assumes), got "
                                + row[j]);
                    }
                }
            }
        }
        return rewards;
    }
}
