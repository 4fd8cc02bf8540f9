package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The {@code return-minus-expected-q} advantage {@code A_t = R_t - sum_b pi(b | o_t) Q(o_t, b, a_N)} on hand-set
 * networks (one observation feature, two actions, one hidden unit per layer, no neighbours):
 * <ul>
 *   <li>critic {@code Q(o, 0) = 2}, {@code Q(o, 1) = 4} (first layer weights {@code (0, 1, 3)}, bias 1, identity
 *       after); actor {@code pi = (1/4, 3/4)} (output biases {@code (0, ln 3)});</li>
 *   <li>baseline {@code 2/4 + 12/4 = 3.5}; a one-step rollout that ends the episode has {@code R = r}.</li>
 * </ul>
 * With entropy weight 0 the actor loss is {@code -A log pi(a)}: reward 5 on action 0 gives {@code A = 1.5} and loss
 * {@code -1.5 ln(1/4)}; the counterfactual form would give {@code A = 2 - 3.5 = -1.5} (the mutant this rejects).
 */
class ReturnBaselineAdvantageTest {
    private static final double TOLERANCE = 1e-12;

    private static A2cAgent agent(A2cAdvantage advantage) {
        A2cSettings settings = A2cSettings.builder().actorLearningRate(1e-3).criticLearningRate(1e-3).rollout(4)
                .gamma(0.9).hidden(1).entropyWeight(0).rewardScale(1.0).advantage(advantage).build();
        A2cAgent agent = new A2cAgent(settings, 1, 2, 0, new SplittableRandom(3));
        agent.actor().setParameters(new double[] {0, 0, 0, 0, 0, 0, 0, Math.log(3)});
        agent.critic().setParameters(new double[] {0, 1, 3, 1, 1, 0, 1, 0});
        return agent;
    }

    private static double actorLoss(A2cAdvantage advantage, int action, double reward, double bootstrap) {
        A2cAgent agent = agent(advantage);
        agent.record(0, new double[] {0.7}, action, new int[] {action}, new int[0]);
        agent.reward(0, reward);
        agent.update(1, 0.9, bootstrap, 0.0);
        return agent.lastActorLoss();
    }

    @Test
    void criticTakesTheOwnAction() {
        assertTrue(A2cAdvantage.RETURN_MINUS_EXPECTED_Q.actionValueCritic());
        assertEquals(3, agent(A2cAdvantage.RETURN_MINUS_EXPECTED_Q).critic().inputs());
    }

    @Test
    void advantageIsTheReturnMinusThePolicyAverageOfQ() {
        assertEquals(-1.5 * Math.log(0.25), actorLoss(A2cAdvantage.RETURN_MINUS_EXPECTED_Q, 0, 5.0, 0.0),
                TOLERANCE);
        // the counterfactual form ignores the reward: A = Q(0) - 3.5 = -1.5
        assertEquals(1.5 * Math.log(0.25), actorLoss(A2cAdvantage.COUNTERFACTUAL, 0, 5.0, 0.0), TOLERANCE);
    }

    @Test
    void theReturnIncludesTheBootstrap() {
        // R = 1 + 0.9 * 10 = 10, A = 10 - 3.5 = 6.5 on action 1: loss -6.5 ln(3/4)
        assertEquals(-6.5 * Math.log(0.75), actorLoss(A2cAdvantage.RETURN_MINUS_EXPECTED_Q, 1, 1.0, 10.0),
                TOLERANCE);
    }

    @Test
    void labelRoundTrips() {
        assertEquals(A2cAdvantage.RETURN_MINUS_EXPECTED_Q, A2cAdvantage.parse("return-minus-expected-q"));
        assertEquals("return-minus-expected-q", A2cAdvantage.RETURN_MINUS_EXPECTED_Q.label());
    }
}
