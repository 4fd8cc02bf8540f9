package io.dpmarl.core.pipeline;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricSink;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.validation.Checks;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * One trial's assembled components and the episode loop that runs them. Build it with
 * {@link PipelineModule} (Guice, from plugin specs) or in plain Java:
 *
 * <pre>{@code
 * RandomStreams streams = RandomStreams.of(7);
 * PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class, "basic"), 1e-6);
 * Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game");
 * PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(environment), registry);
 * Learner learner = registry.create(PluginKind.LEARNER, Learner.class, "independent-q", context);
 * new Pipeline(environment, learner, ledger, streams, rows::add).run(new TrialId("demo", 0, 7), 100);
 * }</pre>
 *
 * <p>Per episode the loop records {@code episode_return} (the sum over stages of the agents' mean
 * reward) and, when the ledger has been charged and has an accountant, {@code epsilon_spent} (the
 * largest epsilon over ledger keys at the ledger's reporting delta). Steps are episodes counted from 1.
 * Each episode starts with {@code reset(seed)} where the seed is the next value of the trial's
 * {@code "environment/reset"} stream, so the run is reproducible from the trial seed alone.
 *
 * @param environment the environment
 * @param learner     the learner (agent or team) acting in it
 * @param ledger      the trial's privacy ledger (the one the learner's privatizers charge)
 * @param streams     the trial's random streams
 * @param sink        where metric rows go
 */
public record Pipeline(Environment environment, Learner learner, PrivacyLedger ledger, RandomStreams streams,
                       MetricSink sink) {
    /** Metric name of the per-episode return. */
    public static final String EPISODE_RETURN = "episode_return";
    /** Metric name of the privacy loss spent so far. */
    public static final String EPSILON_SPENT = "epsilon_spent";

    public Pipeline {
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(learner, "learner");
        Objects.requireNonNull(ledger, "ledger");
        Objects.requireNonNull(streams, "streams");
        Objects.requireNonNull(sink, "sink");
    }

    /** Runs {@code episodes} episodes, recording metrics under {@code trial}. */
    public void run(TrialId trial, int episodes) {
        Checks.atLeast("episodes", episodes, 1);
        RandomGenerator resets = streams.stream("environment/reset");
        int horizon = environment.info().horizon();
        int agents = environment.info().numAgents();
        for (int episode = 0; episode < episodes; episode++) {
            Observation[] observations = environment.reset(resets.nextLong());
            learner.beginEpisode(episode, observations);
            double episodeReturn = 0;
            int stage = 0;
            while (true) {
                int[] jointAction = learner.act(stage, observations);
                StepResult result = environment.step(jointAction);
                learner.observe(stage, jointAction, result);
                double total = 0;
                for (double reward : result.rewards()) {
                    total += reward;
                }
                episodeReturn += total / agents;
                observations = result.observations();
                stage++;
                if (result.done()) {
                    break;
                }
                if (stage >= horizon) {
                    throw new IllegalStateException(environment.info().name() + " did not end the episode at its horizon "
                            + horizon);
                }
            }
            learner.endEpisode(episode);
            long step = episode + 1L;
            sink.accept(new MetricRecord(trial.experiment(), trial.trial(), trial.seed(), step, EPISODE_RETURN,
                    episodeReturn));
            if (!ledger.keys().isEmpty()) {
                double spent;
                try {
                    spent = ledger.maxEpsilon(ledger.reportingDelta());
                } catch (IllegalStateException unaccounted) {
                    continue;
                }
                sink.accept(new MetricRecord(trial.experiment(), trial.trial(), trial.seed(), step, EPSILON_SPENT,
                        spent));
            }
        }
    }
}
