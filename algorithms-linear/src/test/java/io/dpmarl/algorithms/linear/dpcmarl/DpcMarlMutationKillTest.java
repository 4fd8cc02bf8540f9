package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Tests added after a PIT survey of {@code dpcmarl}: the clipped Laplace critic privatizer's sensitivity, clip count
 * and coordinate limit, and the literal Algorithm 2 update of {@link DpcMarlLinear} against a transcription of its
 * lines 4-13 ("Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for Networked Social
 * Systems", Appendix XIII; ConsensusMARL, Zhang et al. 2018) written in this test.
 */
class DpcMarlMutationKillTest {

    /** Two L1-clipped vectors differ by at most 2C in L1: C = 1.5 gives sensitivity 3. */
    @Test
    void clippedSensitivityIsTwiceTheClip() {
        assertEquals(Sensitivity.l1(3.0), new ClippedLaplacePrivatizer(1.0, 1.5, 4).sensitivity());
    }

    /**
     * The clip is counted only above C: (1, -0.5) has L1 norm exactly C = 1.5 (not clipped, not counted); (1, -0.75)
     * has 1.75 and is scaled by 1.5/1.75 and counted.
     */
    @Test
    void clipCountedOnlyAboveTheNorm() {
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1.0, 1.5, 4);
        assertArrayEquals(new double[] {1, -0.5}, privatizer.clipped(new double[] {1, -0.5}), 0.0);
        release(privatizer, new double[] {1, -0.5});
        assertEquals(0, privatizer.clippedReleases());
        assertArrayEquals(new double[] {1.5 / 1.75, -0.75 * 1.5 / 1.75}, privatizer.clipped(new double[] {1, -0.75}),
                1e-15);
        release(privatizer, new double[] {1, -0.75});
        assertEquals(1, privatizer.clippedReleases());
    }

    /** The float-safe guarantee covers at most max-coordinates values: 2 are released, 3 refused before any charge. */
    @Test
    void releasesAboveMaxCoordinatesAreRefused() {
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1.0, 1.5, 2);
        privatizer.checkCoordinates(2);
        assertThrows(IllegalArgumentException.class, () -> privatizer.checkCoordinates(3));
        release(privatizer, new double[] {0.1, 0.2});
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                new Statistic.Vector(new double[] {0.1, 0.2, 0.3}), NoiseSource.seeded(1), ledger, LedgerKey.agent(0)));
        assertEquals(0, ledger.charges());
    }

    private static void release(ClippedLaplacePrivatizer privatizer, double[] values) {
        privatizer.release(new Statistic.Vector(values), NoiseSource.seeded(1), PrivacyLedger.unaccounted(),
                LedgerKey.agent(0));
    }

    /**
     * One agent, two states, two actions, states alternating 0, 1, 0, ... and reward {@code 1 + s + 2a} (so every
     * entry and sign matters). With one agent the consensus leaves the critic unchanged, and the counterfactual
     * baseline is {@code sum_b pi(b|s) Q(s, b)}. The reference below is Algorithm 2 for N = 1: sample the next action
     * from the softmax, TD error {@code delta = r - mu + Q(s', a') - Q(s, a)}, advantage
     * {@code Q(s, a) - sum_b pi(b|s) Q(s, b)},
     * critic step {@code beta_omega delta} on the visited entry, actor step {@code beta_theta A (1{b = a} - pi(b|s))},
     * {@code mu <- (1 - beta_omega) mu + beta_omega r}, with {@code beta_omega = (t+1)^-0.65},
     * {@code beta_theta = (t+1)^-0.85}. The actions are read from the learner (they are inputs of the update).
     */
    @Test
    void literalUpdateMatchesTheTranscription() {
        EnvironmentInfo info = new EnvironmentInfo("alternating", 1, List.of(new Space.Discrete(2)),
                List.of(new Space.Discrete(2)), 100, GameType.finite(GameType.Utility.COOPERATIVE));
        RandomGenerator random = new SplittableRandom(5);
        DpcMarlLinear learner = new DpcMarlLinear(info, 2, CommunicationGraph.complete(1),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), new RandomGenerator[] {random});
        double[] omega = new double[4];
        double[] theta = new double[4];
        double mu = 0;
        int state = 0;
        learner.beginEpisode(0, new Observation[] {Observation.discrete(state)});
        int action = learner.act(0, new Observation[] {Observation.discrete(state)})[0];
        for (int t = 0; t < 8; t++) {
            int next = 1 - state;
            double reward = 1 + state + 2 * action;
            learner.observe(t, new int[] {action}, new StepResult(new Observation[] {Observation.discrete(next)},
                    new double[] {reward}, false, false, Map.of()));
            int following = learner.act(t + 1, new Observation[] {Observation.discrete(next)})[0];
            double criticStep = Math.pow(t + 1, -0.65);
            double actorStep = Math.pow(t + 1, -0.85);
            double[] pi = softmax(theta, state);
            double delta = reward - mu + omega[next * 2 + following] - omega[state * 2 + action];
            double advantage = omega[state * 2 + action] - (pi[0] * omega[state * 2] + pi[1] * omega[state * 2 + 1]);
            omega[state * 2 + action] += criticStep * delta;
            for (int b = 0; b < 2; b++) {
                theta[state * 2 + b] += actorStep * advantage * ((b == action ? 1 : 0) - pi[b]);
            }
            mu = (1 - criticStep) * mu + criticStep * reward;
            state = next;
            action = following;
        }
        assertArrayEquals(omega, learner.critic(0), 1e-12);
        assertEquals(mu, learner.averageReward(0), 1e-12);
        for (int s = 0; s < 2; s++) {
            double[] pi = softmax(theta, s);
            assertEquals(pi[0], learner.probability(0, s, 0), 1e-12, "state " + s);
            assertEquals(pi[1], learner.probability(0, s, 1), 1e-12, "state " + s);
        }
        // the actor moved: otherwise the check above would not test the actor step
        assertEquals(false, theta[0] == 0 && theta[1] == 0 && theta[2] == 0 && theta[3] == 0);
    }

    /**
     * The literal neighbour mean ignores whatever {@code out} held: on the path 0 - 1 - 2, agent 1 averages its
     * neighbours' releases (2, 4) and (4, 0) to (3, 2), even when {@code out} starts as (100, 100) (the exchange reuses
     * its buffers from round to round).
     */
    @Test
    void neighbourMeanOverwritesTheBuffer() {
        double[] out = {100, 100};
        ConsensusRule.NEIGHBOUR_MEAN_LITERAL.combine(1, CommunicationGraph.path(3), new double[] {9, 9},
                new double[][] {{2, 4}, {7, 7}, {4, 0}}, out);
        assertArrayEquals(new double[] {3, 2}, out, 1e-15);
    }

    /**
     * Sampling follows the softmax, greedy only in evaluation: with untrained actors (uniform policy) 60 fresh
     * episodes of one agent draw both actions (all 60 equal has probability 2 * 2^-60); in evaluation mode the
     * learner plays the most probable action, the lowest index on the uniform tie: always 0.
     */
    @Test
    void trainingSamplesAndEvaluationIsGreedy() {
        EnvironmentInfo info = new EnvironmentInfo("alternating", 1, List.of(new Space.Discrete(2)),
                List.of(new Space.Discrete(2)), 100, GameType.finite(GameType.Utility.COOPERATIVE));
        DpcMarlLinear learner = new DpcMarlLinear(info, 2, CommunicationGraph.complete(1),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"),
                new RandomGenerator[] {new SplittableRandom(9)});
        Observation[] start = {Observation.discrete(0)};
        boolean[] seen = new boolean[2];
        for (int episode = 0; episode < 60; episode++) {
            learner.beginEpisode(episode, start);
            seen[learner.act(0, start)[0]] = true;
        }
        assertEquals(true, seen[0] && seen[1]);
        learner.evaluationMode(true);
        for (int episode = 0; episode < 10; episode++) {
            learner.beginEpisode(episode, start);
            assertEquals(0, learner.act(0, start)[0]);
        }
    }

    private static double[] softmax(double[] theta, int state) {
        double a = Math.exp(theta[state * 2]);
        double b = Math.exp(theta[state * 2 + 1]);
        return new double[] {a / (a + b), b / (a + b)};
    }
}
