package io.dpmarl.algorithms.federated.kernel;

import io.dpmarl.core.validation.Checks;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Runs the blocks {@code 0..n-1} of a task on the calling thread and {@code threads - 1} daemon helper threads.
 * Blocks are claimed dynamically, so which thread runs a block varies, but every block is run exactly once and a
 * task that writes only its own block's outputs gives the same result at any thread count. A run allocates
 * nothing (the helpers are parked between runs). Not re-entrant: one run at a time. No privacy guarantee
 * (scheduling only). After {@link #close()} every run takes place on the calling thread alone.
 */
public final class BlockPool implements AutoCloseable {
    private final Thread[] helpers;
    /** The current run's generation in the high 32 bits, the next unclaimed block in the low 32 bits. */
    private final AtomicLong claims = new AtomicLong();
    private final AtomicInteger pending = new AtomicInteger();
    private volatile int generation;
    private volatile boolean closed;
    private volatile Thread caller;
    private volatile RuntimeException failure;
    private IntConsumer task;
    private int blocks;

    /**
     * A pool of {@code threads} threads in total (the caller included).
     *
     * @throws IllegalArgumentException if threads is below 1
     */
    public BlockPool(int threads) {
        Checks.atLeast("threads", threads, 1);
        this.helpers = new Thread[threads - 1];
        for (int i = 0; i < helpers.length; i++) {
            Thread helper = new Thread(this::helperLoop, "fedtd-kernel-" + (i + 1));
            helper.setDaemon(true);
            helpers[i] = helper;
            helper.start();
        }
    }

    /** The number of threads, the caller included. */
    public int threads() {
        return helpers.length + 1;
    }

    /**
     * Runs {@code task.accept(b)} for every block {@code b in [0, blocks)} and returns when all are done; the
     * first exception of a block is rethrown (the other blocks still run).
     */
    public void run(int blocks, IntConsumer task) {
        if (closed || helpers.length == 0 || blocks <= 1) { // a closed pool runs on the caller: same result
            for (int b = 0; b < blocks; b++) {
                task.accept(b);
            }
            return;
        }
        this.task = task;
        this.blocks = blocks;
        this.failure = null;
        this.caller = Thread.currentThread();
        pending.set(blocks);
        int next = generation + 1;
        claims.set((long) next << 32); // publishes task and blocks to the helpers that see this generation
        generation = next;
        for (Thread helper : helpers) {
            LockSupport.unpark(helper);
        }
        work(next);
        while (pending.get() != 0) {
            LockSupport.park(this);
        }
        this.task = null;
        RuntimeException thrown = failure;
        if (thrown != null) {
            throw thrown;
        }
    }

    private void work(int runGeneration) {
        while (true) {
            long current = claims.get();
            if ((int) (current >>> 32) != runGeneration || (int) current >= blocks) {
                return;
            }
            if (!claims.compareAndSet(current, current + 1)) {
                continue;
            }
            try {
                task.accept((int) current);
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                }
            } finally {
                if (pending.decrementAndGet() == 0) {
                    LockSupport.unpark(caller);
                }
            }
        }
    }

    private void helperLoop() {
        int seen = 0;
        while (!closed) {
            int current = generation;
            if (current != seen) {
                seen = current;
                work(current);
            } else {
                LockSupport.park(this);
            }
        }
    }

    /** Stops the helper threads (idempotent); later runs use the calling thread only. */
    @Override
    public void close() {
        closed = true;
        for (Thread helper : helpers) {
            LockSupport.unpark(helper);
        }
    }
}
