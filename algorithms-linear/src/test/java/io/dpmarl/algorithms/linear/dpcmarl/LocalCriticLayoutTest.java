package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The neighbour critic ({@code critic=local}, the bundled specs' form) reads its input in the documented layout: the
 * agent's observation, then (counterfactual form only) the one-hot of the action being valued, then one one-hot
 * block per neighbour slot in the order of the neighbour list, zero-padded when the agent has fewer neighbours than
 * slots. One observation feature, two actions, two slots, one hidden unit per layer; the first layer weighs input
 * {@code j} by {@code 2^j} (identity layers after), so for non-negative inputs the critic's value is a binary code
 * of which inputs are set. Also the advantage normalisation of {@code normalise-advantages}, by hand.
 */
class LocalCriticLayoutTest {
    private static final double TOLERANCE = 1e-12;

    private static A2cSettings settings(A2cAdvantage advantage, boolean normalise) {
        return A2cSettings.builder().actorLearningRate(1e-3).criticLearningRate(1e-3).rollout(4).gamma(0.5).hidden(1)
                .entropyWeight(0).rewardScale(1.0).advantage(advantage).normaliseAdvantages(normalise).build();
    }

    /** First-layer weights 1, 2, 4, ... on the inputs, bias 0, then identity layers. */
    private static A2cAgent binaryCodedAgent(A2cAdvantage advantage, int inputs) {
        A2cAgent agent = new A2cAgent(settings(advantage, false), 1, 2, 2, new SplittableRandom(5));
        assertEquals(inputs, agent.critic().inputs());
        double[] parameters = new double[inputs + 5];
        for (int j = 0; j < inputs; j++) {
            parameters[j] = 1 << j;
        }
        parameters[inputs + 1] = 1; // W1
        parameters[inputs + 3] = 1; // W2
        agent.critic().setParameters(parameters);
        return agent;
    }

    @Test
    void counterfactualInputIsObservationOwnActionThenEachNeighbourSlot() {
        // inputs: o (1), own a = 0 (2), own a = 1 (4), slot 0 a = 0 (8), a = 1 (16), slot 1 a = 0 (32), a = 1 (64)
        A2cAgent agent = binaryCodedAgent(A2cAdvantage.COUNTERFACTUAL, 7);
        int[] neighbours = {0, 2};
        // vehicle 1 of a path, neighbours 0 (a = 1) and 2 (a = 0): 2 + 16 + 32, and 4 + 16 + 32 for own action 1
        assertEquals(50.0, agent.value(new double[] {0}, 0, new int[] {1, 1, 0}, neighbours), TOLERANCE);
        assertEquals(52.0, agent.value(new double[] {0}, 1, new int[] {1, 0, 0}, neighbours), TOLERANCE);
        // neighbours 0 (a = 0) and 2 (a = 1), observation 0.5: 0.5 + 2 + 8 + 64
        assertEquals(74.5, agent.value(new double[] {0.5}, 0, new int[] {0, 1, 1}, neighbours), TOLERANCE);
        // the neighbour list's order is the slot order: slot 0 now holds agent 2 (a = 0), slot 1 agent 0 (a = 1)
        assertEquals(2 + 8 + 64, agent.value(new double[] {0}, 0, new int[] {1, 1, 0}, new int[] {2, 0}),
                TOLERANCE);
        // an end vehicle with one neighbour: the second slot stays zero
        assertEquals(2 + 16, agent.value(new double[] {0}, 0, new int[] {0, 1}, new int[] {1}), TOLERANCE);
    }

    @Test
    void stateValueInputHasNoOwnActionSlot() {
        // inputs: o (1), slot 0 a = 0 (2), a = 1 (4), slot 1 a = 0 (8), a = 1 (16); the own action is not read
        A2cAgent agent = binaryCodedAgent(A2cAdvantage.N_STEP, 5);
        assertEquals(4 + 8, agent.value(new double[] {0}, 0, new int[] {1, 1, 0}, new int[] {0, 2}), TOLERANCE);
        assertEquals(4 + 8, agent.value(new double[] {0}, 1, new int[] {1, 1, 0}, new int[] {0, 2}), TOLERANCE);
    }

    @Test
    void normalisedAdvantagesAreCentredAndScaledBeforeTheActorStep() {
        // Critic 0 everywhere (all parameters 0), actor pi = (1/4, 3/4). Rewards 3 then 1, gamma 0.5, no bootstrap:
        // returns R_0 = 3 + 0.5 * 1 = 3.5, R_1 = 1, so advantages 3.5 and 1 (R - V with V = 0); mean 2.25, population
        // sd 1.25; normalised A = +-1.25 / (1.25 + 1e-8). Actions 0 then 1:
        // loss = -(1/2) [A_0 log(1/4) + A_1 log(3/4)].
        A2cAgent agent = new A2cAgent(settings(A2cAdvantage.N_STEP, true), 1, 2, 2, new SplittableRandom(5));
        agent.critic().setParameters(new double[agent.critic().inputs() + 5]);
        agent.actor().setParameters(new double[] {0, 0, 0, 0, 0, 0, 0, Math.log(3)});
        agent.record(0, new double[] {0}, 0, new int[] {0, 0, 0}, new int[] {0, 2});
        agent.reward(0, 3);
        agent.record(1, new double[] {0}, 1, new int[] {0, 1, 0}, new int[] {0, 2});
        agent.reward(1, 1);
        agent.update(2, 0.5, 0, 0);
        double scaled = 1.25 / (1.25 + 1e-8);
        assertEquals(-0.5 * (scaled * Math.log(0.25) - scaled * Math.log(0.75)), agent.lastActorLoss(), TOLERANCE);
        // the same rollout without normalisation: -(1/2) [3.5 log(1/4) + 1 log(3/4)]
        A2cAgent plain = new A2cAgent(settings(A2cAdvantage.N_STEP, false), 1, 2, 2, new SplittableRandom(5));
        plain.critic().setParameters(new double[plain.critic().inputs() + 5]);
        plain.actor().setParameters(new double[] {0, 0, 0, 0, 0, 0, 0, Math.log(3)});
        plain.record(0, new double[] {0}, 0, new int[] {0, 0, 0}, new int[] {0, 2});
        plain.reward(0, 3);
        plain.record(1, new double[] {0}, 1, new int[] {0, 1, 0}, new int[] {0, 2});
        plain.reward(1, 1);
        plain.update(2, 0.5, 0, 0);
        assertEquals(-0.5 * (3.5 * Math.log(0.25) + Math.log(0.75)), plain.lastActorLoss(), TOLERANCE);
    }
}
