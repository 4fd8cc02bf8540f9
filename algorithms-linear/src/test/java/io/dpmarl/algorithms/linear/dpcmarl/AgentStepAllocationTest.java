package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both A2C agents act, store a rollout, bootstrap, update and check finiteness without allocating: the shared
 * {@link SoftmaxActionChoice} and {@link A2cRollout} work in buffers sized once. Measured with the thread's
 * allocation counter after a warm-up that lets the JIT compile the loop; an agent that allocated even one 16-byte
 * object per rollout (say a fresh array of its networks in {@code finite()}) would cost at least
 * {@code 16 * 500 = 8000} bytes over the measured cycles, above the 4096-byte allowance (which leaves room for the
 * counter's own noise); one per step would cost eight times that.
 *
 * <p>The learner ({@link DpcMarlA2c}) around them, over whole rollouts (act, observe, bootstrap, update, exchange):
 * its only allocation per step is the joint action {@code act} returns, a fresh {@code int[n]} the caller may keep
 * (the {@code Learner} contract does not let the learner reuse it), and on a clear channel the message objects the
 * core {@link Channel#send} builds per release.
 */
class AgentStepAllocationTest {
    private static final int STEPS = 8;
    private static final int CYCLES = 500;

    @ParameterizedTest
    @EnumSource(A2cAdvantage.class)
    void separateNetworksAllocateNothingPerStep(A2cAdvantage advantage) {
        A2cSettings settings = A2cSettings.builder().rollout(STEPS).hidden(16).normaliseAdvantages(true)
                .advantage(advantage).build();
        assertNoAllocation(new A2cAgent(settings, 3, 4, 1, new SplittableRandom(5)));
    }

    @ParameterizedTest
    @EnumSource(A2cAdvantage.class)
    void sharedTrunkAllocatesNothingPerStep(A2cAdvantage advantage) {
        A2cSettings settings = A2cSettings.builder().rollout(STEPS).hidden(16).normaliseAdvantages(true)
                .advantage(advantage).sharedTrunk(true).build();
        assertNoAllocation(new SharedTrunkAgent(settings, 3, 4, 1, new SplittableRandom(5)));
    }

    /**
     * On a graph without edges nothing is released, so a rollout of {@code STEPS} steps allocates exactly
     * {@code STEPS} joint actions ({@code int[3]}, sized on this JVM by allocating 1000 of them): a bootstrap or
     * values array allocated per rollout ({@code double[3]}, at least 40 bytes) would add at least
     * {@code 40 * 500 = 20000} bytes over the measured rollouts, above the 4096-byte allowance.
     */
    @ParameterizedTest
    @CsvSource({"N_STEP, false", "COUNTERFACTUAL, false", "N_STEP, true", "COUNTERFACTUAL, true"})
    void learnerAllocatesOnlyTheReturnedJointActionsPerStep(A2cAdvantage advantage, boolean sharedTrunk) {
        DpcMarlA2c learner = learner(advantage, sharedTrunk, CommunicationGraph.builder(3).build());
        long perJointAction = bytesPerJointAction(3);
        long allocated = learnerAllocation(learner);
        long expected = (long) CYCLES * STEPS * perJointAction;
        assertTrue(allocated < expected + 4096, "allocated " + allocated + " bytes in " + CYCLES
                + " rollouts, the joint actions take " + expected);
    }

    /**
     * On the path 0-1-2 over a clear channel each rollout also sends 3 releases (4 messages): the core
     * {@link Channel#send} builds an envelope with a copy of the receiver list, a message list and one message per
     * receiver around the agent's own vector (not a copy of it). The bound allows 400 bytes per release, far below
     * one copy of an exchanged vector (the 16-16 critic on 3 + 4 inputs has 417 doubles, 3.3 kB; the shared trunk's
     * second layer 272 doubles, 2.2 kB): copying the exchanged vectors per round would exceed it by
     * {@code 500 * 3 * 2.2 kB}, over 3 MB.
     */
    @ParameterizedTest
    @CsvSource({"N_STEP, false", "N_STEP, true"})
    void learnerOnAClearChannelAllocatesOnlyTheMessagesPerRound(A2cAdvantage advantage, boolean sharedTrunk) {
        DpcMarlA2c learner = learner(advantage, sharedTrunk, CommunicationGraph.path(3));
        long perJointAction = bytesPerJointAction(3);
        long allocated = learnerAllocation(learner);
        long expected = (long) CYCLES * (STEPS * perJointAction + 3 * 400);
        assertTrue(allocated < expected + 4096, "allocated " + allocated + " bytes in " + CYCLES
                + " rollouts, bound " + expected);
    }

    private static DpcMarlA2c learner(A2cAdvantage advantage, boolean sharedTrunk, CommunicationGraph graph) {
        A2cSettings settings = A2cSettings.builder().rollout(STEPS).hidden(16).normaliseAdvantages(true)
                .advantage(advantage).sharedTrunk(sharedTrunk).actorLearningRate(1e-4).criticLearningRate(1e-4)
                .build();
        RandomGenerator[] initialise = new RandomGenerator[3];
        RandomGenerator[] policy = new RandomGenerator[3];
        for (int i = 0; i < 3; i++) {
            initialise[i] = new SplittableRandom(5 + i);
            policy[i] = new SplittableRandom(50 + i);
        }
        return new DpcMarlA2c(new ToyTrackingEnvironment(3, 10).info(), graph, settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), initialise, policy,
                TrialMetrics.discarding());
    }

    /** Bytes allocated by the measured rollouts of one long episode at fixed observations and rewards. */
    private static long learnerAllocation(DpcMarlA2c learner) {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Observation[] observations = {Observation.vector(0.5, -0.25, 0), Observation.vector(-0.25, 0.5, 1),
                Observation.vector(1, -0.25, 0)};
        StepResult result = new StepResult(observations, new double[] {-0.25, -0.0625, -1}, false, false, Map.of());
        learner.beginEpisode(0, observations);
        int stage = 0;
        for (int warm = 0; warm < 2000 * STEPS; warm++) {
            learner.observe(stage, learner.act(stage, observations), result);
            stage++;
        }
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int step = 0; step < CYCLES * STEPS; step++) {
            learner.observe(stage, learner.act(stage, observations), result);
            stage++;
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertTrue(!learner.collapsed(), "the learner trained without collapsing");
        assertEquals(2000 + CYCLES, learner.rounds(), "one update and exchange per rollout");
        return allocated;
    }

    /** Bytes of one {@code int[n]} on this JVM: 1000 of them kept in an array, measured by the same counter. */
    private static long bytesPerJointAction(int n) {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int[][] kept = new int[1000][];
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int k = 0; k < kept.length; k++) {
            kept[k] = new int[n];
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertEquals(1000, kept.length);
        return allocated / kept.length;
    }

    private static void assertNoAllocation(TeamAgent agent) {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        double[] observation = {0.5, -0.25, 1};
        int[] jointAction = {0, 0};
        int[] neighbours = {1};
        SplittableRandom random = new SplittableRandom(9);
        for (int warm = 0; warm < 2000; warm++) {
            cycle(agent, observation, jointAction, neighbours, random);
        }
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int repeat = 0; repeat < CYCLES; repeat++) {
            cycle(agent, observation, jointAction, neighbours, random);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertTrue(allocated < 4096, "allocated " + allocated + " bytes in " + CYCLES + " rollouts");
    }

    private static void cycle(TeamAgent agent, double[] observation, int[] jointAction, int[] neighbours,
                              SplittableRandom random) {
        for (int t = 0; t < STEPS; t++) {
            int action = agent.sample(observation, random);
            jointAction[0] = action;
            jointAction[1] = agent.greedy(observation);
            agent.record(t, observation, observation, action, jointAction, neighbours);
            agent.reward(t, action - 1.5);
        }
        double bootstrap = agent.value(observation, jointAction[0], jointAction, neighbours);
        agent.update(STEPS, 0.9, bootstrap, 0.01);
        assertTrue(agent.finite());
    }
}
