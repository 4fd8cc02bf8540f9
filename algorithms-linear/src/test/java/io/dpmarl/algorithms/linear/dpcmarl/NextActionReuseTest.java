package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The A2C rollout bootstraps from {@code V(o', a'_N)} with next actions sampled at {@code o'}, and those sampled
 * actions are the ones then executed (the actions are not drawn twice), so the bootstrap values the actions the
 * policy actually takes. Each agent's policy randomness is scripted: every uniform is either just above 0 (the first
 * action, whatever the softmax) or just below 1 (the last of the 4 actions), so the actions are known without the
 * networks' values.
 */
class NextActionReuseTest {
    private static final double LOW = 1e-12;
    private static final double HIGH = 1 - 1e-12;

    /** Returns the scripted uniforms in order; fails the test if more are drawn than scripted. */
    private static final class ScriptedUniforms implements RandomGenerator {
        private final Deque<Double> values = new ArrayDeque<>();

        ScriptedUniforms(double... script) {
            for (double value : script) {
                values.add(value);
            }
        }

        @Override
        public double nextDouble() {
            if (values.isEmpty()) {
                throw new AssertionError("more policy draws than scripted");
            }
            return values.poll();
        }

        @Override
        public long nextLong() {
            throw new AssertionError("only uniforms are scripted");
        }

        int left() {
            return values.size();
        }
    }

    @Test
    void theBootstrapsSampledActionsAreTheNextExecutedOnes() {
        int agents = 3;
        ToyTrackingEnvironment environment = new ToyTrackingEnvironment(agents, 30);
        A2cSettings settings = A2cSettings.builder().actorLearningRate(1e-9).criticLearningRate(1e-9).rollout(1)
                .gamma(0.9).hidden(4).entropyWeight(0).rewardScale(1.0).build();
        ScriptedUniforms[] policy = new ScriptedUniforms[agents];
        RandomGenerator[] initialise = new RandomGenerator[agents];
        for (int i = 0; i < agents; i++) {
            // step 0 acts (LOW: action 0); the update after step 0 samples the next actions (HIGH: action 3);
            // a second draw at step 1, if there were one, would be LOW again
            policy[i] = new ScriptedUniforms(LOW, HIGH, LOW);
            initialise[i] = new SplittableRandom(11 + i);
        }
        DpcMarlA2c learner = new DpcMarlA2c(environment.info(), CommunicationGraph.path(agents), settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), initialise, policy,
                TrialMetrics.discarding());
        Observation[] observations = environment.reset(5);
        learner.beginEpisode(0, observations);
        int[] first = learner.act(0, observations);
        assertArrayEquals(new int[] {0, 0, 0}, first);
        StepResult result = environment.step(first);
        learner.observe(0, first, result); // rollout of 1: update, bootstrap with freshly sampled next actions
        assertArrayEquals(new int[] {3, 3, 3}, learner.act(1, result.observations()),
                "the actions sampled for the bootstrap are executed");
        for (ScriptedUniforms stream : policy) {
            assertEquals(1, stream.left(), "two draws so far: step 0's action and the bootstrap's, reused at step 1");
        }
    }
}
