package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.cbmp.CbmpEnvironment;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Tests added after a PIT survey of {@code qd}: each pins a range, a formula or the greedy team action a surviving
 * mutant changed. Expected values are derived by hand in the comments (Qiao et al., Privacy-preserved Fully
 * Decentralized Multi-agent Reinforcement Learning for Networked Social Systems, Algorithm 1 and eq. 5).
 */
class QdMutationKillTest {
    private static final int N = QdHarness.AGENTS;

    /** The discount's range is [0, 1): both ends checked. */
    @Test
    void discountRangeIsClosedOpen() {
        assertEquals(0.0, QdTeamLearner.requireDiscount(0.0));
        assertEquals(0.999, QdTeamLearner.requireDiscount(0.999));
        assertThrows(IllegalArgumentException.class, () -> QdTeamLearner.requireDiscount(1.0));
        assertThrows(IllegalArgumentException.class, () -> QdTeamLearner.requireDiscount(-1e-9));
    }

    /**
     * A decay list accepts (0, 1]: q = 1 (undecaying noise) is allowed; a noise-base list accepts (0, inf), so an
     * infinite base is refused.
     */
    @Test
    void decayListAcceptsOneAndBasesRefuseInfinity() {
        AgentNoiseList decays = AgentNoiseList.parse("qs", "1;0.5", true).orElseThrow();
        assertEquals(new AgentNoiseList("qs", new double[] {1, 0.5}), decays);
        assertNotEquals(new AgentNoiseList("qs", new double[] {1, 0.25}), decays);
        assertThrows(IllegalArgumentException.class, () -> AgentNoiseList.parse("noise-bases", "1;Infinity", false));
    }

