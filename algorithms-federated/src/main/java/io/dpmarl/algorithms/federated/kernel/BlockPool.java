package io.dpmarl.algorithms.federated.kernel;

import io.dpmarl.core.validation.Checks;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Runs the blocks {@code 0..n-1} of a task on the calling thread and {@code threads - 1} daemon helper threads.
 * Blocks are claimed dynamically, so which thread runs a block varies, but every block is run exactly once and a
 * task that writes only its own block's outputs gives the same result at any thread count. Not re-entrant: one
 * run at a time. No privacy guarantee (scheduling only).
 *
 * <p>Lifetime of the helpers (named {@value #THREAD_NAME_PREFIX}1, 2, ...): they start at the first run that has
 * more than one block (a pool that is built and never run starts no thread), park between runs, and stop at
 * {@link #close()}, which waits for them to end. A helper that sees no run for the idle limit (1 s by default)
 * also ends by itself, and the next run starts a new one, so a pool dropped without {@link #close()} (a trial that
 * failed midway) leaves no thread behind for longer than the idle limit. The caller claims blocks too, so a run
 * never depends on a helper being there: a missing helper changes the speed, not the result. A run allocates
 * nothing while its helpers are alive. After {@link #close()} every run takes place on the calling thread alone.
 */
public final class BlockPool implements AutoCloseable {
    /** The name of every helper thread starts with this. */
    public static final String THREAD_NAME_PREFIX = "fedtd-kernel-";
    /** How long a helper waits for a run before it ends by itself, in nanoseconds. */
    public static final long DEFAULT_IDLE_NANOS = 1_000_000_000L;

    private final Helper[] helpers;
    private final long idleNanos;
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
     * A pool of {@code threads} threads in total (the caller included), whose helpers end after
     * {@link #DEFAULT_IDLE_NANOS} without a run.
     *
     * @throws IllegalArgumentException if threads is below 1
     */
    public BlockPool(int threads) {
        this(threads, DEFAULT_IDLE_NANOS);
    }

    /**
     * A pool of {@code threads} threads in total (the caller included), whose helpers end after {@code idleNanos}
     * without a run.
     *
     * @throws IllegalArgumentException if threads is below 1 or idleNanos below 1
     */
    public BlockPool(int threads, long idleNanos) {
        Checks.atLeast("threads", threads, 1);
        if (idleNanos < 1) {
            throw new IllegalArgumentException("idleNanos must be in [1, inf), got " + idleNanos);
        }
        this.helpers = new Helper[threads - 1];
        this.idleNanos = idleNanos;
    }

    /** The number of threads, the caller included. */
    public int threads() {
        return helpers.length + 1;
    }

    /** The number of helper threads alive now (0 before the first run, after the idle limit and after close). */
    public int liveHelpers() {
        int alive = 0;
        for (Helper helper : helpers) {
            if (helper != null && helper.thread.isAlive()) {
                alive++;
            }
        }
        return alive;
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
        startMissingHelpers(generation);
        claims.set((long) next << 32); // publishes task and blocks to the helpers that see this generation
        generation = next;
        for (Helper helper : helpers) {
            LockSupport.unpark(helper.thread);
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

    /** Starts a helper in every slot that has none yet or whose helper retired after the idle limit. */
    private void startMissingHelpers(int seen) {
        for (int i = 0; i < helpers.length; i++) {
            if (helpers[i] == null || helpers[i].retired) {
                helpers[i] = new Helper(i + 1, seen);
            }
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

    /**
     * Stops the helper threads and waits for them to end (idempotent); later runs use the calling thread only. If
     * the calling thread is interrupted while waiting, it stops waiting (the helpers still end) and keeps its
     * interrupt status.
     */
    @Override
    public void close() {
        closed = true;
        for (Helper helper : helpers) {
            if (helper != null) {
                LockSupport.unpark(helper.thread);
            }
        }
        for (Helper helper : helpers) {
            if (helper != null && helper.thread != Thread.currentThread()) {
                try {
                    helper.thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** One helper thread: works on every new run, ends at close or after the idle limit without a run. */
    private final class Helper implements Runnable {
        private final Thread thread;
        private volatile boolean retired;
        private int seen;

        Helper(int index, int seen) {
            this.seen = seen;
            this.thread = new Thread(this, THREAD_NAME_PREFIX + index);
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void run() {
            long idleSince = System.nanoTime();
            while (!closed) {
                int current = generation;
                if (current != seen) {
                    seen = current;
                    work(current);
                    idleSince = System.nanoTime();
                    continue;
                }
                long idle = System.nanoTime() - idleSince;
                if (idle >= idleNanos) {
                    retired = true; // never claims a block again: the caller (or a new helper) runs them
                    return;
                }
                LockSupport.parkNanos(BlockPool.this, idleNanos - idle);
            }
        }
    }
}
