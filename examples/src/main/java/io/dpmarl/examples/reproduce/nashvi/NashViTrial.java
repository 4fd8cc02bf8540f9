package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.algorithms.tabular.nashvi.CorrelatedPolicy;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViConfig;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViLearner;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViProvider;
import io.dpmarl.algorithms.tabular.nashvi.EpisodeLoop;
import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One trial of the DP-Nash-VI protocol: K episodes of self-play with the exact per-episode regret
 * {@code g_k = V^{dagger,nu^k}_1(s_1) - V^{mu^k,dagger}_1(s_1)} of the marginals (spec 001 Sections 1.4, 2.11)
 * and, at each checkpoint, the output policy's Nash gap. The trial's streams derive from its seed only:
 * environment ({@code "env"}) and policy ({@code "policy"}) streams are shared by every configuration with
 * the same seed (paired comparisons), privacy noise has its own namespace.
 */
public final class NashViTrial {
    private NashViTrial() {
    }

    /** Runs one trial. */
    public static TrialResult run(TabularZeroSumGame game, DpNashViConfig config, long seed, List<Integer> checkpoints) {
        RandomStreams streams = RandomStreams.of(seed);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), PrivacyLedger.unaccounted(),
                Optional.of(game), Registry.of(List.of()));
        DpNashViLearner learner = DpNashViProvider.create(game, config, context);
        ZeroSumOracle oracle = new ZeroSumOracle(game);
        RandomGenerator environmentSeeds = streams.stream("env");
        int[] points = checkpoints.stream().mapToInt(Integer::intValue).toArray();
        double[] regret = new double[points.length];
        double[] nashGap = new double[points.length];
        double[] certified = new double[points.length];
        double cumulative = 0;
        int next = 0;
        for (int k = 0; k < config.episodes(); k++) {
            EpisodeLoop.run(game, learner, k, environmentSeeds.nextLong());
            CorrelatedPolicy pi = learner.episodePolicy();
            cumulative += Math.max(0.0, oracle.nashGap(pi));
            if (next < points.length && k + 1 == points[next]) {
                regret[next] = cumulative;
                nashGap[next] = oracle.nashGap(learner.algorithm().outputPolicy());
                certified[next] = learner.algorithm().minimalGap();
                next++;
            }
        }
        return new TrialResult(seed, points, regret, nashGap, certified, learner.algorithm().outputFallbackUsed(),
                learner.algorithm().cceRetries(), learner.algorithm().privatizer().postProcessingFallbacks());
    }
}
