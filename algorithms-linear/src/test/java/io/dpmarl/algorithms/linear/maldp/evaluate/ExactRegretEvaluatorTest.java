package io.dpmarl.algorithms.linear.maldp.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.environments.network.NetworkMdpConfig;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The regret evaluator against the network MDP's reference values: V*_1(s_in, s_in) = 0.7966855185, the constant
 * (+1, +1) policy's value 0.7966853262 and the constant (-1, -1) policy's regret 0.3585938369 (hand-derived backward
 * induction). SAMPLED mode: over 20000 episodes the mean sampled regret of the (-1, -1) policy is within 4 standard
 * errors of the exact regret (false-rejection rate about 6e-5 under the normal approximation).
 */
class ExactRegretEvaluatorTest {
    private static final NetworkMdp MDP = new NetworkMdp(NetworkMdpConfig.paperInstance(), "network-mdp");
    private static final TabularModel MODEL = MDP.capability(TabularModel.class).orElseThrow();

    private static int[][] constant(int joint) {
        int[][] table = new int[5][9];
        for (int[] row : table) {
            java.util.Arrays.fill(row, joint);
        }
        return table;
    }

    /** A learner that always plays one joint action (for the evaluator's policy input). */
    private static Learner constantLearner(int joint) {
        return new Learner() {
            @Override
            public void beginEpisode(int episode, Observation[] observations) {
            }

            @Override
            public int[] act(int stage, Observation[] observations) {
                return new int[] {joint / 2, joint % 2};
            }

            @Override
            public void observe(int stage, int[] jointAction, StepResult result) {
            }

            @Override
            public void endEpisode(int episode) {
            }

            @Override
            public Policy policy() {
                return new Policy() {
                    @Override
                    public double[] jointDistribution(int stage, Observation[] observations) {
                        double[] distribution = new double[4];
                        distribution[joint] = 1;
                        return distribution;
                    }

                    @Override
                    public double[] marginal(int agent, int stage, Observation[] observations) {
                        throw new UnsupportedOperationException();
                    }
                };
            }
        };
    }

    @Test
    void exactValuesMatchTheReferenceTable() {
        ExactRegretEvaluator evaluator = new ExactRegretEvaluator(MODEL, 2, false, new SplittableRandom(1));
        assertEquals(0.7966855185, evaluator.optimum(), 1e-9);
        assertEquals(0.7966853262, evaluator.value(constant(3)), 1e-9);
        assertEquals(0.7966855185 - 0.3585938369, evaluator.value(constant(0)), 1e-9);
        evaluator.afterEpisode(new EvaluationContext(MDP, constantLearner(0), 0, TrialMetrics.discarding()));
        assertEquals(0.3585938369, evaluator.lastRegret(), 1e-9);
    }

    @Test
    void sampledRegretIsUnbiased() {
        ExactRegretEvaluator sampled = new ExactRegretEvaluator(MODEL, 2, true, new SplittableRandom(2));
        int episodes = 20_000;
        double sum = 0;
        double squares = 0;
        for (int k = 0; k < episodes; k++) {
            sampled.afterEpisode(new EvaluationContext(MDP, constantLearner(0), k, TrialMetrics.discarding()));
            sum += sampled.lastRegret();
            squares += sampled.lastRegret() * sampled.lastRegret();
        }
        double mean = sum / episodes;
        double se = Math.sqrt((squares / episodes - mean * mean) / episodes);
        assertTrue(Math.abs(mean - 0.3585938369) < 4 * se, "mean " + mean + ", se " + se);
    }
}
