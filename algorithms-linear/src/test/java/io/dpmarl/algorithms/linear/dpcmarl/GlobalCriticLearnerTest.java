package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * {@code critic=global} through the learner: both agents' critics read the global state, every agent's observation
 * concatenated in agent order, at the step and at the bootstrap, agent 0 included. Two agents with two observation
 * features each and two actions: critic input {@code (o_0, o_1, one-hot a_0, one-hot a_1)}, 8 values; one hidden unit;
 * first-layer weights {@code (1, 2, 4, 8)} on the four observation values and 0 on the actions, bias 0, identity
 * layers after, so {@code Q(s, a) = o_0[0] + 2 o_0[1] + 4 o_1[0] + 8 o_1[1]} (non-negative here) for both agents.
 * A one-step rollout with {@code gamma = 1/2} that does not end the episode: {@code R_i = r_i + Q(s')/2} and each
 * agent's critic loss is {@code (Q(s) - R_i)^2 / 2}. Learning rates 1e-12 (the losses are computed before the step
 * anyway).
 */
class GlobalCriticLearnerTest {

    @Test
    void bothAgentsCriticsReadTheConcatenatedObservations() {
        A2cSettings settings = A2cEpisodeMetricsTest.tiny().rollout(1).gamma(0.5)
                .advantage(A2cAdvantage.COUNTERFACTUAL).globalCritic(true).build();
        DpcMarlA2c learner = new DpcMarlA2c(A2cEpisodeMetricsTest.twoAgents(2, 2), CommunicationGraph.path(2),
                settings, ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"),
                new RandomGenerator[] {new SplittableRandom(1), new SplittableRandom(2)},
                new RandomGenerator[] {new SplittableRandom(3), new SplittableRandom(4)}, TrialMetrics.discarding());
        for (int i = 0; i < 2; i++) {
            assertEquals(8, learner.agent(i).critic().inputs());
            // W0 (8 x 1), b0, W1, b1, W2, b2
            learner.agent(i).critic().setParameters(new double[] {1, 2, 4, 8, 0, 0, 0, 0, 0, 1, 0, 1, 0});
        }
        // s = ((0.5, 0.25), (0.125, 1)): Q = 0.5 + 0.5 + 0.5 + 8 = 9.5
        Observation[] now = {Observation.vector(0.5, 0.25), Observation.vector(0.125, 1.0)};
        // s' = ((1, 0), (0, 0.5)): Q = 1 + 0 + 0 + 4 = 5
        Observation[] next = {Observation.vector(1.0, 0.0), Observation.vector(0.0, 0.5)};
        learner.beginEpisode(0, now);
        int[] joint = learner.act(0, now);
        learner.observe(0, joint, new StepResult(next, new double[] {1, 2}, false, false, Map.of()));
        // agent 0: R = 1 + 5/2 = 3.5, loss (9.5 - 3.5)^2 / 2 = 18; agent 1: R = 4.5, loss 12.5
        assertEquals(18.0, learner.agent(0).lastCriticLoss(), 1e-12);
        assertEquals(12.5, learner.agent(1).lastCriticLoss(), 1e-12);
    }

    /**
     * The global critic reads every agent's action, not only the neighbours': agent 0 of three on the path 0 - 1 - 2
     * (its only neighbour is 1) values agent 2's action. One observation feature each, two actions: inputs
     * {@code (o_0, o_1, o_2, a_0 = 0, a_0 = 1, a_1 = 0, a_1 = 1, a_2 = 0, a_2 = 1)}; first-layer weights 3 on
     * {@code a_0 = 1} and 10 on {@code a_2 = 1}, bias 1, identity after: {@code Q = 1 + 3 [a_0 = 1] + 10 [a_2 = 1]}.
     */
    @Test
    void agentZerosGlobalCriticReadsANonNeighboursAction() {
        A2cSettings settings = A2cEpisodeMetricsTest.tiny().advantage(A2cAdvantage.COUNTERFACTUAL).globalCritic(true)
                .build();
        A2cAgent agent = new A2cAgent(settings, 1, 2, 1, new SplittableRandom(5), 0, 3);
        assertEquals(9, agent.critic().inputs());
        agent.critic().setParameters(new double[] {0, 0, 0, 0, 3, 0, 0, 0, 10, 1, 1, 0, 1, 0});
        double[] state = {0, 0, 0};
        int[] neighbours = {1};
        assertEquals(11.0, agent.value(state, 0, new int[] {1, 0, 1}, neighbours), 1e-12);
        assertEquals(14.0, agent.value(state, 1, new int[] {0, 0, 1}, neighbours), 1e-12);
        assertEquals(1.0, agent.value(state, 0, new int[] {1, 1, 0}, neighbours), 1e-12);
    }
}
