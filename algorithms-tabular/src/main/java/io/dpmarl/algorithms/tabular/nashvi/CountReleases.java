package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;

/**
 * The learner's side of DP-Nash-VI's count privatizer (Algorithm 1, line 19): each episode's indicators go to a
 * {@link CountsPrivatizer} stream, and the release (running totals, or one user's report that is summed here,
 * eq. 6) becomes {@code N^}; the post-processing of Section 5.3 (eqs. 8-9, {@link CountPostProcessor}) then gives
 * the counts {@code N~} the learner plans with. Everything here is post-processing of releases, so it keeps the
 * privatizer's guarantee; the ledger is charged by the streams only.
 */
public final class CountReleases {
    private final CountShape shape;
    private final int episodes;
    private final double width;
    private final CountsPrivatizer privatizer;
    private final PrivacyLedger ledger;
    private final NoiseSource noise;
    private final double[] pairs;
    private final double[] transitions;
    private final double[] items;
    private final Statistic.Vector input;
    private final int[] setItems;
    private final PrivateCounts counts;
    private final double[] report;
    private final CountPostProcessor.Workspace workspace;
    private double[] noisy;
    private CountStream stream;
    private int consumed;
    private int fallbacks;
    private int lastFallbacks;

    /**
     * Opens the run's stream (for running totals; an up-front stream is charged here) and computes {@code N~^1}.
     *
     * @param width E after any practical scaling, at least 0
     */
    public CountReleases(CountShape shape, int episodes, double width, CountsPrivatizer privatizer,
                         PrivacyLedger ledger, NoiseSource noise) {
        this.shape = shape;
        this.episodes = Checks.atLeast("K", episodes, 1);
        this.width = Checks.nonNegativeFinite("E", width);
        if (privatizer.horizon() != shape.horizon()) {
            throw new IllegalArgumentException(privatizer.name() + ": horizon must be the environment's H = "
                    + shape.horizon() + ", got " + privatizer.horizon());
        }
        this.privatizer = privatizer;
        this.ledger = ledger;
        this.noise = noise;
        this.items = new double[shape.pairCount() + shape.transitionCount()];
        this.setItems = new int[2 * shape.horizon()];
        this.noisy = new double[items.length];
        this.pairs = new double[shape.pairCount()];
        this.transitions = new double[shape.transitionCount()];
        this.input = new Statistic.Vector(items); // the same array, refilled every episode
        this.counts = new PrivateCounts(pairs, transitions);
        this.report = privatizer.streamPerUser() ? new double[items.length] : null;
        this.workspace = new CountPostProcessor.Workspace(shape.numStates());
        if (privatizer.postProcesses()) {
            postProcess();
        }
        if (!privatizer.streamPerUser()) {
            stream = privatizer.openEpisodeStream(ledger, noise, 0, episodes);
            stream.reuseOutputs(); // each release is copied into pairs and transitions before the next
        }
    }

    /** {@code N~^1}, the counts before any episode. */
    public PrivateCounts initialCounts() {
        return current();
    }

    /**
     * Releases episode k's indicators and returns {@code N~^{k+1}}.
     *
     * @throws IllegalStateException on episode K + 1
     */
    public PrivateCounts update(EpisodeIndicators indicators) {
        return update(indicators.pairs(), indicators.nextStates());
    }

    /**
     * {@link #update(EpisodeIndicators)} from the caller's arrays ({@code visited[h]} = the flat pair index,
     * {@code next[h]} = {@code s_{h+1}}), read before this returns and not kept; no copy.
     */
    PrivateCounts update(int[] visited, int[] next) {
        if (visited.length != next.length) {
            throw new IllegalArgumentException("one pair and one next state per stage are required");
        }
        if (consumed >= episodes) {
            throw new IllegalStateException(privatizer.name() + " is bounded to K = " + episodes + " episodes");
        }
        for (int index : setItems) {
            items[index] = 0; // clears the previous episode's ones (O(H), not O(HSABS))
        }
        int offset = shape.pairCount();
        for (int h = 0; h < visited.length; h++) {
            items[visited[h]] += 1;
            items[offset + visited[h] * shape.numStates() + next[h]] += 1;
            setItems[2 * h] = visited[h];
            setItems[2 * h + 1] = offset + visited[h] * shape.numStates() + next[h];
        }
        if (privatizer.streamPerUser()) {
            stream = privatizer.openEpisodeStream(ledger, noise, consumed, episodes);
            stream.outputInto(report); // each report is summed into noisy before the next
        }
        double[] released = ((Statistic.Vector) stream.release(input)).values();
        consumed++;
        if (privatizer.releasesRunningTotals()) {
            noisy = released;
        } else if (privatizer.postProcesses()) {
            for (int i = 0; i < released.length; i++) {
                noisy[i] += released[i];
            }
        }
        if (privatizer.postProcesses()) {
            postProcess();
        } else {
            // The exact release is the episode's indicator vector: adding its 2H ones is O(H), not O(HSAB(S+1)).
            for (int h = 0; h < visited.length; h++) {
                pairs[visited[h]] += 1;
                transitions[visited[h] * shape.numStates() + next[h]] += 1;
            }
        }
        return current();
    }

    private void postProcess() {
        System.arraycopy(noisy, 0, pairs, 0, pairs.length);
        System.arraycopy(noisy, pairs.length, transitions, 0, transitions.length);
        lastFallbacks = CountPostProcessor.apply(pairs, transitions, shape.numStates(), width, workspace);
        fallbacks += lastFallbacks;
    }

    private PrivateCounts current() {
        return counts;
    }

    /** The noisy counts {@code N^} before post-processing (a copy, for diagnostics and audits). */
    public PrivateCounts noisyCounts() {
        if (!privatizer.postProcesses()) {
            return new PrivateCounts(pairs.clone(), transitions.clone()); // exact counts: N^ = N~ = N
        }
        return new PrivateCounts(java.util.Arrays.copyOfRange(noisy, 0, pairs.length),
                java.util.Arrays.copyOfRange(noisy, pairs.length, noisy.length));
    }

    /** The width E used by the post-processing and the bonus. */
    public double confidenceWidth() {
        return width;
    }

    /** The privatizer. */
    public CountsPrivatizer privatizer() {
        return privatizer;
    }

    /** The stream of the last release (the run's stream for running totals). */
    public CountStream stream() {
        if (stream == null) {
            throw new IllegalStateException("no stream has been opened yet");
        }
        return stream;
    }

    /** Infeasible post-processing problems so far (outside the good event of Lemma 5.8). */
    public int postProcessingFallbacks() {
        return fallbacks;
    }

    /**
     * The share of the {@code HSAB} post-processing problems of the last update that were infeasible and fell
     * back to {@code x = 0}: the fallback rate (0 without post-processing).
     */
    public double lastFallbackRate() {
        return (double) lastFallbacks / shape.pairCount();
    }

    /** Episodes released so far. */
    public int consumed() {
        return consumed;
    }
}
