package io.dpmarl.algorithms.tabular.golden;

import io.dpmarl.algorithms.tabular.nashvi.DpNashViConfig;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViLearner;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViProvider;
import io.dpmarl.algorithms.tabular.nashvi.EpisodeLoop;
import io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind;
import io.dpmarl.algorithms.tabular.nashvi.Truncation;
import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Records the golden values of the pre-refactor DP-Nash-VI path (EpisodeLoop + DpNashViProvider.create, as
 * NashViTrial did) with the stream names of the pipeline: environment resets from "environment/reset",
 * privacy noise from "privacy", the policy from "policy". Run once with -Ddpmarl.recordGolden=true.
 */
class GoldenRecorder {
    static final int EPISODES = 300;

    @Test
    @EnabledIfSystemProperty(named = "dpmarl.recordGolden", matches = "true")
    void record() throws Exception {
        Path dir = Path.of("../examples/src/test/resources/golden/dp-nash-vi");
        for (String game : List.of("rz-tiny", "matching-pennies")) {
            StringBuilder csv = new StringBuilder("privatizer,seed,episode,cumulative_regret,nash_gap,minimal_gap,"
                    + "post_processing_fallbacks\n");
            for (PrivatizerKind kind : PrivatizerKind.values()) {
                for (long seed : new long[] {11, 12}) {
                    TabularZeroSumGame model = game.equals("rz-tiny") ? ZeroSumGames.random(2, 2, 2, 2, 7)
                            : ZeroSumGames.matchingPennies();
                    DpNashViConfig config = DpNashViConfig.practical(EPISODES, 1.0, 0.1, kind, 0.1, 0.001,
                            Truncation.H_MINUS_H_PLUS_1);
                    RandomStreams streams = RandomStreams.of(seed);
                    PluginContext context = new PluginContext(streams, streams.noise("privacy"),
                            PrivacyLedger.unaccounted(), Optional.of(model), Registry.of(List.of()));
                    DpNashViLearner learner = DpNashViProvider.create(model, config, context);
                    ZeroSumOracle oracle = new ZeroSumOracle(model);
                    RandomGenerator resets = streams.stream("environment/reset");
                    double cumulative = 0;
                    for (int k = 0; k < EPISODES; k++) {
                        EpisodeLoop.run(model, learner, k, resets.nextLong());
                        cumulative += Math.max(0.0, oracle.nashGap(learner.episodePolicy()));
                        csv.append(kind.label()).append(',').append(seed).append(',').append(k + 1).append(',')
                                .append(cumulative).append(',')
                                .append(oracle.nashGap(learner.algorithm().outputPolicy())).append(',')
                                .append(learner.algorithm().minimalGap()).append(',')
                                .append(learner.algorithm().privatizer().postProcessingFallbacks()).append('\n');
                    }
                }
            }
            Files.writeString(dir.resolve(game + ".csv"), csv.toString());
        }
    }
}
