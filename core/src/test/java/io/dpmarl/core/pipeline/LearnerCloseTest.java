package io.dpmarl.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/**
 * {@code Pipeline.run} closes the learner exactly once when the run ends, normally or by an exception from the
 * learner (the end-of-run hook a learner holding threads relies on), and not before the last episode ended.
 */
class LearnerCloseTest {
    private final Registry registry = TestPlugins.registry();

    /** Plays action 0; fails in {@code endEpisode} of episode {@code failAt} (never if negative); counts closes. */
    private static final class Counting implements Learner {
        private final int failAt;
        private int episodesEnded;
        private int closes;
        private int episodesEndedAtClose = -1;

        Counting(int failAt) {
            this.failAt = failAt;
        }

        @Override
        public void beginEpisode(int episode, Observation[] observations) {
        }

        @Override
        public int[] act(int stage, Observation[] observations) {
            return new int[observations.length];
        }

        @Override
        public void observe(int stage, int[] jointAction, StepResult result) {
        }

        @Override
        public void endEpisode(int episode) {
            if (episode == failAt) {
                throw new IllegalStateException("fails at episode " + episode);
            }
            episodesEnded++;
        }

        @Override
        public Policy policy() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
            closes++;
            episodesEndedAtClose = episodesEnded;
        }
    }

    private Pipeline pipeline(Learner learner) {
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, "bandit-test(horizon=2)");
        RandomStreams streams = RandomStreams.of(5);
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class,
                "sum-test"), 1e-6);
        return Pipeline.builder().environment(environment).learner(learner).ledger(ledger).streams(streams)
                .metrics(TrialMetrics.discarding()).privacySink(row -> { }).build();
    }

    @Test
    void closesOnceAfterTheLastEpisode() {
        Counting learner = new Counting(-1);
        pipeline(learner).run(new TrialId("close", 0, 5), Schedule.episodes(3));
        assertEquals(1, learner.closes);
        assertEquals(3, learner.episodesEndedAtClose);
    }

    @Test
    void closesWhenTheRunFails() {
        Counting learner = new Counting(1);
        assertThrows(IllegalStateException.class,
                () -> pipeline(learner).run(new TrialId("close", 0, 5), Schedule.episodes(3)));
        assertEquals(1, learner.closes);
        assertEquals(1, learner.episodesEndedAtClose);
    }
}
