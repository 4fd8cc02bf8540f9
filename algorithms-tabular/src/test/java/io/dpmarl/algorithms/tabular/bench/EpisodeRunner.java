package io.dpmarl.algorithms.tabular.bench;

import io.dpmarl.algorithms.tabular.nashvi.CentralCountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.CountShape;
import io.dpmarl.algorithms.tabular.nashvi.CountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViConfig;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViLearner;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViProvider;
import io.dpmarl.algorithms.tabular.nashvi.LocalCountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.NoiseCalibration;
import io.dpmarl.algorithms.tabular.nashvi.NonPrivateCountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.Truncation;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.random.RandomGenerator;

/**
 * One DP-Nash-VI learner on one game, played an episode per {@link #getAsDouble()} (plan, H steps, privatizer
 * update; returns the episode's reward). Written against the public API only, so the same class file runs on the
 * current classes and, in an isolated class loader, on the classes of an earlier commit
 * ({@link DpNashViBeforeAfterBenchmark}); {@link DpNashViBenchmark} times it on the current classes. Games:
 * {@code rz-tiny} (S = A = B = H = 2, seed 7), {@code rz-medium} (S = 4, A = B = H = 3) and {@code s20} (S = 20,
 * A = B = 4, H = 5); K = 2^21, so the counters never run out.
 */
public final class EpisodeRunner implements DoubleSupplier {
    private final TabularZeroSumGame game;
    private final DpNashViLearner learner;
    private final RandomGenerator seeds;
    private int episode;

    /** A learner on {@code game} with the {@code privatizer} ("central", "local" or "non-private"). */
    public EpisodeRunner(String gameName, String privatizer) {
        game = switch (gameName) {
            case "rz-tiny" -> ZeroSumGames.random(2, 2, 2, 2, 7);
            case "rz-medium" -> ZeroSumGames.random(4, 3, 3, 3, 7);
            case "s20" -> ZeroSumGames.random(20, 4, 4, 5, 7);
            default -> throw new IllegalArgumentException("game must be rz-tiny, rz-medium or s20, got " + gameName);
        };
        DpNashViConfig config = DpNashViConfig.practical(1 << 21, 0.1, 0.1, 0.001, Truncation.H_MINUS_H_PLUS_1);
        RandomStreams streams = RandomStreams.of(1);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), PrivacyLedger.unaccounted(),
                Optional.of(game), Registry.of(List.of()));
        CountShape shape = new CountShape(game.horizon(), game.numStates(), game.numActionsMax(),
                game.numActionsMin());
        CountsPrivatizer counts = switch (privatizer) {
            case "central" -> new CentralCountsPrivatizer(1.0, shape.horizon(), NoiseCalibration.RIGOROUS);
            case "local" -> new LocalCountsPrivatizer(1.0, shape.horizon(), NoiseCalibration.RIGOROUS);
            default -> new NonPrivateCountsPrivatizer(shape.horizon());
        };
        learner = DpNashViProvider.create(game, shape, config, counts, context);
        seeds = streams.stream("env");
    }

    @Override
    public double getAsDouble() {
        Observation[] observations = game.reset(seeds.nextLong());
        learner.beginEpisode(episode, observations);
        double total = 0;
        for (int stage = 0; stage < game.horizon(); stage++) {
            int[] action = learner.act(stage, observations);
            StepResult result = game.step(action);
            learner.observe(stage, action, result);
            total += result.rewards()[0];
            observations = result.observations();
        }
        learner.endEpisode(episode++);
        return total;
    }
}
