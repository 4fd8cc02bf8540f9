package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Evaluation episodes play the policy MA-LDP would play next (core {@code Learner.evaluationMode}: "acts by its
 * current policy"): planned with the server's state and the reward parameters updated after the last training
 * episode, not that episode's policy, which was planned before its releases. On the paper's network MDP
 * (n = 2, H = 5), after one training episode the server holds the first releases and the plan changes; the
 * evaluation policy must be the one the next training episode then plays, and training must run exactly as without
 * the evaluation (the plan, tie draws included, is made once).
 */
class MaLdpEvaluationPolicyTest {
    private static final String SPEC = "ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=0.2, delta=0.1, "
            + "calibration=paper-literal))";

    /** A seeded learner on the paper instance, with its environment and reset stream. */
    private record Setup(NetworkMdp environment, MaLdpLearner learner, RandomGenerator resets, int states) {
        static Setup of(long seed, int episodes) {
            NetworkMdp environment = MaLdpHarness.paperInstance();
            List<MetricRecord> sink = new ArrayList<>();
            PluginContext context = MaLdpHarness.context(environment, seed, episodes, sink,
                    PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0));
            MaLdpLearner learner = (MaLdpLearner) MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                    SPEC, context);
            int states = environment.capability(LinearMixtureFeatures.class).orElseThrow().numStates();
            return new Setup(environment, learner, context.streams().stream("environment/reset"), states);
        }

        /** Plays training episode k and returns its joint actions per stage. */
        int[] train(int k) {
            Observation[] observations = environment.reset(resets.nextLong());
            learner.beginEpisode(k, observations);
            int horizon = environment.info().horizon();
            int[] played = new int[horizon];
            for (int h = 0; h < horizon; h++) {
                int[] action = learner.act(h, observations);
                played[h] = action[0] * 2 + action[1];
                StepResult result = environment.step(action);
                learner.observe(h, action, result);
                observations = result.observations();
            }
            learner.endEpisode(k);
            return played;
        }

        int[][] table() {
            int[][] table = new int[environment.info().horizon()][states];
            for (int h = 0; h < table.length; h++) {
                for (int s = 0; s < states; s++) {
                    table[h][s] = learner.jointAction(h, s);
                }
            }
            return table;
        }
    }

    @Test
    void evaluationPlaysTheNextEpisodesPolicyNotTheLastOnes() {
        Setup setup = Setup.of(21, 3);
        setup.train(0);
        int[][] stale = setup.table();
        setup.learner().evaluationMode(true);
        int[][] evaluated = setup.table();
        // act in evaluation mode reads that table (agent components of the joint action, radix (2, 1))
        for (int h = 0; h < stale.length; h++) {
            for (int s = 0; s < setup.states(); s++) {
                int[] action = setup.learner().act(h, new Observation[] {Observation.discrete(s),
                        Observation.discrete(s)});
                assertEquals(evaluated[h][s], action[0] * 2 + action[1], "stage " + h + ", state " + s);
            }
        }
        setup.learner().evaluationMode(false);
        assertFalse(java.util.Arrays.deepEquals(stale, evaluated),
                "after the first releases the replanned policy differs from the played one on this instance");
        setup.train(1);
        assertArrayEquals(evaluated, setup.table(), "the next training episode plays the evaluated policy");
    }

    @Test
    void evaluationEpisodesLeaveTrainingAsItWas() {
        int episodes = 6;
        Setup plain = Setup.of(22, episodes);
        Setup evaluated = Setup.of(22, episodes);
        for (int k = 0; k < episodes; k++) {
            int[] without = plain.train(k);
            int[] with = evaluated.train(k);
            assertArrayEquals(without, with, "episode " + k);
            evaluated.learner().evaluationMode(true);
            evaluated.learner().act(0, new Observation[] {Observation.discrete(0), Observation.discrete(0)});
            evaluated.learner().evaluationMode(false);
            evaluated.learner().evaluationMode(true);
            evaluated.learner().evaluationMode(false);
        }
        for (int a = 0; a < 2; a++) {
            for (int h = 0; h < 5; h++) {
                assertArrayEquals(plain.learner().server().theta(a, h), evaluated.learner().server().theta(a, h),
                        0.0);
            }
        }
    }

    @Test
    void anEdgelessConsensusIsRefusedWhenTheLearnerIsBuilt() {
        NetworkMdp environment = MaLdpHarness.paperInstance();
        PluginContext context = MaLdpHarness.context(environment, 1, 10, new ArrayList<>(),
                PrivacyLedger.unaccounted());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () ->
                MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                        "ma-ldp(consensus=erdos-renyi, edge-probability=0)", context));
        assertEquals("ma-ldp: parameter 'edge-probability' must be in (0, 1] for consensus=erdos-renyi with 2 "
                + "agents (an edgeless graph never mixes the reward parameters: Assumption 2 (iii)), got 0.0",
                refused.getMessage());
    }
}
