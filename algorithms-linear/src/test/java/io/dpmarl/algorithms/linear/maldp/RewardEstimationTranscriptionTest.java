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
 * Added after a PIT survey of {@code maldp}: the learner's reward parameters after six episodes against a
 * transcription of Algorithm 1 lines 18 and 43 ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning"; App. A eq. 1) written here: from {@code w = 0}, at episode k (from 1) and stage h,
 * {@code w~^i = w^i + k^-rho (r^i_h - psi(s_h, a_h) . w^i) psi(s_h, a_h)}, then with the complete consensus graph
 * {@code w^i = (1/n) sum_j w~^j}; rho = 0.65 (the default). States, joint actions and rewards are read from the run
 * (inputs of the update); psi comes from the environment's public features. With the complete graph the step size
 * multiplies only the agents' mean prediction error, which is 0 while the same pairs are revisited with the same
 * rewards; six episodes leave it non-zero, and the test checks that a wrong step size k^{+rho} would be detected.
 */
class RewardEstimationTranscriptionTest {

    private static final int EPISODES = 6;

    @Test
    void rewardParametersAfterSixEpisodes() {
        Environment environment = MaLdpHarness.paperInstance();
        PluginContext context = MaLdpHarness.context(environment, 4, EPISODES, new ArrayList<>(),
                PrivacyLedger.unaccounted());
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
        // the same recursion with the step size k^{+rho} (a wrong variant), to show the check depends on the step size
        double[][][] wrong = new double[agents][horizon][p];
        for (int k = 0; k < EPISODES; k++) {
            double step = Math.pow(k + 1, -0.65);
            double wrongStep = Math.pow(k + 1, 0.65);
            double[][][] wrongTilde = new double[agents][horizon][p];
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
                    double wrongPrediction = 0;
                    for (int j = 0; j < p; j++) {
                        prediction += psi[j] * w[i][h][j];
                        wrongPrediction += psi[j] * wrong[i][h][j];
                    }
                    for (int j = 0; j < p; j++) {
                        tilde[i][h][j] = w[i][h][j] + step * (result.rewards()[i] - prediction) * psi[j];
                        wrongTilde[i][h][j] = wrong[i][h][j]
                                + wrongStep * (result.rewards()[i] - wrongPrediction) * psi[j];
                    }
                }
                observations = result.observations();
            }
            learner.endEpisode(k);
            for (int h = 0; h < horizon; h++) {
                for (int i = 0; i < agents; i++) {
                    double[] mixed = new double[p];
                    double[] wrongMixed = new double[p];
                    for (int l = 0; l < agents; l++) {
                        for (int j = 0; j < p; j++) {
                            mixed[j] += tilde[l][h][j] / agents;
                            wrongMixed[j] += wrongTilde[l][h][j] / agents;
                        }
                    }
                    w[i][h] = mixed;
                    wrong[i][h] = wrongMixed;
                }
            }
        }
        double separation = 0;
        for (int i = 0; i < agents; i++) {
            for (int h = 0; h < horizon; h++) {
                assertArrayEquals(w[i][h], learner.rewardWeights(i, h), 1e-12, "agent " + i + ", stage " + h);
                for (int j = 0; j < p; j++) {
                    separation = Math.max(separation, Math.abs(w[i][h][j] - wrong[i][h][j]));
                }
            }
        }
        assertTrue(separation > 1e-6, "the step size k^-rho matters in this run: " + separation);
    }
}
