package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code maldp}: the learner's reward parameters after two episodes against a
 * transcription of Algorithm 1 lines 18 and 43 ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning"; App. A eq. 1) written here: from {@code w = 0}, at episode k (from 1) and stage h,
 * {@code w~^i = w^i + k^-rho (r^i_h - <psi(s_h, a_h), w^i>) psi(s_h, a_h)}, then with the complete consensus graph
 * {@code w^i = (1/n) sum_j w~^j}; rho = 0.65 (the default). States, joint actions and rewards are read from the run
 * (inputs of the update); psi comes from the environment's public features.
 */
class RewardEstimationTranscriptionTest {

    @Test
    void rewardParametersAfterTwoEpisodes() {
        Environment environment = MaLdpHarness.paperInstance();
        PluginContext context = MaLdpHarness.context(environment, 4, 2, new ArrayList<>(), PrivacyLedger.unaccounted());
        MaLdpLearner learner = (MaLdpLearner) MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                "ma-ldp(bonus-scale=0.1)", context);
        LinearMixtureFeatures features = environment.capability(LinearMixtureFeatures.class).orElseThrow();
        int agents = environment.info().numAgents();
        int horizon = environment.info().horizon();
        int[] counts = new int[agents];
        for (int i = 0; i < agents; i++) {
            counts[i] = environment.info().numActions(i);
        }
        JointActions joint = new JointActions(counts);
        int p = features.rewardDimension();
        double[][][] w = new double[agents][horizon][p];
        for (int k = 0; k < 2; k++) {
            double step = Math.pow(k + 1, -0.65);
            double[][][] tilde = new double[agents][horizon][p];
            Observation[] observations = environment.reset(100 + k);
            learner.beginEpisode(k, observations);
            for (int h = 0; h < horizon; h++) {
                int state = observations[0].state();
                int[] action = learner.act(h, observations);
                StepResult result = environment.step(action);
                learner.observe(h, action, result);
                double[] psi = features.rewardFeatures(state, joint.encode(action));
                for (int i = 0; i < agents; i++) {
                    double prediction = 0;
                    for (int j = 0; j < p; j++) {
                        prediction += psi[j] * w[i][h][j];
                    }
                    for (int j = 0; j < p; j++) {
                        tilde[i][h][j] = w[i][h][j] + step * (result.rewards()[i] - prediction) * psi[j];
                    }
                }
                observations = result.observations();
            }
            learner.endEpisode(k);
            for (int h = 0; h < horizon; h++) {
                for (int i = 0; i < agents; i++) {
                    double[] mixed = new double[p];
                    for (int l = 0; l < agents; l++) {
                        for (int j = 0; j < p; j++) {
                            mixed[j] += tilde[l][h][j] / agents;
                        }
                    }
                    w[i][h] = mixed;
                }
            }
        }
        boolean moved = false;
        for (int i = 0; i < agents; i++) {
            for (int h = 0; h < horizon; h++) {
                assertArrayEquals(w[i][h], learner.rewardWeights(i, h), 1e-12, "agent " + i + ", stage " + h);
                for (double value : w[i][h]) {
                    moved |= value != 0;
                }
            }
        }
        assertTrue(moved, "the rewards moved the estimates");
    }
}
