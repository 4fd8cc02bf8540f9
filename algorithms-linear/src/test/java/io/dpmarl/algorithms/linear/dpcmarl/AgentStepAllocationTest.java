package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both A2C agents act, store a rollout, bootstrap, update and check finiteness without allocating: the shared
 * {@link SoftmaxActionChoice} and {@link A2cRollout} work in buffers sized once. Measured with the thread's
 * allocation counter after a warm-up that lets the JIT compile the loop; an agent that allocated even one 16-byte
 * object per rollout (say a fresh array of its networks in {@code finite()}) would cost at least
 * {@code 16 * 500 = 8000} bytes over the measured cycles, above the 4096-byte allowance (which leaves room for the
 * counter's own noise); one per step would cost eight times that.
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
