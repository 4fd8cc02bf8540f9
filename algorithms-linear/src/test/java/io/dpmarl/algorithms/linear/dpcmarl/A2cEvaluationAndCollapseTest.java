package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Evaluation (greedy actions, no policy draws), the joint policy {@link DpcMarlA2c#policy()} reports, and the
 * collapse guard (a non-finite parameter stops updates and exchanges, and evaluation then plays action 0). Two
 * agents with one observation feature and two actions, one hidden unit; actors set by hand: agent 0's output biases
 * {@code (0, 2)} ({@code pi(1) = e^2 / (1 + e^2) > 1/2}, greedy action 1), agent 1's all 0 (a tie, greedy action
 * 0, the lowest index).
 */
class A2cEvaluationAndCollapseTest {
    private static final Observation[] ZERO = {Observation.vector(0.0), Observation.vector(0.0)};

    /** A policy stream that must not be drawn from. */
    private static final class NoDraws implements RandomGenerator {
        @Override
        public long nextLong() {
            throw new AssertionError("evaluation must not draw from the policy stream");
        }
    }

    private static DpcMarlA2c learner(RandomGenerator[] policy, List<MetricRecord> rows) {
        DpcMarlA2c learner = new DpcMarlA2c(A2cEpisodeMetricsTest.twoAgents(1, 2), CommunicationGraph.path(2),
                A2cEpisodeMetricsTest.tiny().build(), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN,
                Channel.clear("critic"), new RandomGenerator[] {new SplittableRandom(1), new SplittableRandom(2)},
                policy, new TrialMetrics(rows::add));
        // actor 1 -> 1 -> 1 -> 2: W0, b0, W1, b1, W2 (1 x 2), b2 (2)
        learner.agent(0).actor().setParameters(new double[] {0, 0, 0, 0, 0, 0, 0, 2});
        learner.agent(1).actor().setParameters(new double[8]);
        return learner;
    }

    @Test
    void evaluationIsGreedyAndDrawsNothing() {
        DpcMarlA2c learner = learner(new RandomGenerator[] {new NoDraws(), new NoDraws()}, new ArrayList<>());
        learner.evaluationMode(true);
        assertArrayEquals(new int[] {1, 0}, learner.act(0, ZERO));
        assertArrayEquals(new double[] {0, 0, 0, 0, 0, 0, 0, 2}, learner.actorParameters(0), 0.0);
    }

    @Test
    void thePolicyIsThePointMassOnTheGreedyJointAction() {
        Policy policy = learner(new RandomGenerator[] {new NoDraws(), new NoDraws()}, new ArrayList<>()).policy();
        // joint index of (1, 0) with two actions each: 1 * 2 + 0 = 2
        assertArrayEquals(new double[] {0, 0, 1, 0}, policy.jointDistribution(0, ZERO), 0.0);
        assertArrayEquals(new double[] {0, 1}, policy.marginal(0, 0, ZERO), 0.0);
        assertArrayEquals(new double[] {1, 0}, policy.marginal(1, 0, ZERO), 0.0);
    }

    @Test
    void aNonFiniteParameterCollapsesTrainingBeforeAnythingIsExchanged() {
        List<MetricRecord> rows = new ArrayList<>();
        DpcMarlA2c learner = learner(new RandomGenerator[] {new SplittableRandom(3), new SplittableRandom(4)}, rows);
        double[] critic = new double[8];
        critic[7] = Double.NaN; // the output bias of agent 1's critic: V = NaN, so its update is NaN too
        learner.agent(1).critic().setParameters(critic);
        learner.beginEpisode(0, ZERO);
        for (int t = 0; t < 4; t++) {
            int[] joint = learner.act(t, ZERO);
            assertTrue(joint[0] >= 0 && joint[0] < 2 && joint[1] >= 0 && joint[1] < 2);
            learner.observe(t, joint, new StepResult(ZERO, new double[] {1, 1}, false, t == 3, Map.of()));
        }
        learner.endEpisode(0);
        assertTrue(learner.collapsed());
        assertEquals(0, learner.rounds(), "the non-finite critic was never exchanged, and nothing after it");
        assertEquals(1.0, rows.stream().filter(row -> row.metric().equals(DpcMarlA2c.COLLAPSED)).findFirst()
                .orElseThrow().value(), 0.0);
        // agent 0's actor still prefers action 1, but a collapsed learner evaluates with action 0
        learner.evaluationMode(true);
        assertArrayEquals(new int[] {0, 0}, learner.act(0, ZERO));
    }
}
