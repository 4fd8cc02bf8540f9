package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.linear.nn.DenseNetwork;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shared-trunk agent ({@code network=shared-trunk}) against {@link SharedTrunkReference}, an independent
 * transcription of the reference code's combined loss and RMSProp: after two updates on the same rollouts every
 * parameter must agree to 1e-12, for each advantage form, both critic heads, with and without advantage
 * normalisation, and with the clip inactive (40) and active (1e-3). Then acting, the bootstrap value, the exchanged
 * vector and collapse detection, by hand.
 */
class SharedTrunkAgentTest {
    private static final int OBSERVATION = 3;
    private static final int ACTIONS = 3;
    private static final int SLOTS = 2;
    private static final int HIDDEN = 5;
    private static final int STEPS = 6;

    private static A2cSettings settings(A2cAdvantage advantage, boolean hiddenHead, boolean normalise, double clip,
                                        double valueCoefficient) {
        return A2cSettings.builder().actorLearningRate(0.03).criticLearningRate(7).rollout(STEPS).hidden(HIDDEN)
                .entropyWeight(0.2).gradientClip(clip).normaliseAdvantages(normalise).advantage(advantage)
                .sharedTrunk(true).criticHeadHidden(hiddenHead).valueCoefficient(valueCoefficient).build();
    }

    @ParameterizedTest
    @CsvSource({
        "N_STEP, false, false, 40, 0.5",
        "N_STEP, true, true, 40, 2",
        "COUNTERFACTUAL, false, false, 40, 0.5",
        "COUNTERFACTUAL, true, false, 0.001, 0.5",
        "COUNTERFACTUAL, false, true, 40, 3",
        "RETURN_MINUS_EXPECTED_Q, true, false, 40, 0.5",
        "RETURN_MINUS_EXPECTED_Q, false, true, 0.001, 1"
    })
    void twoUpdatesMatchTheIndependentTranscription(A2cAdvantage advantage, boolean hiddenHead, boolean normalise,
                                                    double clip, double valueCoefficient) {
        A2cSettings settings = settings(advantage, hiddenHead, normalise, clip, valueCoefficient);
        SharedTrunkAgent agent = new SharedTrunkAgent(settings, OBSERVATION, ACTIONS, SLOTS, new SplittableRandom(11));
        // random biases too (the initial ones are 0), so that every bias path carries a gradient
        double[] start = agent.policyParameters();
        SplittableRandom random = new SplittableRandom(12);
        for (int k = 0; k < start.length; k++) {
            start[k] += 0.1 * (2 * random.nextDouble() - 1);
        }
        agent.network().setParameters(start);
        SharedTrunkReference reference = new SharedTrunkReference(OBSERVATION, HIDDEN, ACTIONS, SLOTS,
                advantage.actionValueCritic(), hiddenHead, start);
        int form = advantage.ordinal();
        for (int rollout = 0; rollout < 2; rollout++) {
            double[][] observations = new double[STEPS][OBSERVATION];
            int[] own = new int[STEPS];
            int[][] neighbourActions = new int[STEPS][];
            double[] rewards = new double[STEPS];
            int[] neighbours = {2, 0}; // agent 1 of three: its neighbour list in that order
            for (int t = 0; t < STEPS; t++) {
                for (int k = 0; k < OBSERVATION; k++) {
                    observations[t][k] = 2 * random.nextDouble() - 1;
                }
                int[] joint = {random.nextInt(ACTIONS), random.nextInt(ACTIONS), random.nextInt(ACTIONS)};
                own[t] = joint[1];
                neighbourActions[t] = new int[] {joint[2], joint[0]};
                rewards[t] = 4 * random.nextDouble() - 3;
                agent.record(t, observations[t], new double[] {99}, own[t], joint, neighbours);
                agent.reward(t, rewards[t]);
            }
            double bootstrap = rollout == 0 ? 0.7 : 0;
            agent.update(STEPS, 0.9, bootstrap, 0.2);
            reference.update(observations, own, neighbourActions, rewards, 0.9, bootstrap, form, normalise, 0.2,
                    valueCoefficient, 0.03, clip);
            double[] expected = reference.parameters();
            double[] actual = agent.policyParameters();
            for (int k = 0; k < expected.length; k++) {
                assertEquals(expected[k], actual[k], 1e-12, "rollout " + rollout + ", parameter " + k);
            }
        }
        assertTrue(agent.finite());
        double[] o = {0.3, -0.2, 0.9};
        assertEquals(reference.value(o, 2, new int[] {1, 0}), agent.value(o, 2, new int[] {0, 2, 1}, new int[] {2, 0}),
                1e-12);
        // acting reads the observation through the trained trunk: the inverse CDF just below and above F(0)
        double[] pi = reference.policy(reference.trunk(o, new double[HIDDEN]));
        assertEquals(0, agent.sample(o, uniform(pi[0] * (1 - 1e-9))));
        assertEquals(1, agent.sample(o, uniform(pi[0] * (1 + 1e-9))));
        int best = pi[1] > pi[0] ? 1 : 0;
        assertEquals(pi[2] > pi[best] ? 2 : best, agent.greedy(o));
    }

