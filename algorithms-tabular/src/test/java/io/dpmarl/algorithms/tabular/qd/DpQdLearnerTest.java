package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.cbmp.CbmpEnvironment;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** DP-QD-Learning against independent reference implementations, on CBMP. */
class DpQdLearnerTest {
    private static final int STEPS = 3000;

    @Test
    void withoutNoiseItIsQdLearningExactly() {
        // Reference QD-learning written from the update law (Kar et al.; Qiao et al. eq. 2 with eta = 0), driven by
        // the same behaviour stream and environment seeds: the tables must agree bit for bit.
        CbmpEnvironment environment = QdHarness.cbmp(3);
        DpQdLearner learner = QdHarness.learner(environment, 3, Optional.empty(), PrivacyLedger.unaccounted());
        CbmpEnvironment referenceEnvironment = QdHarness.cbmp(3);
        CommunicationGraph graph = referenceEnvironment.communicationGraphs().graphAt(0, 0);
        double[][][] q = new double[QdHarness.AGENTS][2][2];
        long[][] visits = new long[2][2];
        RandomGenerator behaviour = RandomStreams.of(3).stream(DpQdLearner.BEHAVIOUR_STREAM);
        java.util.SplittableRandom resets = new java.util.SplittableRandom(11);
        int done = 0;
        while (done < STEPS) {
            int state = referenceEnvironment.reset(resets.nextLong())[0].state();
            for (int stage = 0; stage < 100 && done < STEPS; stage++, done++) {
                int action = behaviour.nextInt(2);
                int[] joint = new int[QdHarness.AGENTS];
                java.util.Arrays.fill(joint, action);
                var result = referenceEnvironment.step(joint);
                int next = result.observations()[0].state();
                long k = visits[state][action]++;
                double alpha = 1.0 / (k + 1);
                double beta = 0.05 / Math.pow(k + 1, 0.2);
                double[] updated = new double[QdHarness.AGENTS];
                for (int i = 0; i < QdHarness.AGENTS; i++) {
                    double consensus = 0;
                    for (int j : graph.neighbourArray(i)) {
                        consensus += q[i][state][action] - q[j][state][action];
                    }
                    double td = result.rewards()[i] + 0.7 * Math.max(q[i][next][0], q[i][next][1])
                            - q[i][state][action];
                    updated[i] = q[i][state][action] - beta * consensus + alpha * td;
                }
                for (int i = 0; i < QdHarness.AGENTS; i++) {
                    q[i][state][action] = updated[i];
                }
                state = next;
            }
        }
        QdHarness.run(environment, learner, 11, STEPS, 100, result -> { });
        for (int i = 0; i < QdHarness.AGENTS; i++) {
            for (int s = 0; s < 2; s++) {
                for (int a = 0; a < 2; a++) {
                    assertEquals(q[i][s][a], learner.value(i, s, a), 0.0, "agent " + i + " pair " + s + a);
                }
            }
        }
        assertEquals(0.0, learner.episodeMessages().sumSquaredError(), 0.0);
    }

    @Test
    void privateAndNonPrivateRunsArePaired() {
        // Same seed: DP-QD (noise on) and QD see the same states and actions (paired common random numbers), and
        // their tables differ only through the noise.
        List<Integer> privateStates = new ArrayList<>();
        List<Integer> clearStates = new ArrayList<>();
        CbmpEnvironment privateEnvironment = QdHarness.cbmp(5);
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        DpQdLearner dp = QdHarness.learner(privateEnvironment, 5, Optional.of(new DpQdLaplacePrivatizer(10, 0.99, 1)),
                ledger);
        QdHarness.run(privateEnvironment, dp, 7, 500, 50, r -> privateStates.add(r.observations()[0].state()));
        CbmpEnvironment clearEnvironment = QdHarness.cbmp(5);
        DpQdLearner qd = QdHarness.learner(clearEnvironment, 5, Optional.empty(), PrivacyLedger.unaccounted());
        QdHarness.run(clearEnvironment, qd, 7, 500, 50, r -> clearStates.add(r.observations()[0].state()));
        assertEquals(clearStates, privateStates);
        assertNotEquals(qd.value(0, 0, 0), dp.value(0, 0, 0));
        // One release per agent per step, each charged to the agent: 500 releases per agent key.
        for (int i = 0; i < QdHarness.AGENTS; i++) {
            assertEquals(500, ledger.releases(LedgerKey.agent(i)));
        }
        // Basic composition of eps_t = 1/(10 * 0.99^t), t < 500: (0.1)(0.99^-500 - 1)/(0.99^-1 - 1), plus the
        // float-safe excess (relative 2^-39).
        double expected = 0.1 * (Math.pow(0.99, -500) - 1) / (1 / 0.99 - 1);
        assertEquals(expected, ledger.epsilon(LedgerKey.agent(3), 0.0), expected * 1e-9);
    }

