package io.dpmarl.planning.occupancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.planning.TinyGames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The memo of expected-length floors ({@link FloorMemo}, keyed by {@link FactoredModelKey}): identical games, built
 * as separate objects, are solved once, by count of computations (not by timing); games that differ in any part of
 * the model are solved separately; the least recently used game is dropped beyond the capacity; concurrent requests
 * wait for one computation; failures are not remembered. The values themselves are the hand-derived floors of
 * {@link ExpectedLengthFloorTest} (3 on "chain" and on "two states").
 */
class ExpectedLengthFloorMemoTest {

    /** The real solver, counting its calls. */
    private static Function<FactoredModel, ExpectedLengthFloor.Floor> counting(AtomicInteger calls) {
        return game -> {
            calls.incrementAndGet();
            return ExpectedLengthFloor.of(new TransientModel(game));
        };
    }

    /**
     * "two states" with probabilities {@code stay} / {@code leave} of staying in / leaving state 1 under action 1,
     * target {@code target} and avoid {@code avoid} local states and initial state {@code start}.
     */
    private static ReachAvoidGame twoStates(double stay, double leave, int target, int avoid, int start) {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0.5, 0.5, 0, 0}, {0.5, 0, 0.3, 0.2}},
            {{0.4, 0, 0.6, 0}, {0, stay, 0, leave}},
            {{0, 0, 1, 0}, {0, 0, 1, 0}},
            {{0, 0, 0, 1}, {0, 0, 0, 1}}});
        return new ReachAvoidGame("two-states", List.of(local), s -> s[0] == target, s -> s[0] == avoid,
                new int[] {start}, 1000);
    }

    @Test
    void identicalGamesBuiltSeparatelyAreSolvedOnce() {
        AtomicInteger calls = new AtomicInteger();
        FloorMemo memo = new FloorMemo(4, counting(calls));
        ExpectedLengthFloor.Floor first = memo.floor(TinyGames.twoStates());
        ExpectedLengthFloor.Floor second = memo.floor(TinyGames.twoStates());
        ExpectedLengthFloor.Floor third = memo.floor(twoStates(0.7, 0.3, 2, 3, 0)); // the same game, another builder
        assertEquals(1, calls.get());
        assertEquals(1, memo.computations());
        assertSame(first, second);
        assertSame(first, third);
        assertEquals(3.0, first.value(), 1e-10); // L* of "two states" (ExpectedLengthFloorTest)
        // The key compares probabilities by their bits: 1 - 0.7 (0.30000000000000004) is another game than 0.3, a
        // memo miss (one more computation), never a wrong value.
        memo.floor(twoStates(0.7, 1 - 0.7, 2, 3, 0));
        assertEquals(2, calls.get());
    }

    @Test
    void gamesThatDifferInAnyPartOfTheModelAreSolvedSeparately() {
        AtomicInteger calls = new AtomicInteger();
        FloorMemo memo = new FloorMemo(16, counting(calls));
        memo.floor(twoStates(0.7, 0.3, 2, 3, 0));
        // one transition probability (0.7 -> 0.6 and its complement): another kernel
        memo.floor(twoStates(0.6, 0.4, 2, 3, 0));
        // target and avoid swapped: the same absorbing states, other target and avoid flags
        memo.floor(twoStates(0.7, 0.3, 3, 2, 0));
        // no avoid state: state 3 is then an active trap (other avoid and absorbing flags)
        memo.floor(twoStates(0.7, 0.3, 2, -1, 0));
        // another initial state
        memo.floor(twoStates(0.7, 0.3, 2, 3, 1));
        // other shapes: two agents (chain: 3 states, 2 actions each; stay-or-go: 2 states, 2 actions each)
        memo.floor(TinyGames.chain());
        memo.floor(TinyGames.stayOrGo());
        assertEquals(7, calls.get());
        // asked again, none is solved again (capacity 16 holds all seven)
        memo.floor(twoStates(0.6, 0.4, 2, 3, 0));
        memo.floor(twoStates(0.7, 0.3, 3, 2, 0));
        memo.floor(twoStates(0.7, 0.3, 2, -1, 0));
        memo.floor(twoStates(0.7, 0.3, 2, 3, 1));
        assertEquals(3.0, memo.floor(TinyGames.chain()).value(), 1e-12); // L* of "chain" (ExpectedLengthFloorTest)
        assertEquals(7, calls.get());
    }

    /**
     * The key's equality is the whole model's: equal (with equal hashes) for separately built copies of a game, unequal
     * for games that differ in a part of the model, even where their hashes would collide in the memo's map.
     */
    @Test
    void keysAreEqualExactlyForEqualModels() {
        FactoredModelKey key = FactoredModelKey.of(twoStates(0.7, 0.3, 2, 3, 0));
        FactoredModelKey copy = FactoredModelKey.of(TinyGames.twoStates());
        assertEquals(key, copy);
        assertEquals(key.hashCode(), copy.hashCode());
        for (FactoredModel other : List.of(twoStates(0.6, 0.4, 2, 3, 0), twoStates(0.7, 0.3, 3, 2, 0),
                twoStates(0.7, 0.3, 2, -1, 0), twoStates(0.7, 0.3, 2, 3, 1), TinyGames.chain(), TinyGames.stayOrGo())) {
            assertNotEquals(key, FactoredModelKey.of(other));
            assertNotEquals(FactoredModelKey.of(other), key);
        }
        assertNotEquals(key, (Object) "two-states");
    }

    @Test
    void theLeastRecentlyUsedGameIsDroppedBeyondTheCapacity() {
        // Capacity 2. Requests A, B, A, C, A, B: A and B are solved (2); A is remembered and becomes the most recently
        // used; C is solved (3) and drops B, the least recently used; A is remembered; B is solved again (4).
        AtomicInteger calls = new AtomicInteger();
        FloorMemo memo = new FloorMemo(2, counting(calls));
        memo.floor(TinyGames.chain());
        memo.floor(TinyGames.stayOrGo());
        memo.floor(TinyGames.chain());
        assertEquals(2, calls.get());
        memo.floor(TinyGames.twoStates());
        memo.floor(TinyGames.chain());
        assertEquals(3, calls.get());
        memo.floor(TinyGames.stayOrGo());
        assertEquals(4, calls.get());
    }

    @Test
    void aCapacityBelowOneIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new FloorMemo(0, game -> new ExpectedLengthFloor.Floor(1, true)));
        assertEquals("capacity must be in [1, inf), got 0", refused.getMessage());
        // capacity 1 (the smallest accepted) holds one game: asked twice, it is solved once
        FloorMemo single = new FloorMemo(1, game -> new ExpectedLengthFloor.Floor(1, true));
        single.floor(TinyGames.chain());
        single.floor(TinyGames.chain());
        assertEquals(1, single.computations());
    }

    @Test
    void aFailedComputationIsNotRemembered() {
        AtomicInteger calls = new AtomicInteger();
        FloorMemo memo = new FloorMemo(4, counting(calls));
        // the initial state (1, 1) of stay-or-go made the target: TransientModel refuses it, every time
        ReachAvoidGame absorbed = new ReachAvoidGame("absorbed", List.of(TinyGames.stayOrGo().local(0),
                TinyGames.stayOrGo().local(1)), s -> s[0] == 1 && s[1] == 1, s -> false, new int[] {1, 1}, 10);
        for (int attempt = 1; attempt <= 2; attempt++) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> memo.floor(absorbed));
            assertEquals("initial state must not be absorbing (target or avoid)", refused.getMessage());
            assertEquals(attempt, calls.get());
        }
        FloorMemo failing = new FloorMemo(4, game -> {
            throw new AssertionError("solver error");
        });
        AssertionError error = assertThrows(AssertionError.class, () -> failing.floor(TinyGames.chain()));
        assertEquals("solver error", error.getMessage());
        assertThrows(AssertionError.class, () -> failing.floor(TinyGames.chain()));
        assertEquals(2, failing.computations());
    }

    @Test
    void concurrentRequestsForOneGameWaitForOneComputation() throws Exception {
        CountDownLatch computing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        FloorMemo memo = new FloorMemo(4, game -> {
            calls.incrementAndGet();
            computing.countDown();
            try {
                assertTrue(release.await(60, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            return ExpectedLengthFloor.of(new TransientModel(game));
        });
        List<AtomicReference<Object>> results = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 5; t++) {
            AtomicReference<Object> result = new AtomicReference<>();
            results.add(result);
            Thread thread = new Thread(() -> {
                try {
                    result.set(memo.floor(TinyGames.twoStates()));
                } catch (RuntimeException e) {
                    result.set(List.of(e, Thread.currentThread().isInterrupted()));
                }
            });
            threads.add(thread);
            thread.start();
            if (t == 0) {
                assertTrue(computing.await(60, TimeUnit.SECONDS)); // thread 0 owns the computation
            }
        }
        for (Thread thread : threads.subList(1, 5)) {
            awaitWaiting(thread); // threads 1-4 wait for thread 0's computation
        }
        threads.get(4).interrupt(); // a waiter interrupted: refused with its interrupt status kept
        threads.get(4).join(60_000);
        release.countDown();
        for (Thread thread : threads) {
            thread.join(60_000);
        }
        assertEquals(1, calls.get());
        for (int t = 0; t < 4; t++) {
            assertSame(results.get(0).get(), results.get(t).get());
        }
        assertEquals(3.0, ((ExpectedLengthFloor.Floor) results.get(0).get()).value(), 1e-10);
        List<?> interrupted = (List<?>) results.get(4).get();
        assertEquals(IllegalStateException.class, interrupted.get(0).getClass());
        assertEquals("interrupted while waiting for the expected-length floor",
                ((Exception) interrupted.get(0)).getMessage());
        assertEquals(true, interrupted.get(1));
    }

    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (thread.getState() != Thread.State.WAITING && thread.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, "thread did not wait");
            Thread.sleep(1);
        }
    }

    /**
     * The run's path: building {@code planned-execution(planner=min-dependency(...))} checks the length cap against
     * the floor; three learners on three separately built copies of one game (a grid's points, or its trials) solve
     * the floor once in the shared memo, and a fourth on another game once more.
     */
    @Test
    void buildingThePlannerForIdenticalGamesSolvesTheFloorOnce() {
        ExpectedLengthFloor.MEMO.clear();
        long before = ExpectedLengthFloor.MEMO.computations();
        Registry registry = Registry.discover();
        for (int copy = 0; copy < 3; copy++) {
            registry.create(PluginKind.LEARNER, Learner.class, "planned-execution(planner=min-dependency("
                    + "iterations=1, length-cap=3.5), epsilon=1, k=1)", context(TinyGames.twoStates()));
        }
        assertEquals(1, ExpectedLengthFloor.MEMO.computations() - before);
        registry.create(PluginKind.LEARNER, Learner.class, "planned-execution(planner=min-dependency(iterations=1, "
                + "length-cap=3.5), epsilon=1, k=1)", context(TinyGames.chain()));
        assertEquals(2, ExpectedLengthFloor.MEMO.computations() - before);
        assertEquals(3.0, ExpectedLengthFloor.of((FactoredModel) TinyGames.twoStates()).value(), 1e-10);
        assertEquals(2, ExpectedLengthFloor.MEMO.computations() - before);
    }

    private static PluginContext context(Environment environment) {
        return new PluginContext(RandomStreams.of(1), NoiseSource.seeded(1), PrivacyLedger.unaccounted(),
                Optional.of(environment), Registry.discover(), TrialMetrics.discarding(),
                Optional.of(Schedule.episodes(5)));
    }
}
