package io.dpmarl.planning.occupancy;

import io.dpmarl.core.model.FactoredModel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A bounded, thread-safe memo of {@link ExpectedLengthFloor} values keyed by {@link FactoredModelKey}: a game whose
 * key is already held is not solved again, however many environment objects, trials or threads ask. The floor is a
 * function of the key alone ({@link ExpectedLengthFloor#of(TransientModel)} reads only the transient model, its
 * tolerance and sweep budget are constants), so a remembered value is the value a new computation would give, to
 * the bit: results do not depend on the memo, on the order of requests or on the number of threads. Concurrent
 * requests for the same key wait for one computation; a computation that throws is not remembered. The least
 * recently used key is dropped beyond {@code capacity} keys. Releases nothing.
 */
final class FloorMemo {
    private final Function<FactoredModel, ExpectedLengthFloor.Floor> solver;
    private final Map<FactoredModelKey, FutureTask<ExpectedLengthFloor.Floor>> entries;
    private final AtomicLong computations = new AtomicLong();

    /** A memo of at most {@code capacity} keys whose values {@code solver} computes. */
    FloorMemo(int capacity, Function<FactoredModel, ExpectedLengthFloor.Floor> solver) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be in [1, inf), got " + capacity);
        }
        this.solver = solver;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<FactoredModelKey, FutureTask<ExpectedLengthFloor.Floor>>
                                                        eldest) {
                return size() > capacity;
            }
        };
    }

    /** The floor of {@code game}: remembered if a game with the same key was solved, otherwise solved now. */
    ExpectedLengthFloor.Floor floor(FactoredModel game) {
        FactoredModelKey key = FactoredModelKey.of(game);
        FutureTask<ExpectedLengthFloor.Floor> task;
        boolean owner = false;
        synchronized (entries) {
            task = entries.get(key);
            if (task == null) {
                task = new FutureTask<>(() -> {
                    computations.incrementAndGet();
                    return solver.apply(game);
                });
                entries.put(key, task);
                owner = true;
            }
        }
        if (owner) {
            task.run();
        }
        try {
            return task.get();
        } catch (ExecutionException failed) {
            synchronized (entries) {
                entries.remove(key, task);
            }
            Throwable cause = failed.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw (Error) cause;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the expected-length floor", interrupted);
        }
    }

    /** The number of floors computed so far (not remembered ones). */
    long computations() {
        return computations.get();
    }

    /** Forgets every remembered floor. */
    void clear() {
        synchronized (entries) {
            entries.clear();
        }
    }
}