    @Test
    void messageStatisticsMatchTheDeclaredNoise() {
        // Undecaying noise nu = 10: over 20 agents x 1000 steps the mean squared message error estimates
        // 2 nu^2 = 200 with relative sd sqrt(5/20000) = 1.6% (Laplace kurtosis 6); bound 10% (6 sd).
        CbmpEnvironment environment = QdHarness.cbmp(9);
        DpQdLearner learner = QdHarness.learner(environment, 9, Optional.of(new DpQdLaplacePrivatizer(10, 1, 1)),
                PrivacyLedger.of(BasicAccountant::new, 0.0));
        QdHarness.run(environment, learner, 9, 1000, 1000, r -> { });
        var stats = learner.episodeMessages();
        assertEquals(20_000, stats.releases());
        assertEquals(200 * 20_000, stats.sumDeclaredVariance().orElseThrow(), 1e-6);
        assertEquals(1.0, stats.sumSquaredError() / stats.sumDeclaredVariance().orElseThrow(), 0.10);
        assertTrue(stats.lastObserved().isPresent());
        assertEquals(999, stats.lastObserved().get().step());
    }

    @Test
    void bothLearnersDeclareTheDiscountOfTheirTargets() {
        // The qd-error evaluator compares this with the environment's discount, so it must be the learner's own gamma.
        CbmpEnvironment environment = QdHarness.cbmp(5);
        RandomStreams streams = RandomStreams.of(5);
        DpQdLearner learner = new DpQdLearner(QdHarness.AGENTS, 2, 2, environment.communicationGraphs(),
                GainSchedule.kar(1.0, 0.05), 0.3, Optional.empty(), streams.noise("privacy"),
                PrivacyLedger.unaccounted(), streams.stream(DpQdLearner.BEHAVIOUR_STREAM),
                TrialMetrics.discarding(), 0);
        assertEquals(OptionalDouble.of(0.3), learner.discount());
        CenterQdLearner center = new CenterQdLearner(QdHarness.AGENTS, 2, 2, GainSchedule.kar(1.0, 0.05), 0.45,
                streams.stream(DpQdLearner.BEHAVIOUR_STREAM));
        assertEquals(OptionalDouble.of(0.45), center.discount());
    }

    @Test
    void centerQdIsQLearningOnTheAverageReward() {
        CbmpEnvironment environment = QdHarness.cbmp(4);
        CenterQdLearner center = new CenterQdLearner(QdHarness.AGENTS, 2, 2, GainSchedule.kar(1.0, 0.05), 0.7,
                RandomStreams.of(4).stream(DpQdLearner.BEHAVIOUR_STREAM));
        double[][] reference = new double[2][2];
        long[][] visits = new long[2][2];
        int[] previous = new int[1];
        RandomGenerator behaviour = RandomStreams.of(4).stream(DpQdLearner.BEHAVIOUR_STREAM);
        // Track the state through the harness: the reference replays the learner's transitions.
        List<double[]> transitions = new ArrayList<>();
        QdHarness.run(environment, new io.dpmarl.core.learn.Learner() {
            @Override
            public void beginEpisode(int episode, io.dpmarl.core.env.Observation[] observations) {
                center.beginEpisode(episode, observations);
                previous[0] = observations[0].state();
            }

            @Override
            public int[] act(int stage, io.dpmarl.core.env.Observation[] observations) {
                previous[0] = observations[0].state();
                return center.act(stage, observations);
            }

            @Override
            public void observe(int stage, int[] jointAction, io.dpmarl.core.env.StepResult result) {
                double average = 0;
                for (double r : result.rewards()) {
                    average += r;
                }
                transitions.add(new double[] {previous[0], jointAction[0], result.observations()[0].state(),
                        average / QdHarness.AGENTS});
                center.observe(stage, jointAction, result);
            }

            @Override
            public void endEpisode(int episode) {
                center.endEpisode(episode);
            }

            @Override
            public io.dpmarl.core.game.Policy policy() {
                return center.policy();
            }
        }, 8, 2000, 100, r -> { });
        for (double[] t : transitions) {
            int s = (int) t[0];
            int a = (int) t[1];
            int next = (int) t[2];
            assertEquals(behaviour.nextInt(2), a, "the behaviour stream drives the actions");
            long k = visits[s][a]++;
            reference[s][a] += (1.0 / (k + 1)) * (t[3] + 0.7 * Math.max(reference[next][0], reference[next][1])
                    - reference[s][a]);
        }
        for (int s = 0; s < 2; s++) {
            for (int a = 0; a < 2; a++) {
                assertEquals(reference[s][a], center.value(7, s, a), 0.0);
            }
        }
    }
}