    /**
     * Advantage normalisation by hand, n-step form, gamma 0 (returns = rewards), a network of zeros (V = 0) except
     * the actor head's biases {@code (0, ln 3)}: {@code pi = (1/4, 3/4)}. Rewards {@code 1e8 + (0, 1, 3)} with actions
     * (0, 1, 1): mean {@code 1e8 + 4/3}, variance {@code 14/9}, normalised advantages {@code (-4/3, -1/3, 5/3) /
     * (sqrt(14/9) + 1e-8)}; entropy weight 0, so the actor loss is {@code -(1/3) sum_t A_t ln pi(a_t)}. (The large
     * offset makes {@code E[A^2] - mean^2} lose every digit, so only the centred form gives this value.) A one-step
     * rollout is not normalised: its loss is {@code -r ln pi(a)}.
     */
    @Test
    void normalisedAdvantagesByHand() {
        A2cSettings settings = A2cSettings.builder().rollout(3).hidden(2).entropyWeight(0).sharedTrunk(true)
                .normaliseAdvantages(true).build();
        SharedTrunkAgent agent = new SharedTrunkAgent(settings, 1, 2, 0, new SplittableRandom(1));
        double[] parameters = new double[agent.network().parameterCount()];
        parameters[2 + 2 + 4 + 2 + 4 + 1] = Math.log(3); // after trunk (2 + 2, 4 + 2) and actor weights (2 x 2)
        agent.network().setParameters(parameters);
        int[] actions = {0, 1, 1};
        double[] offsets = {0, 1, 3};
        for (int t = 0; t < 3; t++) {
            agent.record(t, new double[] {1}, new double[] {1}, actions[t], new int[] {actions[t]}, new int[0]);
            agent.reward(t, 1e8 + offsets[t]);
        }
        agent.update(3, 0, 0, 0);
        double scale = 1 / (Math.sqrt(14.0 / 9) + 1e-8);
        double expected = -((-4.0 / 3) * Math.log(0.25) + (-1.0 / 3 + 5.0 / 3) * Math.log(0.75)) * scale / 3;
        assertEquals(expected, agent.lastActorLoss(), 1e-7); // the mean of three 1e8-sized doubles: ulps of 1e-8
        SharedTrunkAgent single = new SharedTrunkAgent(settings, 1, 2, 0, new SplittableRandom(1));
        single.network().setParameters(parameters);
        single.record(0, new double[] {1}, new double[] {1}, 1, new int[] {1}, new int[0]);
        single.reward(0, 2);
        single.update(1, 0, 0, 0);
        assertEquals(-2 * Math.log(0.75), single.lastActorLoss(), 1e-12);
    }

