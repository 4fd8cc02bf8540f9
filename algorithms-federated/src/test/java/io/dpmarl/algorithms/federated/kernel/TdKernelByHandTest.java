package io.dpmarl.algorithms.federated.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * One round of the kernel on N = BLOCK + 2 workers (two blocks, the second with two workers), every value derived
 * by hand below from the round's definition (paper "Differentially private federated temporal difference learning",
 * Algorithm 1 steps 2-6):
 * <pre>
 *   l^i = d^T theta^i + clip(r^i, [-R, R]),  theta'^i = v + alpha l^i z,  aggregate = sum_i c^i theta'^i,
 *   z' = gamma lambda z + phi(s'),  d = gamma phi(s') - phi(s).
 * </pre>
 * All inputs are dyadic (multiples of powers of two) and small, so every sum below is exact in binary floating
 * point and the comparisons are exact. The workers whose values differ from the rest sit in both blocks, so a kernel
 * that skipped, repeated or misplaced a block (or a worker inside one) changes a compared value.
 */
class TdKernelByHandTest {
    private static final int N = TdKernel.BLOCK + 2;
    private static final int LAST = N - 1;
    private static final int FIRST_OF_SECOND_BLOCK = TdKernel.BLOCK;
    /** phi(0) = (1, 0), phi(1) = (1/2, 1): S = 2 states, K = 2 features, row-major. */
    private static final double[] PHI = {1, 0, 0.5, 1};

    /** c^i = 2^-10, except c^{BLOCK} = 2^-9 and c^{N-1} = 2^-8. */
    private static double[] weights() {
        double[] c = new double[N];
        Arrays.fill(c, 0x1p-10);
        c[FIRST_OF_SECOND_BLOCK] = 0x1p-9;
        c[LAST] = 0x1p-8;
        return c;
    }

    /** theta_0^i = 0, except theta_0^0 = (2, 1) and theta_0^{N-1} = (1, 1/2). */
    private static double[] initial() {
        double[] theta = new double[2 * N];
        theta[0] = 2;
        theta[1] = 1;
        theta[2 * LAST] = 1;
        theta[2 * LAST + 1] = 0.5;
        return theta;
    }

    /** r^i = 0, except r^1 = 1/4, r^2 = -2 (clipped to -1), r^{BLOCK} = -1/2, r^{N-1} = 3 (clipped to 1). */
    private static double[] costs() {
        double[] r = new double[N];
        r[1] = 0.25;
        r[2] = -2;
        r[FIRST_OF_SECOND_BLOCK] = -0.5;
        r[LAST] = 3;
        return r;
    }

    /**
     * Before any round the aggregate is sum_i c^i theta_0^i = 2^-10 (2, 1) + 2^-8 (1, 1/2) = (6/1024, 3/1024), one
     * term from each block.
     *
     * <p>Round: begin at s = 1 (z = phi(1) = (1/2, 1)), move to s' = 0, v = (1/4, -1/2), alpha = gamma = lambda = 1/2,
     * R = 1. Then d = gamma phi(0) - phi(1) = (1/2, 0) - (1/2, 1) = (0, -1), so d^T theta^i = -theta^i_2, and
     * theta'^i = v + (1/2) l^i (1/2, 1) = (1/4 + l^i / 4, -1/2 + l^i / 2):
     * <ul>
     *   <li>every other worker: l = 0, theta' = (1/4, -1/2);</li>
     *   <li>worker 0: l = -1 (from theta_0^0, cost 0), theta' = (0, -1);</li>
     *   <li>worker 1: l = 1/4, theta' = (5/16, -3/8);</li>
     *   <li>worker 2: l = -1 (clipped), theta' = (0, -1);</li>
     *   <li>worker BLOCK: l = -1/2, theta' = (1/8, -3/4);</li>
     *   <li>worker N - 1: l = -1/2 + 1 (clipped) = 1/2, theta' = (3/8, -1/4).</li>
     * </ul>
     * With u = 2^-10, the 1021 other workers weigh 1021 u, so the aggregate is (workers 0, 1, 2, BLOCK, N - 1 last)
     * x = u (1021/4 + 0 + 5/16 + 0 + 2/8 + 4 (3/8)) = u (255.25 + 0.3125 + 0.25 + 1.5) = 257.3125 u,
     * y = u (-1021/2 - 1 - 3/8 - 1 - 2 (3/4) - 4/4) = u (-510.5 - 1 - 0.375 - 1 - 1.5 - 1) = -515.375 u.
     * The trace becomes z' = (1/4) (1/2, 1) + phi(0) = (9/8, 1/4). Two costs were clipped, one per block.
     */
    @Test
    void oneRoundOverTwoBlocksByHand() {
        for (int threads = 1; threads <= 2; threads++) {
            try (BlockPool pool = new BlockPool(threads)) {
                TdKernel kernel = new TdKernel(PHI, 2, weights(), 1.0, initial(), pool);
                assertEquals(N, kernel.workers());
                assertEquals(2, kernel.features());
                assertEquals(1.0, kernel.costBound());
                assertEquals(0x1p-9, kernel.weight(FIRST_OF_SECOND_BLOCK));
                assertArrayEquals(new double[] {6.0 / 1024, 3.0 / 1024}, kernel.aggregate(), 0.0, "initial aggregate");

                kernel.begin(1, false);
                assertArrayEquals(new double[] {0.5, 1}, kernel.trace(), 0.0, "z_0 = phi(s_0)");
                kernel.step(new double[] {0.25, -0.5}, 1, 0, 0.5, 0.5, 0.5, costs());

                assertArrayEquals(new double[] {0, -1}, kernel.theta(0), 0.0);
                assertArrayEquals(new double[] {0.25, -0.5}, kernel.theta(3), 0.0);
                assertArrayEquals(new double[] {5.0 / 16, -3.0 / 8}, kernel.theta(1), 0.0);
                assertArrayEquals(new double[] {0, -1}, kernel.theta(2), 0.0);
                assertArrayEquals(new double[] {0.25, -0.5}, kernel.theta(FIRST_OF_SECOND_BLOCK - 1), 0.0);
                assertArrayEquals(new double[] {1.0 / 8, -3.0 / 4}, kernel.theta(FIRST_OF_SECOND_BLOCK), 0.0);
                assertArrayEquals(new double[] {3.0 / 8, -1.0 / 4}, kernel.theta(LAST), 0.0);
                assertEquals(-0.25, kernel.theta(LAST, 1));
                assertEquals(0.375, kernel.theta(LAST, 0));
                assertArrayEquals(new double[] {257.3125 / 1024, -515.375 / 1024}, kernel.aggregate(), 0.0);
                assertArrayEquals(new double[] {9.0 / 8, 1.0 / 4}, kernel.trace(), 0.0, "z_1");

                assertEquals(0, kernel.clippedCosts(1));
                assertEquals(1, kernel.clippedCosts(2));
                assertEquals(0, kernel.clippedCosts(FIRST_OF_SECOND_BLOCK));
                assertEquals(1, kernel.clippedCosts(LAST));
                assertEquals(2, kernel.clippedCosts(), "one clipped cost in each block");
            }
        }
    }

    /**
     * A second round on one worker, from the state the first left (theta^0 non-zero, z decayed): K = 2, phi as above,
     * c = 1, R = infinite (nothing clipped), alpha = gamma = lambda = 1/2, theta_0 = (1, 1), zero trace at the start.
     * Round 1 (s = 0 to s' = 1, v = (0, 0), r = 1): z = 0, so theta_1 = v = (0, 0) whatever l is, and
     * z_1 = (1/4) 0 + phi(1) = (1/2, 1). Round 2 (s = 1 to s' = 1, v = (1, 0), r = 2): d = (1/2) phi(1) - phi(1)
     * = (-1/4, -1/2), d^T theta_1 = 0, l = 2, theta_2 = (1, 0) + (1/2) 2 (1/2, 1) = (3/2, 1); z_2 = (1/4) (1/2, 1)
     * + (1/2, 1) = (5/8, 5/4); the aggregate is theta_2 (c = 1). An infinite cost bound clips nothing.
     */
    @Test
    void twoRoundsOnOneWorkerWithAZeroTraceAndNoBound() {
        try (BlockPool pool = new BlockPool(1)) {
            TdKernel kernel = new TdKernel(PHI, 2, new double[] {1}, Double.POSITIVE_INFINITY, new double[] {1, 1},
                    pool);
            assertArrayEquals(new double[] {1, 1}, kernel.aggregate(), 0.0);
            kernel.begin(0, true);
            assertArrayEquals(new double[] {0, 0}, kernel.trace(), 0.0, "zeroTrace");
            kernel.step(new double[] {0, 0}, 0, 1, 0.5, 0.5, 0.5, new double[] {1});
            assertArrayEquals(new double[] {0, 0}, kernel.theta(0), 0.0);
            assertArrayEquals(new double[] {0.5, 1}, kernel.trace(), 0.0);
            kernel.step(new double[] {1, 0}, 1, 1, 0.5, 0.5, 0.5, new double[] {2});
            assertArrayEquals(new double[] {1.5, 1}, kernel.theta(0), 0.0);
            assertArrayEquals(new double[] {1.5, 1}, kernel.aggregate(), 0.0);
            assertArrayEquals(new double[] {5.0 / 8, 5.0 / 4}, kernel.trace(), 0.0);
            assertEquals(0, kernel.clippedCosts());
            kernel.step(new double[] {0, 0}, 1, 1, 0.5, 0.5, 0.5, new double[] {1e300});
            assertEquals(0, kernel.clippedCosts(), "an infinite bound clips nothing");
        }
    }

    /** A NaN cost of the last worker (second block) is refused before any worker, the trace or the aggregate moves. */
    @Test
    void aNanCostChangesNothing() {
        try (BlockPool pool = new BlockPool(1)) {
            TdKernel kernel = new TdKernel(PHI, 2, weights(), 1.0, initial(), pool);
            kernel.begin(1, false);
            double[] costs = costs();
            costs[LAST] = Double.NaN;
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> kernel.step(new double[] {0.25, -0.5}, 1, 0, 0.5, 0.5, 0.5, costs));
            assertTrue(error.getMessage().contains("worker " + LAST), error.getMessage());
            assertArrayEquals(new double[] {0, 0}, kernel.theta(2), 0.0);
            assertArrayEquals(new double[] {1, 0.5}, kernel.theta(LAST), 0.0);
            assertArrayEquals(new double[] {0.5, 1}, kernel.trace(), 0.0);
            assertArrayEquals(new double[] {2, 1}, kernel.theta(0), 0.0);
            assertArrayEquals(new double[] {6.0 / 1024, 3.0 / 1024}, kernel.aggregate(), 0.0);
            assertEquals(0, kernel.clippedCosts());
        }
    }

    /**
     * N = BLOCK workers are exactly one block: the round runs on the caller, so even a 3-thread pool starts no helper
     * (a run of one block never does). Every worker has theta_0 = 0, cost 1/2, weight 2^-10, z = phi(1) = (1/2, 1),
     * v = 0, alpha = 1/2: l = 1/2, theta' = (1/2)(1/2)(1/2, 1) = (1/8, 1/4), aggregate = 1024 2^-10 (1/8, 1/4).
     */
    @Test
    void exactlyOneBlockOfWorkersRunsOnTheCaller() {
        int workers = TdKernel.BLOCK;
        double[] c = new double[workers];
        Arrays.fill(c, 0x1p-10);
        double[] costs = new double[workers];
        Arrays.fill(costs, 0.5);
        try (BlockPool pool = new BlockPool(3)) {
            TdKernel kernel = new TdKernel(PHI, 2, c, 1.0, new double[2 * workers], pool);
            kernel.begin(1, false);
            kernel.step(new double[2], 1, 0, 0.5, 0.5, 0.5, costs);
            assertArrayEquals(new double[] {1.0 / 8, 1.0 / 4}, kernel.theta(workers - 1), 0.0);
            assertArrayEquals(new double[] {1.0 / 8, 1.0 / 4}, kernel.aggregate(), 0.0);
            assertEquals(0, pool.liveHelpers(), "one block: no helper started");
        }
    }

    @Test
    void badShapesAreRefusedNamingThem() {
        try (BlockPool pool = new BlockPool(1)) {
            assertRefused("phi", () -> new TdKernel(new double[] {1, 2, 3}, 2, new double[] {1}, 1, new double[1],
                    pool));
            assertRefused("phi", () -> new TdKernel(new double[0], 2, new double[] {1}, 1, new double[0], pool));
            assertRefused("numStates", () -> new TdKernel(PHI, 0, new double[] {1}, 1, new double[2], pool));
            assertRefused("numAgents", () -> new TdKernel(PHI, 2, new double[0], 1, new double[0], pool));
            assertRefused("initial", () -> new TdKernel(PHI, 2, new double[] {1, 1}, 1, new double[2], pool));
            assertRefused("initial", () -> new TdKernel(PHI, 2, new double[] {1}, 1, new double[3], pool));
            assertRefused("costBound", () -> new TdKernel(PHI, 2, new double[] {1}, 0, new double[2], pool));
        }
    }

    private static void assertRefused(String name, Executable call) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, call);
        assertTrue(error.getMessage().contains(name), error.getMessage());
    }
}
