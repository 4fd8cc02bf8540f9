package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The A2C form of DPC-MARL on a small fixture environment: reductions, what is released, and learning. */
class DpcMarlA2cTest {
    private static final int AGENTS = 3;

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

    private static A2cSettings small() {
        return A2cSettings.builder().actorLearningRate(5e-3).criticLearningRate(5e-3).rollout(10).gamma(0.95)
                .hidden(16).entropyWeight(0.01).rewardScale(1.0).build();
    }

    private static PrivacyLedger ledger() {
        return PrivacyLedger.of(BasicAccountant::new, 0);
    }

    @Test
    void zeroGainEqualsConsensusMarlExactly() {
        DpcMarlA2c consensus = learner(Channel.clear("critic"), 5, small());
        PrivacyLedger ledger = ledger();
        DpcMarlA2c zeroGain = learner(Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(0),
                ledger, NoiseSource.seeded(9)), 5, small());
        double a = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), consensus, 20, 3);
        double b = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), zeroGain, 20, 3);
        assertEquals(a, b, 0.0);
        for (int i = 0; i < AGENTS; i++) {
            assertArrayEquals(consensus.criticParameters(i), zeroGain.criticParameters(i), 0.0);
            assertArrayEquals(consensus.actorParameters(i), zeroGain.actorParameters(i), 0.0);
        }
        // 20 episodes x 3 rollouts of 10 steps = 60 rounds; each of the 3 agents releases once per round, nominally,
        // and each release is charged to every agent's key: 3 x 60 = 180 releases on agent 1's key
        assertEquals(60, zeroGain.rounds());
        assertEquals(180, ledger.releases(LedgerKey.agent(1)));
        assertTrue(ledger.isNominal(LedgerKey.agent(1)));
        assertEquals(Double.POSITIVE_INFINITY, ledger.maxEpsilon(0));
        // mutant: a positive gain changes the run
        DpcMarlA2c noisy = learner(Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(0.01),
                ledger(), NoiseSource.seeded(9)), 5, small());
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), noisy, 20, 3);
        assertFalse(Arrays.equals(consensus.criticParameters(1), noisy.criticParameters(1)));
    }

    @Test
    void onlyCriticParametersReachThePrivatizer() {
        List<Integer> lengths = new ArrayList<>();
        Privatizer spy = StubPrivatizer.named("spy").accepts(Statistic.Vector.class)
                .guarantee(new PrivacyGuarantee.NonPrivate(), new PrivacyEvent.NonPrivateEvent())
                .neighbouring(Neighbouring.AGENT).release(input -> {
                    lengths.add(((Statistic.Vector) input).values().length);
                    return input;
                }).build();
        DpcMarlA2c learner = learner(Channel.privateChannel("critic", spy, ledger(), NoiseSource.seeded(1)), 2,
                small());
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), learner, 2, 1);
        // critic: (3 + 2*4) -> 16 -> 16 -> 1 = 11*16+16 + 16*16+16 + 16+1 = 481 parameters; actor would be 404
        assertEquals(2 * 3 * AGENTS, lengths.size());
        for (int length : lengths) {
            assertEquals(481, length);
        }
    }

    @Test
    void releasedCopyIsNoisyAndTheRetainedOneIsNot() {
        PrivacyLedger ledger = ledger();
        DataDependentLaplacePrivatizer privatizer = new DataDependentLaplacePrivatizer(0.1);
        Channel channel = Channel.privateChannel("critic", privatizer, ledger, NoiseSource.seeded(4));
        CommunicationGraph graph = CommunicationGraph.path(AGENTS);
        CriticExchange exchange = new CriticExchange(channel, graph, ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, 481);
        io.dpmarl.algorithms.linear.nn.DenseNetwork[] critics = new io.dpmarl.algorithms.linear.nn.DenseNetwork[AGENTS];
        double[][] before = new double[AGENTS][];
        for (int i = 0; i < AGENTS; i++) {
            critics[i] = new io.dpmarl.algorithms.linear.nn.DenseNetwork(new java.util.SplittableRandom(i), 11, 16,
                    16, 1);
            before[i] = new double[481];
            critics[i].copyParametersTo(before[i]);
        }
        exchange.exchange(critics);
        for (int i = 0; i < AGENTS; i++) {
            assertArrayEquals(before[i], exchange.lastOwn(i), 0.0);
            assertFalse(Arrays.equals(before[i], exchange.lastReleased(i)));
        }
        // agent 0 combined its own noiseless vector with agent 1's release: (own_0 + released_1) / 2
        double[] after = new double[481];
        critics[0].copyParametersTo(after);
        for (int d = 0; d < 481; d++) {
            assertEquals((before[0][d] + exchange.lastReleased(1)[d]) / 2, after[d], 1e-15);
        }
    }

    @Test
    void consensusMarlLearnsOnTheFixture() {
        // return of the uniform policy: a random walk from U[-1, 1] with steps +-0.05, +-0.15; learning must do
        // better than the untrained agents by a margin (the first episodes' return is the reference).
        DpcMarlA2c trained = learner(Channel.clear("critic"), 7, small());
        double untrained = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30),
                learner(Channel.clear("critic"), 7, small()), 5, 11);
        double late = ToyTrackingEnvironment.train(new ToyTrackingEnvironment(AGENTS, 30), trained, 300, 11);
        assertTrue(late > 0.5 * untrained, "trained " + late + " vs untrained " + untrained);
    }
}