    /**
     * Inverse-CDF edges ({@link InverseCdfSamplingTest}'s cases): two uniform actions, {@code F(0) = 1/2} exactly,
     * so {@code u = 1/2} is action 1 and the double below it action 0; ten uniform actions, whose running sum of 0.1
     * ends at {@code 1 - 2^-53}: the largest uniform, {@code Math.nextDown(1.0)}, is below no {@code F(k)} and gives
     * the last action.
     */
    @Test
    void inverseCdfEdges() {
        A2cSettings settings = A2cSettings.builder().rollout(1).hidden(2).sharedTrunk(true).build();
        SharedTrunkAgent two = new SharedTrunkAgent(settings, 1, 2, 0, new SplittableRandom(1));
        two.network().setParameters(new double[two.network().parameterCount()]);
        assertEquals(1, two.sample(new double[] {0.3}, uniform(0.5)));
        assertEquals(0, two.sample(new double[] {0.3}, uniform(Math.nextDown(0.5))));
        SharedTrunkAgent ten = new SharedTrunkAgent(settings, 1, 10, 0, new SplittableRandom(1));
        ten.network().setParameters(new double[ten.network().parameterCount()]);
        assertEquals(9, ten.sample(new double[] {0.3}, uniform(Math.nextDown(1.0))));
    }

    /**
     * The critic loss reported is {@code (1/n) sum (1/2)(R - V)^2}, without the value coefficient; the actor loss
     * is the policy loss. A head whose every parameter is 0 gives {@code V = 0}, uniform logits: rewards (1, 2),
     * gamma 0.5, bootstrap 0: returns (2, 2), critic loss 2; with entropy 0 and the n-step advantage {@code A = 2},
     * actor loss {@code -2 ln(1/3)}.
     */
    @Test
    void reportedLossesByHand() {
        A2cSettings settings = A2cSettings.builder().rollout(2).hidden(2).entropyWeight(0).sharedTrunk(true)
                .valueCoefficient(3).build();
        SharedTrunkAgent agent = new SharedTrunkAgent(settings, 1, 3, 0, new SplittableRandom(1));
        agent.network().setParameters(new double[agent.network().parameterCount()]);
        for (int t = 0; t < 2; t++) {
            agent.record(t, new double[] {1}, new double[] {1}, 0, new int[] {0}, new int[0]);
            agent.reward(t, t + 1);
        }
        agent.update(2, 0.5, 0, 0);
        assertEquals(2.0, agent.lastCriticLoss(), 1e-15);
        assertEquals(-2 * Math.log(1.0 / 3), agent.lastActorLoss(), 1e-15);
    }

    /**
     * Acting by hand: a trunk of zeros gives {@code h = 0}, so the logits are the actor head's biases
     * {@code (0, ln 2, ln 5)}: {@code pi = (1/8, 2/8, 5/8)}. Inverse CDF with one uniform: below 1/8 action 0, below
     * 3/8 action 1, else action 2; the greedy action is 2, and on a tie the lowest index.
     */
    @Test
    void samplingAndGreedyByHand() {
        SharedTrunkAgent agent = new SharedTrunkAgent(settings(A2cAdvantage.N_STEP, false, false, 40, 0.5), 1, 3, 0,
                new SplittableRandom(1));
        double[] parameters = new double[agent.network().parameterCount()];
        int actorBias = 1 * HIDDEN + HIDDEN + HIDDEN * HIDDEN + HIDDEN + HIDDEN * 3;
        parameters[actorBias + 1] = Math.log(2);
        parameters[actorBias + 2] = Math.log(5);
        agent.network().setParameters(parameters);
        assertEquals(3, agent.actionCount());
        assertEquals(0, agent.sample(new double[] {0.4}, uniform(0.12)));
        assertEquals(2, agent.greedy(new double[] {0.4}));
        assertEquals(1, agent.sample(new double[] {0.4}, uniform(0.13)));
        assertEquals(1, agent.sample(new double[] {0.4}, uniform(0.37)));
        assertEquals(2, agent.sample(new double[] {0.4}, uniform(0.38)));
        assertEquals(2, agent.sample(new double[] {0.4}, uniform(0.999)));
        parameters[actorBias + 1] = Math.log(5);
        agent.network().setParameters(parameters);
        assertEquals(1, agent.greedy(new double[] {0.4}), "tie between 1 and 2: the lower index");
        parameters[actorBias] = Math.log(5);
        agent.network().setParameters(parameters);
        assertEquals(0, agent.greedy(new double[] {0.4}), "three-way tie: index 0");
    }

