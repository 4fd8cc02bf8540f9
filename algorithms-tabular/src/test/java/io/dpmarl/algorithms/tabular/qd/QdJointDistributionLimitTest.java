package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Observation;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The QD output policy lists its joint distribution up to 2^20 joint actions inclusive and refuses beyond (use
 * the marginals): at 2 actions, 20 agents have exactly 2^20 = 1 048 576 joint actions and 21 agents 2^21.
 */
class QdJointDistributionLimitTest {

    /** N agents, one state, 2 actions; every agent values action 1 above action 0, so the team plays 1. */
    private static QdNetworkView preferActionOne(int agents) {
        return new QdNetworkView() {
            @Override
            public int numAgents() {
                return agents;
            }

            @Override
            public int numStates() {
                return 1;
            }

            @Override
            public int numActions() {
                return 2;
            }

            @Override
            public double value(int agent, int state, int action) {
                return action;
            }

            @Override
            public long steps() {
                return 0;
            }

            @Override
            public MessageStatistics episodeMessages() {
                throw new UnsupportedOperationException();
            }
        };
    }

    private static Observation[] observations(int agents) {
        Observation[] observations = new Observation[agents];
        Arrays.fill(observations, new Observation(0, new double[0]));
        return observations;
    }

    /**
     * 20 agents: the distribution has 2^20 entries and puts mass 1 on the joint action where every agent plays 1,
     * whose index in any base-2 encoding is 2^20 - 1 (all digits 1). 21 agents: refused.
     */
    @Test
    void listsExactlyTwoToTheTwentyJointActions() {
        double[] joint = QdPolicies.greedyAverage(preferActionOne(20)).jointDistribution(0, observations(20));
        assertEquals(1 << 20, joint.length);
        assertEquals(1.0, joint[(1 << 20) - 1], 0.0);
        assertEquals(1.0, Arrays.stream(joint).sum(), 0.0);
        assertThrows(IllegalStateException.class,
                () -> QdPolicies.greedyAverage(preferActionOne(21)).jointDistribution(0, observations(21)));
    }
}
