package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * DPC-MARL with {@code network=shared-trunk} on the fixture environment: sGain 0 is ConsensusMARL bit for bit, only
 * the trunk's second layer reaches the privatizer, consensus averages exactly that layer (the input layer and both
 * heads stay local), and the plugin's parameters reach the learner.
 */
class SharedTrunkLearnerTest {
    private static final int AGENTS = 3;

    private static A2cSettings settings() {
        return A2cSettings.builder().actorLearningRate(5e-3).rollout(10).gamma(0.95).hidden(6).entropyWeight(0.01)
                .rewardScale(1.0).advantage(A2cAdvantage.COUNTERFACTUAL).sharedTrunk(true).build();
    }

    private static DpcMarlA2c learner(Channel channel, long seed, A2cSettings settings) {
        ToyTrackingEnvironment environment = new ToyTrackingEnvironment(AGENTS, 30);
        RandomStreams streams = RandomStreams.of(seed);
        RandomGenerator[] initialise = new RandomGenerator[AGENTS];
        RandomGenerator[] policy = new RandomGenerator[AGENTS];
        for (int i = 0; i < AGENTS; i++) {
            initialise[i] = streams.stream("initialisation/agent/" + i);
            policy[i] = streams.stream("policy/agent/" + i);
        }
        return new DpcMarlA2c(environment.info(), CommunicationGraph.path(AGENTS), settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, channel, initialise, policy, TrialMetrics.discarding());
    }

    private static PrivacyLedger ledger() {
        return PrivacyLedger.of(BasicAccountant::new, 0);
    }

