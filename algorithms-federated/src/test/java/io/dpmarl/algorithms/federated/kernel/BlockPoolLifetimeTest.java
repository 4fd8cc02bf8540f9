package io.dpmarl.algorithms.federated.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The helper threads' lifetime: none before the first run, {@code threads - 1} after it, none as soon as
 * {@link BlockPool#close()} returns, and none after the idle limit without a run (a pool dropped without close),
 * with the next run starting them again and computing the same result.
 */
class BlockPoolLifetimeTest {
    private static final int BLOCKS = 64;

    /** Block b writes b^2 + 1 into its own slot: the expected array is known without running the pool. */
    private static long[] squares(BlockPool pool) {
        long[] out = new long[BLOCKS];
        pool.run(BLOCKS, b -> out[b] = (long) b * b + 1);
        return out;
    }

    private static long[] expected() {
        long[] out = new long[BLOCKS];
        for (int b = 0; b < BLOCKS; b++) {
            out[b] = (long) b * b + 1;
        }
        return out;
    }

    @Test
    void helpersStartAtTheFirstRunAndEndWhenCloseReturns() {
        BlockPool pool = new BlockPool(3);
        assertEquals(0, pool.liveHelpers(), "no helper before the first run");
        assertArrayEquals(expected(), squares(pool));
        assertEquals(2, pool.liveHelpers());
        pool.close();
        assertEquals(0, pool.liveHelpers(), "close waits for the helpers to end");
        assertArrayEquals(expected(), squares(pool), "a closed pool runs on the caller");
        assertEquals(0, pool.liveHelpers());
        pool.close();
    }

    @Test
    void helpersOfADroppedPoolEndAfterTheIdleLimitAndTheNextRunStartsNewOnes() throws InterruptedException {
        // 500 ms: the helpers must still be alive when the run returns; a pause of the test thread longer than the
        // idle limit (50 ms failed once on a machine at load 16) would see them already retired.
        long idle = TimeUnit.MILLISECONDS.toNanos(500);
        BlockPool pool = new BlockPool(3, idle);
        assertArrayEquals(expected(), squares(pool));
        assertEquals(2, pool.liveHelpers());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); // generous: the machine is shared
        while (pool.liveHelpers() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, pool.liveHelpers(), "the helpers ended by themselves after the idle limit");
        assertArrayEquals(expected(), squares(pool));
        assertTrue(pool.liveHelpers() > 0, "the run after retirement started helpers again");
        pool.close();
        assertEquals(0, pool.liveHelpers());
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class, () -> new BlockPool(0));
        assertTrue(threads.getMessage().contains("threads"), threads.getMessage());
        IllegalArgumentException idle = assertThrows(IllegalArgumentException.class, () -> new BlockPool(2, 0));
        assertEquals("idleNanos must be in [1, inf), got 0", idle.getMessage());
    }
}
