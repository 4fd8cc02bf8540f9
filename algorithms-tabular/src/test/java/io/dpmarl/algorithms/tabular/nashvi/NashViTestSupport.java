package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;

import java.util.List;
import java.util.Optional;

/** Test fixtures: a privatizer kind, a configuration with its privatizer, a learner on a game, one episode. */
final class NashViTestSupport {
    private NashViTestSupport() {
    }

    /** The three count privatizers. */
    enum Kind {
        NON_PRIVATE, CENTRAL, LOCAL;

        CountsPrivatizer privatizer(double epsilon, int horizon, NoiseCalibration calibration) {
            return switch (this) {
                case NON_PRIVATE -> new NonPrivateCountsPrivatizer(horizon);
                case CENTRAL -> new CentralCountsPrivatizer(epsilon, horizon, calibration);
                case LOCAL -> new LocalCountsPrivatizer(epsilon, horizon, calibration);
            };
        }
    }

    /** A configuration with the privatizer it runs with. */
    record Setup(DpNashViConfig config, Kind kind, double epsilon, NoiseCalibration calibration) {
        static Setup practical(int episodes, double epsilon, double beta, Kind kind, double bonusScale, double eScale,
                               Truncation truncation) {
            return new Setup(DpNashViConfig.practical(episodes, beta, bonusScale, eScale, truncation), kind, epsilon,
                    NoiseCalibration.RIGOROUS);
        }

        static Setup theory(int episodes, double epsilon, double beta, Kind kind) {
            return new Setup(DpNashViConfig.theory(episodes, beta), kind, epsilon, NoiseCalibration.RIGOROUS);
        }

        int episodes() {
            return config.episodes();
        }

        ConstantMode mode() {
            return config.mode();
        }

        CountsPrivatizer privatizer(int horizon) {
            return kind.privatizer(epsilon, horizon, calibration);
        }

        double width(CountShape shape) {
            return config.width(privatizer(shape.horizon()), shape);
        }
    }

    static CountShape shape(TabularZeroSumGame game) {
        return DpNashViProvider.shapeOf(game.info());
    }

    /** A learner on a game; policy stream and privacy noise derive from the seed. */
    static DpNashViLearner learner(TabularZeroSumGame game, Setup setup, long seed, PrivacyLedger ledger) {
        RandomStreams streams = RandomStreams.of(seed);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(game),
                Registry.of(List.of()));
        CountShape shape = shape(game);
        return DpNashViProvider.create(game, shape, setup.config(), setup.privatizer(shape.horizon()), context);
    }

    /** Plays one episode in the learner's call order; returns agent 0's return. */
    static double playEpisode(Environment environment, Learner learner, int episode, long seed) {
        Observation[] observations = environment.reset(seed);
        learner.beginEpisode(episode, observations);
        double total = 0;
        for (int stage = 0; stage < environment.info().horizon(); stage++) {
            int[] action = learner.act(stage, observations);
            StepResult result = environment.step(action);
            learner.observe(stage, action, result);
            total += result.rewards()[0];
            observations = result.observations();
            if (result.done()) {
                break;
            }
        }
        learner.endEpisode(episode);
        return total;
    }

    /** A random episode of the shape: stage 0 starts in s = 0. */
    static EpisodeIndicators randomEpisode(CountShape shape, java.util.SplittableRandom random) {
        int horizon = shape.horizon();
        int[] pairs = new int[horizon];
        int[] next = new int[horizon];
        int state = 0;
        for (int h = 0; h < horizon; h++) {
            pairs[h] = shape.pairIndex(h, state, random.nextInt(shape.jointActions()));
            next[h] = random.nextInt(shape.numStates());
            state = next[h];
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** An episode that differs from {@code other} in every (h,s,a,b) and every (h,s,a,b,s'). */
    static EpisodeIndicators disjointEpisode(CountShape shape, EpisodeIndicators other) {
        int horizon = shape.horizon();
        int[] pairs = new int[horizon];
        int[] next = new int[horizon];
        int state = 0;
        for (int h = 0; h < horizon; h++) {
            int otherJoint = other.pairs()[h] % shape.jointActions();
            pairs[h] = shape.pairIndex(h, state, (otherJoint + 1) % shape.jointActions());
            next[h] = (other.nextStates()[h] + 1) % shape.numStates();
            state = next[h];
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** The user's statistic: pair indicators, then transition indicators (the layout of {@link CountReleases}). */
    static double[] indicatorVector(CountShape shape, EpisodeIndicators episode) {
        double[] pairs = new double[shape.pairCount()];
        double[] transitions = new double[shape.transitionCount()];
        episode.addTo(pairs, transitions, shape.numStates());
        double[] vector = new double[pairs.length + transitions.length];
        System.arraycopy(pairs, 0, vector, 0, pairs.length);
        System.arraycopy(transitions, 0, vector, pairs.length, transitions.length);
        return vector;
    }
}
