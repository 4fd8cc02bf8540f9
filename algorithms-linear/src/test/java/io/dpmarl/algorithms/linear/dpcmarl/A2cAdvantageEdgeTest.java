package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Edges of the A2C agent's advantages, on networks set by hand (one observation feature, two actions, one hidden
 * unit, no neighbours, entropy weight 0, {@code gamma = 0} so {@code R_t = r_t}). The actor has output biases
 * {@code (0, ln 3)}: {@code pi = (1/4, 3/4)} everywhere, and the actor loss is
 * {@code -(1/n) sum_t A_t log pi(a_t)}.
 */
class A2cAdvantageEdgeTest {
    private static final double TOLERANCE = 1e-9;

    private static A2cAgent agent(A2cAdvantage advantage, boolean normalise, int rollout) {
        A2cSettings settings = A2cSettings.builder().actorLearningRate(1e-3).criticLearningRate(1e-3).rollout(rollout)
                .gamma(0).hidden(1).entropyWeight(0).rewardScale(1.0).advantage(advantage)
                .normaliseAdvantages(normalise).build();
        A2cAgent agent = new A2cAgent(settings, 1, 2, 0, new SplittableRandom(3));
        agent.actor().setParameters(new double[] {0, 0, 0, 0, 0, 0, 0, Math.log(3)});
        return agent;
    }

    /** A zero critic: V = 0 everywhere, so the n-step advantage is the reward. */
    private static A2cAgent zeroCritic(boolean normalise, int rollout) {
        A2cAgent agent = agent(A2cAdvantage.N_STEP, normalise, rollout);
        agent.critic().setParameters(new double[agent.critic().parameterCount()]);
        return agent;
    }

    @Test
    void aOneStepRolloutIsNotStandardised() {
        // one advantage has no spread to standardise by (it would become 0): A = r = 2 is used as it is,
        // loss -2 ln(1/4) = 2 ln 4
        A2cAgent agent = zeroCritic(true, 1);
        agent.record(0, new double[] {0}, 0, new int[0], new int[0]);
        agent.reward(0, 2);
        agent.update(1, 0, 0, 0);
        assertEquals(2 * Math.log(4), agent.lastActorLoss(), TOLERANCE);
    }

    @Test
    void standardisationUsesDeviationsFromTheMeanFarFromZero() {
        // returns 2^50 + 0.75 (action 0) and 2^50 - 0.75 (action 1), both exact doubles: mean 2^50, population sd
        // 0.75, standardised A = +-0.75 / (0.75 + 1e-8) however far the mean is from 0. (The one-pass form
        // E[A^2] - mean^2 rounds each square to a multiple of 2^-2 near 2^100 / 2^50 and loses the spread.)
        // loss = -(1/2) [s ln(1/4) - s ln(3/4)] with s = 0.75 / (0.75 + 1e-8)
        double big = Math.scalb(1.0, 50);
        A2cAgent agent = zeroCritic(true, 2);
        agent.record(0, new double[] {0}, 0, new int[0], new int[0]);
        agent.reward(0, big + 0.75);
        agent.record(1, new double[] {0}, 1, new int[0], new int[0]);
        agent.reward(1, big - 0.75);
        agent.update(2, 0, 0, 0);
        double s = 0.75 / (0.75 + 1e-8);
        assertEquals(-0.5 * (s * Math.log(0.25) - s * Math.log(0.75)), agent.lastActorLoss(), TOLERANCE);
    }

    @Test
    void eachStepsCounterfactualBaselineReadsItsOwnObservation() {
        // counterfactual critic 3 -> 1 -> 1 -> 1 with W0 = (10, 1, 3), b0 = 1, identity after:
        // Q(o, 0) = 10 o + 2, Q(o, 1) = 10 o + 4.
        // step 0: o = 0, action 0: Q = (2, 4), baseline 2/4 + 12/4 = 3.5, A_0 = 2 - 3.5 = -1.5
        // step 1: o = 1, action 1: Q = (12, 14), baseline 12/4 + 42/4 = 13.5, A_1 = 14 - 13.5 = 0.5
        // loss = -(1/2) [A_0 ln(1/4) + A_1 ln(3/4)]
        A2cAgent agent = agent(A2cAdvantage.COUNTERFACTUAL, false, 2);
        agent.critic().setParameters(new double[] {10, 1, 3, 1, 1, 0, 1, 0});
        agent.record(0, new double[] {0}, 0, new int[0], new int[0]);
        agent.reward(0, 7);
        agent.record(1, new double[] {1}, 1, new int[0], new int[0]);
        agent.reward(1, 7);
        agent.update(2, 0, 0, 0);
        assertEquals(-0.5 * (-1.5 * Math.log(0.25) + 0.5 * Math.log(0.75)), agent.lastActorLoss(), TOLERANCE);
    }
}
