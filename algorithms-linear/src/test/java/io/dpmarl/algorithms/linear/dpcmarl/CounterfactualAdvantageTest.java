package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The counterfactual advantage of Algorithm 2 (ConsensusMARL's actor step) in the A2C agent, on networks whose
 * parameters are set by hand so that every value is known: one observation feature, two actions, one hidden unit
 * per layer, no neighbours.
 * <ul>
 *   <li>Critic {@code Q(o, b)}: input {@code (o, 1{b=0}, 1{b=1})}, first layer weights {@code (0, 1, 3)} and bias 1,
 *       then two identity layers: {@code Q(o, 0) = relu(1 + 1) = 2}, {@code Q(o, 1) = relu(3 + 1) = 4}.</li>
 *   <li>Actor: all weights 0, output biases {@code (0, ln 3)}: {@code pi = (1/4, 3/4)} at every observation.</li>
 *   <li>So {@code sum_b pi(b) Q(o, b) = 2/4 + 12/4 = 3.5}, {@code A(0) = 2 - 3.5 = -1.5}, {@code A(1) = 0.5}.</li>
 * </ul>
 * With entropy weight 0 and a one-step rollout the actor loss is {@code -A(a) log pi(a)}, read back through
 * {@code lastActorLoss}.
 */
class CounterfactualAdvantageTest {
    private static final double TOLERANCE = 1e-12;

    private static A2cSettings settings(A2cAdvantage advantage) {
        return A2cSettings.builder().actorLearningRate(1e-3).criticLearningRate(1e-3).rollout(4).gamma(0.9).hidden(1)
                .entropyWeight(0).rewardScale(1.0).advantage(advantage).build();
    }

    private static A2cAgent agent(A2cAdvantage advantage) {
        A2cAgent agent = new A2cAgent(settings(advantage), 1, 2, 0, new SplittableRandom(3));
        // actor 1 -> 1 -> 1 -> 2, per layer weights then biases: W0, b0, W1, b1, W2 (1 x 2), b2 = (0, ln 3)
        agent.actor().setParameters(new double[] {0, 0, 0, 0, 0, 0, 0, Math.log(3)});
        return agent;
    }

    private static void setCounterfactualCritic(A2cAgent agent) {
        // critic 3 -> 1 -> 1 -> 1: W0 = (0, 1, 3), b0 = 1; W1 = 1, b1 = 0; W2 = 1, b2 = 0
        agent.critic().setParameters(new double[] {0, 1, 3, 1, 1, 0, 1, 0});
    }

    @Test
    void criticTakesTheOwnActionOnlyWhenCounterfactual() {
        assertEquals(3, agent(A2cAdvantage.COUNTERFACTUAL).critic().inputs());
        assertEquals(1, agent(A2cAdvantage.N_STEP).critic().inputs());
    }

    @Test
    void advantageOfTheLessLikelyActionIsQMinusItsPolicyAverage() {
        A2cAgent agent = agent(A2cAdvantage.COUNTERFACTUAL);
        setCounterfactualCritic(agent);
        assertEquals(2.0, agent.value(new double[] {0.7}, 0, new int[] {0}, new int[0]), TOLERANCE);
        assertEquals(4.0, agent.value(new double[] {0.7}, 1, new int[] {1}, new int[0]), TOLERANCE);
        agent.record(0, new double[] {0.7}, 0, new int[] {0}, new int[0]);
        agent.reward(0, 123.0); // the reward trains the critic; the actor's advantage does not read it
        agent.update(1, 0.9, 0.0, 0.0);
        // -A(0) log pi(0) = 1.5 ln(1/4)
        assertEquals(1.5 * Math.log(0.25), agent.lastActorLoss(), TOLERANCE);
    }

    @Test
    void advantageOfTheLikelyActionIsPositive() {
        A2cAgent agent = agent(A2cAdvantage.COUNTERFACTUAL);
        setCounterfactualCritic(agent);
        agent.record(0, new double[] {-2.0}, 1, new int[] {1}, new int[0]);
        agent.reward(0, -50.0);
        agent.update(1, 0.9, 0.0, 0.0);
        // -A(1) log pi(1) = -0.5 ln(3/4)
        assertEquals(-0.5 * Math.log(0.75), agent.lastActorLoss(), TOLERANCE);
    }

    @Test
    void nStepAdvantageReadsTheReturnInstead() {
        A2cAgent agent = agent(A2cAdvantage.N_STEP);
        // critic 1 -> 1 -> 1 -> 1 set to V = 2 everywhere: W0 = 0, b0 = 2, identity after
        agent.critic().setParameters(new double[] {0, 2, 1, 0, 1, 0});
        agent.record(0, new double[] {0.7}, 0, new int[] {0}, new int[0]);
        agent.reward(0, 5.0);
        agent.update(1, 0.9, 0.0, 0.0);
        // A = R - V = 5 - 2 = 3; loss -3 ln(1/4); the counterfactual form would give 1.5 ln(1/4) (mutant)
        assertEquals(-3 * Math.log(0.25), agent.lastActorLoss(), TOLERANCE);
    }

    @Test
    void advantageLabelsParse() {
        assertEquals(A2cAdvantage.COUNTERFACTUAL, A2cAdvantage.parse("counterfactual"));
        assertEquals(A2cAdvantage.N_STEP, A2cAdvantage.parse("n-step"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> A2cAdvantage.parse("gae"));
        assertTrue(error.getMessage().contains("n-step, counterfactual"), error.getMessage());
    }

    @Test
    void consensusMarlWithTheCounterfactualAdvantageLearnsOnTheFixture() {
        // as for the n-step form: the trained team must beat half the untrained return (returns are negative costs)
        A2cSettings counterfactual = A2cSettings.builder().actorLearningRate(5e-3).criticLearningRate(5e-3)
                .rollout(10).gamma(0.95).hidden(16).entropyWeight(0.01).rewardScale(1.0)
                .advantage(A2cAdvantage.COUNTERFACTUAL).build();
        double untrained = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(3, 30),
                ToyTrackingEnvironment.consensusLearner(counterfactual), 5, 11);
        double late = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(3, 30),
                ToyTrackingEnvironment.consensusLearner(counterfactual), 300, 11);
        assertTrue(late > 0.5 * untrained, "trained " + late + " vs untrained " + untrained);
    }
}
