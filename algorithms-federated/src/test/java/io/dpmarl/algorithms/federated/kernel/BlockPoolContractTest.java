package io.dpmarl.algorithms.federated.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * The run contract of {@link BlockPool} stated in its Javadoc: every block runs exactly once in every run (also over
 * many consecutive runs, which reuse the helpers), a run of at most one block starts no helper, the first exception
 * of a block is rethrown after the other blocks ran, a failed run does not poison the next one, and close keeps the
 * caller's interrupt status. The caller works on the blocks too, helpers are woken for every run, and the helper that
 * finishes the last block wakes the caller: with a helper idle limit of one hour, a missing wake-up would hang the
 * test instead of costing an idle limit.
 */
class BlockPoolContractTest {

    /** 300 consecutive runs of 16 blocks on 3 threads: each run counts every block exactly once. */
    @Test
    void everyBlockRunsExactlyOnceInEveryRun() {
        try (BlockPool pool = new BlockPool(3)) {
            assertEquals(3, pool.threads());
            for (int run = 0; run < 300; run++) {
                AtomicIntegerArray counts = new AtomicIntegerArray(16);
                pool.run(16, counts::incrementAndGet);
                for (int b = 0; b < 16; b++) {
                    assertEquals(1, counts.get(b), "run " + run + ", block " + b);
                }
            }
        }
    }

    /** With one block (or none) the run takes place on the caller and no helper starts. */
    @Test
    void aRunOfOneBlockStartsNoHelper() {
        try (BlockPool pool = new BlockPool(3)) {
            Thread[] ranOn = new Thread[1];
            pool.run(1, b -> ranOn[0] = Thread.currentThread());
            assertSame(Thread.currentThread(), ranOn[0]);
            pool.run(0, b -> {
                throw new AssertionError("no block to run");
            });
            assertEquals(0, pool.liveHelpers(), "a run of at most one block starts no helper");
        }
        assertEquals(1, new BlockPool(1).threads());
    }