    private static RandomGenerator uniform(double value) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public double nextDouble() {
                return value;
            }
        };
    }

    @Test
    void exchangedVectorIsTheTrunksSecondLayer() {
        SharedTrunkAgent agent = new SharedTrunkAgent(settings(A2cAdvantage.COUNTERFACTUAL, false, false, 40, 0.5),
                OBSERVATION, ACTIONS, SLOTS, new SplittableRandom(2));
        assertEquals(HIDDEN * HIDDEN + HIDDEN, agent.exchangedCount());
        double[] exchanged = new double[agent.exchangedCount()];
        agent.copyExchangedTo(exchanged);
        double[] all = agent.policyParameters();
        int first = OBSERVATION * HIDDEN + HIDDEN;
        assertArrayEquals(java.util.Arrays.copyOfRange(all, first, first + exchanged.length), exchanged, 0.0);
        double[] ones = new double[exchanged.length];
        java.util.Arrays.fill(ones, 1);
        agent.setExchanged(ones);
        double[] after = agent.policyParameters();
        for (int k = 0; k < all.length; k++) {
            assertEquals(k >= first && k < first + ones.length ? 1 : all[k], after[k], 0.0, "parameter " + k);
        }
    }

    @Test
    void aNonFiniteParameterInAnyPartIsACollapse() {
        SharedTrunkAgent agent = new SharedTrunkAgent(settings(A2cAdvantage.N_STEP, true, false, 40, 0.5),
                OBSERVATION, ACTIONS, SLOTS, new SplittableRandom(2));
        assertTrue(agent.finite());
        for (DenseNetwork part : agent.network().parts()) {
            for (int l = 0; l < part.layers(); l++) {
                for (boolean bias : new boolean[] {false, true}) {
                    double[] data = bias ? part.biases(l).data : part.weights(l).data;
                    int last = data.length - 1;
                    double saved = data[last];
                    data[last] = Double.NaN;
                    assertFalse(agent.finite(), "NaN in layer " + l + (bias ? " biases" : " weights"));
                    data[last] = Double.POSITIVE_INFINITY;
                    assertFalse(agent.finite());
                    data[last] = saved;
                    assertTrue(agent.finite());
                }
            }
        }
    }

    @Test
    void settingsRefuseWhatTheSharedTrunkCannotDo() {
        IllegalArgumentException global = assertThrows(IllegalArgumentException.class, () -> A2cSettings.builder()
                .advantage(A2cAdvantage.COUNTERFACTUAL).globalCritic(true).sharedTrunk(true).build());
        assertEquals("network=shared-trunk feeds the critic head from the agent's own observation, so it needs"
                + " critic=local, got critic=global", global.getMessage());
        IllegalArgumentException head = assertThrows(IllegalArgumentException.class,
                () -> A2cSettings.builder().criticHeadHidden(true).build());
        assertEquals("critic-head=hidden is a head on the shared trunk, so it needs network=shared-trunk, got"
                + " network=separate", head.getMessage());
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException coefficient = assertThrows(IllegalArgumentException.class,
                    () -> A2cSettings.builder().sharedTrunk(true).valueCoefficient(bad).build());
            assertTrue(coefficient.getMessage().startsWith("value-coefficient"), coefficient.getMessage());
        }
        assertEquals(0.5, A2cSettings.paper().valueCoefficient(), 0.0);
        assertFalse(A2cSettings.paper().sharedTrunk());
        assertFalse(A2cSettings.paper().criticHeadHidden());
        A2cSettings.builder().sharedTrunk(true).criticHeadHidden(true).valueCoefficient(1e-9).build();
    }
}