    /**
     * The paper's claimed per-step guarantee is {@code adjBound / nu(0)} = 2 / 10 (Theorem V.5); the computed one adds
     * the float-safe rounding, so it is at least that. A statistic other than a scalar is refused with an
     * IllegalArgumentException on both release paths (the accepted-type check, not a cast failure).
     */
    @Test
    void claimedGuaranteeAndAcceptedStatistic() {
        DpQdLaplacePrivatizer privatizer = new DpQdLaplacePrivatizer(10, 0.99, 2);
        assertEquals(Optional.of(new io.dpmarl.core.privacy.PrivacyGuarantee.PureDp(0.2)),
                privatizer.claimedGuarantee());
        assertTrue(((io.dpmarl.core.privacy.PrivacyGuarantee.PureDp) privatizer.guarantee()).epsilon() >= 0.2);
        io.dpmarl.core.privacy.Statistic vector = new io.dpmarl.core.privacy.Statistic.Vector(new double[] {1, 2});
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(vector,
                io.dpmarl.core.rng.NoiseSource.seeded(1), PrivacyLedger.unaccounted(),
                io.dpmarl.core.privacy.LedgerKey.agent(0)));
        var stream = privatizer.openStream(io.dpmarl.core.privacy.StreamRequest.of(PrivacyLedger.unaccounted(),
                io.dpmarl.core.privacy.LedgerKey.agent(0), io.dpmarl.core.rng.NoiseSource.seeded(1), "test"));
        assertThrows(IllegalArgumentException.class, () -> stream.release(vector));
    }

    /**
     * QD-learning (no privatizer) transmits the true entries: the declared noise variance is present and 0, and the
     * squared message error is 0.
     */
    @Test
    void qdLearningDeclaresZeroNoise() {
        CbmpEnvironment environment = QdHarness.cbmp(3);
        RandomStreams streams = RandomStreams.of(3);
        DpQdLearner learner = new DpQdLearner(N, 2, 2, environment.communicationGraphs(), GainSchedule.kar(1.0, 0.05),
                0.7, Optional.empty(), streams.noise("privacy"), PrivacyLedger.unaccounted(),
                streams.stream(DpQdLearner.BEHAVIOUR_STREAM), TrialMetrics.discarding(), 0);
        QdHarness.run(environment, learner, 3, 5, 5, result -> { });
        assertEquals(Optional.of(0.0), learner.episodeMessages().sumDeclaredVariance());
        assertEquals(0.0, learner.episodeMessages().sumSquaredError(), 0.0);
        assertEquals(5L * N, learner.episodeMessages().releases());
    }

    /** The eavesdropped agent must be in [0, N - 1]. */
    @Test
    void observedAgentRange() {
        CbmpEnvironment environment = QdHarness.cbmp(1);
        assertThrows(IllegalArgumentException.class, () -> learner(environment, heterogeneous(), N));
        assertThrows(IllegalArgumentException.class, () -> learner(environment, heterogeneous(), -1));
        learner(environment, heterogeneous(), N - 1);
    }

    /**
     * The declared message variance of one episode, with per-agent noise {@code nu_i(t) = s_i q_i^t} (eq. 5),
     * s_i = 2 + i, q_i = 1 for even i and 0.98 for odd i. Two episodes of 5 steps: the second episode's statistics
     * cover only its own releases, at global steps t = 5..9, so
     * {@code sum_i sum_{t=5}^{9} 2 (s_i q_i^t)^2} over N messages per step, and 5 N releases.
     */
    @Test
    void declaredVarianceOfTheSecondEpisodeUsesPerAgentScalesAtGlobalSteps() {
        CbmpEnvironment environment = QdHarness.cbmp(2);
        DpQdLearner learner = learner(environment, heterogeneous(), 0);
        QdHarness.run(environment, learner, 2, 10, 5, result -> { });
        double expected = 0;
        for (int i = 0; i < N; i++) {
            double s = 2 + i;
            double q = i % 2 == 0 ? 1 : 0.98;
            for (int t = 5; t <= 9; t++) {
                double nu = s * Math.pow(q, t);
                expected += 2 * nu * nu;
            }
        }
        QdNetworkView.MessageStatistics messages = learner.episodeMessages();
        assertEquals(5L * N, messages.releases());
        assertEquals(expected, messages.sumDeclaredVariance().orElseThrow(), expected * 1e-12);
    }

    /**
     * The deployed team action is the argmax over actions of the agents' summed Q (the network average), the
     * smallest action on ties. Agents' tables (N = 2, 3 actions): (1, 5, 0) and (4, -1, 2): sums (5, 4, 2), so action
     * 0 although agent 0 alone prefers 1. All-negative sums (-3, -1, -2) give 1; equal sums give 0.
     */
    @Test
    void greedyTeamActionMaximisesTheSummedTable() {
        assertEquals(0, QdPolicies.greedyAverageAction(view(new double[][] {{1, 5, 0}, {4, -1, 2}}), 0));
        assertEquals(1, QdPolicies.greedyAverageAction(view(new double[][] {{-1, -0.5, -1}, {-2, -0.5, -1}}), 0));
        assertEquals(0, QdPolicies.greedyAverageAction(view(new double[][] {{1, 0, 2}, {1, 2, 0}}), 0));
        Observation[] observations = {new Observation(0, new double[0]), new Observation(0, new double[0])};
        var policy = QdPolicies.greedyAverage(view(new double[][] {{1, 5, 0}, {4, -1, 2}}));
        assertArrayEquals(new double[] {1, 0, 0}, policy.marginal(1, 0, observations));
        // joint actions of 2 agents with 3 actions each: (0, 0) is index 0 of 9
        double[] joint = policy.jointDistribution(0, observations);
        assertEquals(9, joint.length);
        assertEquals(1.0, joint[0]);
        assertEquals(1.0, java.util.Arrays.stream(joint).sum());
        // summed tables (-3, -1, -2): every agent plays 1, the joint action (1, 1) is index 1 * 3 + 1 = 4
        double[] common = QdPolicies.greedyAverage(view(new double[][] {{-1, -0.5, -1}, {-2, -0.5, -1}}))
                .jointDistribution(0, observations);
        assertEquals(1.0, common[4]);
    }

    /**
     * The output policy lists its joint distribution up to 2^20 joint actions inclusive and refuses beyond (use the
     * marginals). 20 agents with 2 actions, every agent valuing action 1 above action 0: exactly 2^20 = 1 048 576
     * joint actions, mass 1 on the joint action where all play 1, whose index in any base-2 encoding is 2^20 - 1
     * (all digits 1). 21 agents: 2^21, refused.
     */
    @Test
    void jointDistributionIsListedUpToTwoToTheTwentyJointActions() {
        double[][] twenty = new double[20][];
        java.util.Arrays.fill(twenty, new double[] {0, 1});
        Observation[] observations = new Observation[21];
        java.util.Arrays.fill(observations, new Observation(0, new double[0]));
        double[] joint = QdPolicies.greedyAverage(view(twenty)).jointDistribution(0, observations);
        assertEquals(1 << 20, joint.length);
        assertEquals(1.0, joint[(1 << 20) - 1], 0.0);
        assertEquals(1.0, java.util.Arrays.stream(joint).sum(), 0.0);
        double[][] twentyOne = new double[21][];
        java.util.Arrays.fill(twentyOne, new double[] {0, 1});
        assertThrows(IllegalStateException.class,
                () -> QdPolicies.greedyAverage(view(twentyOne)).jointDistribution(0, observations));
    }

    /** {@code max_a Q^i(s, a)} reads agent i's own row of state s only. */
    @Test
    void maxValueReadsTheAgentsOwnRow() {
        QdNetwork network = new QdNetwork(2, 2, 3);
        network.set(0, 1, 0, -4);
        network.set(0, 1, 1, -2);
        network.set(0, 1, 2, -3);
        network.set(1, 1, 2, 9);
        network.set(0, 0, 1, 7);
        assertEquals(-2, network.maxValue(0, 1));
        assertEquals(9, network.maxValue(1, 1));
        assertEquals(7, network.maxValue(0, 0));
        assertEquals(0, network.maxValue(1, 0));
    }

    private static QdNetworkView view(double[][] table) {
        return new QdNetworkView() {
            @Override
            public int numAgents() {
                return table.length;
            }

            @Override
            public int numStates() {
                return 1;
            }

            @Override
            public int numActions() {
                return table[0].length;
            }

            @Override
            public double value(int agent, int state, int action) {
                return table[agent][action];
            }

            @Override
            public long steps() {
                return 0;
            }

            @Override
            public MessageStatistics episodeMessages() {
                return new MessageStatistics(0, 0, Optional.empty(), Optional.empty());
            }
        };
    }

    private static DpQdLaplacePrivatizer heterogeneous() {
        StringBuilder bases = new StringBuilder();
        StringBuilder decays = new StringBuilder();
        for (int i = 0; i < N; i++) {
            bases.append(i == 0 ? "" : ";").append(2 + i);
            decays.append(i == 0 ? "" : ";").append(i % 2 == 0 ? "1" : "0.98");
        }
        return new DpQdLaplacePrivatizer(10, 0.99, 1, AgentNoiseList.parse("noise-bases", bases.toString(), false),
                AgentNoiseList.parse("qs", decays.toString(), true));
    }

    private static DpQdLearner learner(CbmpEnvironment environment, DpQdLaplacePrivatizer privatizer, int observed) {
        RandomStreams streams = RandomStreams.of(3);
        return new DpQdLearner(N, 2, 2, environment.communicationGraphs(), GainSchedule.kar(1.0, 0.05), 0.7,
                Optional.of(privatizer), streams.noise("privacy"), PrivacyLedger.of(BasicAccountant::new, 0.0),
                streams.stream(DpQdLearner.BEHAVIOUR_STREAM), TrialMetrics.discarding(), observed);
    }
}