    /**
     * Block 5 of 32 throws: the run rethrows that exception once every other block has run once, and the next run
     * of the same pool completes normally.
     */
    @Test
    void aBlocksExceptionIsRethrownAfterTheOtherBlocksRan() {
        try (BlockPool pool = new BlockPool(3)) {
            AtomicIntegerArray counts = new AtomicIntegerArray(32);
            IllegalStateException failure = new IllegalStateException("block 5");
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> pool.run(32, b -> {
                counts.incrementAndGet(b);
                if (b == 5) {
                    throw failure;
                }
            }));
            assertSame(failure, thrown);
            for (int b = 0; b < 32; b++) {
                assertEquals(1, counts.get(b), "block " + b);
            }
            AtomicIntegerArray again = new AtomicIntegerArray(32);
            pool.run(32, again::incrementAndGet);
            for (int b = 0; b < 32; b++) {
                assertEquals(1, again.get(b), "next run, block " + b);
            }
        }
    }

    /** close() called with the interrupt flag set still stops the helpers and leaves the flag set. */
    @Test
    void closeKeepsTheCallersInterruptStatus() throws InterruptedException {
        BlockPool pool = new BlockPool(3);
        AtomicIntegerArray counts = new AtomicIntegerArray(8);
        pool.run(8, counts::incrementAndGet);
        Thread.currentThread().interrupt();
        pool.close();
        assertTrue(Thread.interrupted(), "the interrupt status is kept (and cleared here)");
        long deadline = System.nanoTime() + 20_000_000_000L; // generous: the machine is shared
        while (pool.liveHelpers() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(0, pool.liveHelpers(), "the helpers end even if close stopped waiting");
    }

    /**
     * Two threads, two blocks that wait for each other at a barrier, so the round completes only if the caller and the
     * helper each run one block at the same time; the helper's block then ends last, so the caller returns only if
     * the helper wakes it. The helper is named {@value BlockPool#THREAD_NAME_PREFIX}1 and is a daemon. Three rounds,
     * each after a pause in which the helper parks (its idle limit is an hour): each needs the run's wake-up.
     */
    @Test
    void theCallerAndTheHelperEachRunABlockAndWakeEachOther() throws InterruptedException {
        Thread caller = Thread.currentThread();
        try (BlockPool pool = new BlockPool(2, TimeUnit.HOURS.toNanos(1))) {
            pool.run(4, b -> { });
            for (int round = 0; round < 3; round++) {
                Thread.sleep(20);
                CyclicBarrier barrier = new CyclicBarrier(2);
                Thread[] ranOn = new Thread[2];
                pool.run(2, b -> {
                    ranOn[b] = Thread.currentThread();
                    try {
                        barrier.await(30, TimeUnit.SECONDS);
                        if (Thread.currentThread() != caller) {
                            Thread.sleep(20);
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException("block " + b + " did not meet the other block", e);
                    }
                });
                Thread helper = ranOn[0] == caller ? ranOn[1] : ranOn[0];
                assertTrue(ranOn[0] == caller || ranOn[1] == caller, "round " + round + ": the caller ran a block");
                assertEquals(BlockPool.THREAD_NAME_PREFIX + "1", helper.getName());
                assertTrue(helper.isDaemon(), "helpers are daemon threads");
            }
            assertEquals(1, pool.liveHelpers());
        }
    }

    /** close() of a pool that never ran (no helper yet) returns at once; an idle limit of 1 ns is accepted. */
    @Test
    void closeOfAPoolThatNeverRanAndTheSmallestIdleLimit() {
        BlockPool never = new BlockPool(3);
        never.close();
        assertEquals(0, never.liveHelpers());
        try (BlockPool shortest = new BlockPool(2, 1)) {
            AtomicIntegerArray counts = new AtomicIntegerArray(4);
            shortest.run(4, counts::incrementAndGet);
            for (int b = 0; b < 4; b++) {
                assertEquals(1, counts.get(b));
            }
        }
    }

    /**
     * Helpers are daemon threads even when the pool runs on a thread that is not a daemon (a new thread inherits its
     * creator's daemon status, so this needs a non-daemon caller). Two blocks meet at a barrier, so the helper runs
     * one.
     */
    @Test
    void helpersAreDaemonsUnderANonDaemonCaller() throws InterruptedException {
        boolean[] helperIsDaemon = new boolean[1];
        Thread caller = new Thread(() -> {
            try (BlockPool pool = new BlockPool(2)) {
                CyclicBarrier barrier = new CyclicBarrier(2);
                Thread self = Thread.currentThread();
                pool.run(2, b -> {
                    meet(barrier);
                    if (Thread.currentThread() != self) {
                        helperIsDaemon[0] = Thread.currentThread().isDaemon();
                    }
                });
            }
        });
        caller.setDaemon(false);
        caller.start();
        caller.join();
        assertTrue(helperIsDaemon[0], "the helper is a daemon thread");
    }

    /**
     * close() while the helper is still inside a block (a run on another thread, the helper's block waiting on a
     * latch) and with the interrupt flag set: close stops waiting for the helper and keeps the flag; once the block is
     * released the run completes and the helper ends.
     */
    @Test
    void closeInterruptedWhileAHelperWorksKeepsTheInterruptStatus() throws InterruptedException {
        BlockPool pool = new BlockPool(2);
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicIntegerArray counts = new AtomicIntegerArray(2);
        Thread runner = new Thread(() -> {
            CyclicBarrier barrier = new CyclicBarrier(2);
            Thread self = Thread.currentThread();
            pool.run(2, b -> {
                counts.incrementAndGet(b);
                meet(barrier);
                if (Thread.currentThread() != self) {
                    entered.countDown();
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
        });
        runner.start();
        assertTrue(entered.await(30, TimeUnit.SECONDS), "the helper entered its block");
        Thread.currentThread().interrupt();
        pool.close(); // the helper is blocked in its block: join is interrupted at once
        boolean interrupted = Thread.interrupted();
        release.countDown();
        runner.join();
        assertTrue(interrupted, "close keeps the interrupt status");
        assertEquals(1, counts.get(0));
        assertEquals(1, counts.get(1));
        long deadline = System.nanoTime() + 20_000_000_000L; // generous: the machine is shared
        while (pool.liveHelpers() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(0, pool.liveHelpers(), "the helper ended after its block");
    }

    private static void meet(CyclicBarrier barrier) {
        try {
            barrier.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the two blocks did not run at the same time", e);
        }
    }
}