    @Test
    void zeroGainEqualsConsensusMarlExactly() {
        DpcMarlA2c consensus = learner(Channel.clear("critic"), 5, settings());
        PrivacyLedger ledger = ledger();
        DpcMarlA2c zeroGain = learner(Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(0),
                ledger, NoiseSource.seeded(9)), 5, settings());
        double a = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), consensus, 20, 3);
        double b = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), zeroGain, 20, 3);
        assertEquals(a, b, 0.0);
        for (int i = 0; i < AGENTS; i++) {
            assertArrayEquals(consensus.criticParameters(i), zeroGain.criticParameters(i), 0.0);
            assertArrayEquals(consensus.actorParameters(i), zeroGain.actorParameters(i), 0.0);
        }
        // 20 episodes x 3 rollouts = 60 rounds, 3 releases each, each charged to all 3 keys: 180 on agent 1's key
        assertEquals(60, zeroGain.rounds());
        assertEquals(180, ledger.releases(LedgerKey.agent(1)));
        assertFalse(zeroGain.collapsed());
        // mutant: a positive gain changes the run, through the exchanged layer, and the rest of the network with it
        DpcMarlA2c noisy = learner(Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(0.01),
                ledger(), NoiseSource.seeded(9)), 5, settings());
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), noisy, 20, 3);
        assertFalse(Arrays.equals(consensus.criticParameters(1), noisy.criticParameters(1)));
        assertFalse(Arrays.equals(consensus.actorParameters(1), noisy.actorParameters(1)));
    }

    @Test
    void onlyTheTrunksSecondLayerReachesThePrivatizer() {
        List<double[]> released = new ArrayList<>();
        Privatizer spy = StubPrivatizer.named("spy").accepts(Statistic.Vector.class)
                .guarantee(new PrivacyGuarantee.NonPrivate(), new PrivacyEvent.NonPrivateEvent())
                .neighbouring(Neighbouring.AGENT).release(input -> {
                    released.add(((Statistic.Vector) input).values().clone());
                    return input;
                }).build();
        DpcMarlA2c learner = learner(Channel.privateChannel("critic", spy, ledger(), NoiseSource.seeded(1)), 2,
                settings());
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), learner, 1, 1);
        // 1 episode of 30 steps = 3 rounds x 3 agents; each vector is W_1 (6 x 6) and b_1: 42 values
        assertEquals(3 * AGENTS, released.size());
        for (double[] vector : released) {
            assertEquals(42, vector.length);
        }
        // the last round's releases, in agent order, are what each agent held before combining
        double[][] last = {released.get(6), released.get(7), released.get(8)};
        double[] after0 = learner.criticParameters(0);
        double[] after1 = learner.criticParameters(1);
        for (int d = 0; d < 42; d++) {
            assertEquals((last[0][d] + last[1][d]) / 2, after0[d], 1e-15, "agent 0, coordinate " + d);
            assertEquals((last[0][d] + last[1][d] + last[2][d]) / 3, after1[d], 1e-15, "agent 1, coordinate " + d);
        }
    }

    /** Every agent's whole network is set by hand; one exchange changes the trunk's second layer only. */
    @Test
    void consensusAveragesTheExchangedLayerAndLeavesTheRestLocal() {
        DpcMarlA2c learner = learner(Channel.clear("critic"), 3, settings());
        int count = learner.sharedAgent(0).network().parameterCount();
        int first = 3 * 6 + 6; // the trunk's input layer: 3 observation features x 6, plus 6 biases
        double[][] before = new double[AGENTS][count];
        A2cTeam team = new A2cTeam(new ToyTrackingEnvironment(AGENTS, 30).info(), CommunicationGraph.path(AGENTS),
                settings(), streams(AGENTS), streams(AGENTS));
        for (int i = 0; i < AGENTS; i++) {
            for (int k = 0; k < count; k++) {
                before[i][k] = 100 * i + k;
            }
            ((SharedTrunkAgent) team.agents()[i]).network().setParameters(before[i]);
        }
        team.exchange(new CriticExchange(Channel.clear("critic"), CommunicationGraph.path(AGENTS),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, 42));
        double[][] expectedShift = {{50}, {100}, {150}}; // means of 100 i over {0, 1}, {0, 1, 2}, {1, 2}
        for (int i = 0; i < AGENTS; i++) {
            double[] after = team.agents()[i].policyParameters();
            for (int k = 0; k < count; k++) {
                boolean exchanged = k >= first && k < first + 42;
                double expected = exchanged ? expectedShift[i][0] + k : before[i][k];
                assertEquals(expected, after[k], 1e-12, "agent " + i + ", parameter " + k);
            }
        }
    }

    private static RandomGenerator[] streams(int n) {
        RandomGenerator[] out = new RandomGenerator[n];
        for (int i = 0; i < n; i++) {
            out[i] = new java.util.SplittableRandom(i);
        }
        return out;
    }

    @Test
    void thePluginsParametersReachTheLearner() {
        ToyTrackingEnvironment environment = new ToyTrackingEnvironment(AGENTS, 12);
        Registry registry = Registry.discover();
        PluginContext context = new PluginContext(RandomStreams.of(3), NoiseSource.seeded(4), ledger(),
                Optional.of(environment), registry, TrialMetrics.discarding(), Optional.empty());
        Learner plugin = registry.create(PluginKind.LEARNER, Learner.class, "dpc-marl-a2c(rollout=5, hidden=4,"
                + " actor-lr=0.01, advantage=return-minus-expected-q, network=shared-trunk, value-coefficient=2,"
                + " critic-head=hidden)", context);
        A2cSettings settings = A2cSettings.builder().actorLearningRate(0.01).rollout(5).hidden(4)
                .advantage(A2cAdvantage.RETURN_MINUS_EXPECTED_Q).sharedTrunk(true).valueCoefficient(2)
                .criticHeadHidden(true).build();
        RandomStreams streams = RandomStreams.of(3);
        RandomGenerator[] initialise = new RandomGenerator[AGENTS];
        RandomGenerator[] policy = new RandomGenerator[AGENTS];
        for (int i = 0; i < AGENTS; i++) {
            initialise[i] = streams.stream("initialisation/agent/" + i);
            policy[i] = streams.stream("policy/agent/" + i);
        }
        DpcMarlA2c expected = new DpcMarlA2c(environment.info(), CommunicationGraph.path(AGENTS), settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), initialise, policy,
                TrialMetrics.discarding());
        ToyTrackingEnvironment.train(environment, plugin, 2, 8);
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 12), expected, 2, 8);
        for (int i = 0; i < AGENTS; i++) {
            assertArrayEquals(expected.actorParameters(i), ((DpcMarlA2c) plugin).actorParameters(i), 0.0);
        }
        // trunk 3 -> 4 -> 4 (16 + 20), actor head 4 -> 4 (20), critic head (4 + 4 own + 2 x 4 neighbours) -> 4 -> 1
        assertEquals(16 + 20 + 20 + 16 * 4 + 4 + 5, expected.actorParameters(1).length);
        assertEquals(20, expected.criticParameters(1).length);
        assertTrue(expected.rounds() > 0);
    }
}
