package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dpmarl.algorithms.tabular.nashvi.NashViTestSupport.Kind;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bytes one DP-Nash-VI episode allocates in the algorithm itself ({@link DpNashVi#plan()}, lines 4-17 and 20-21,
 * plus the count update of line 19 on the learner's copy-free path), counted exactly by the JVM's per-thread
 * allocation counter (not a timing). Without a privatizer that allocates per release the algorithm allocates
 * nothing at all: no policy table (two are reused), no LP, no release vector. The local privatizer opens one
 * one-release stream per user, as the release protocol requires (the ledger key {@code user/k}, the stream request,
 * the stream, the released statistic and the ledger's state for the new key): a few hundred bytes, against the
 * 269 kB report vector of {@code HSAB(S+1)} doubles it allocated before. The code before this work allocated the
 * policy table of {@code H S} arrays of {@code A B} doubles in every plan (14.9 kB at S = 20, A = B = 4, H = 5), which
 * fails both assertions on episodes; {@link #counterSeesAnAllocation} shows the counter sees a table-sized allocation.
 */
class DpNashViAllocationTest {
    private static final int WARM = 20;
    private static final int MEASURED = 40;
    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private static com.sun.management.ThreadMXBean threads() {
        return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
                && bean.isThreadAllocatedMemorySupported() ? bean : null;
    }

    /**
     * Bytes allocated by plan + update in each of {@link #MEASURED} episodes after {@link #WARM} (lazily built state
     * excluded), sorted.
     */
    private static long[] bytesPerEpisode(CountShape shape, Kind kind) {
        assumeTrue(THREADS != null, "per-thread allocation counter not available on this JVM");
        THREADS.setThreadAllocatedMemoryEnabled(true);
        SplittableRandom random = new SplittableRandom(3);
        double[][][] rewards = new double[shape.horizon()][shape.numStates()][shape.jointActions()];
        for (double[][] stage : rewards) {
            for (double[] row : stage) {
                for (int j = 0; j < row.length; j++) {
                    row[j] = random.nextDouble();
                }
            }
        }
        int episodes = WARM + MEASURED;
        DpNashViConfig config = DpNashViConfig.practical(episodes, 0.1, 0.1, 0.001, Truncation.H_MINUS_H_PLUS_1);
        CountsPrivatizer privatizer = kind.privatizer(1.0, shape.horizon(), NoiseCalibration.RIGOROUS);
        DpNashVi algorithm = new DpNashVi(shape, config, rewards, 0, new CountReleases(shape, episodes,
                config.width(privatizer, shape), privatizer, PrivacyLedger.unaccounted(), NoiseSource.seeded(5)));
        EpisodeIndicators[] trajectories = new EpisodeIndicators[episodes];
        for (int k = 0; k < episodes; k++) {
            trajectories[k] = NashViTestSupport.randomEpisode(shape, random);
        }
        long[] measured = new long[MEASURED];
        for (int k = 0; k < episodes; k++) {
            int[] pairs = trajectories[k].pairs();
            int[] next = trajectories[k].nextStates();
            long before = THREADS.getCurrentThreadAllocatedBytes();
            algorithm.plan();
            algorithm.update(pairs, next);
            long after = THREADS.getCurrentThreadAllocatedBytes();
            if (k >= WARM) {
                measured[k - WARM] = after - before;
            }
        }
        java.util.Arrays.sort(measured);
        return measured;
    }

    /**
     * Non-private and central: at least 90% of the episodes allocate exactly 0 bytes and none more than 1 kB. (The
     * JVM itself may allocate now and then while running compiled code, for example when it deoptimizes a method
     * and rebuilds objects it had eliminated: seen as a single episode of about 100 bytes. The code before this work
     * allocated the policy table in every episode: 1,208 B at S = 4, A = B = H = 3, checked by putting that allocation
     * back, which fails this test and the local one with 15,232 B, while the bit-identity pin still passes.)
     */
    @Test
    void episodesWithoutPerReleaseStreamsAllocateNothing() {
        for (CountShape shape : new CountShape[] {new CountShape(3, 4, 3, 3), new CountShape(5, 20, 4, 4),
            new CountShape(3, 3, 2, 1)}) {
            for (Kind kind : new Kind[] {Kind.NON_PRIVATE, Kind.CENTRAL}) {
                long[] bytes = bytesPerEpisode(shape, kind);
                String message = kind + " " + shape + ": " + java.util.Arrays.toString(bytes);
                assertEquals(0L, bytes[MEASURED * 9 / 10 - 1], message);
                assertTrue(bytes[MEASURED - 1] < 1024, message);
            }
        }
    }

    /**
     * Local: the median episode allocates only the per-user stream objects (0 &lt; bytes &lt; 1 kB), far below one
     * report vector (269 kB at S = 20).
     */
    @Test
    void localEpisodesAllocateOnlyTheUserStream() {
        long[] bytes = bytesPerEpisode(new CountShape(5, 20, 4, 4), Kind.LOCAL);
        long median = bytes[MEASURED / 2];
        assertTrue(median > 0 && median < 1024, java.util.Arrays.toString(bytes));
    }

    /** Positive control: copying one S = 20 policy table (H S arrays of A B doubles) is seen, 14.9 kB or more. */
    @Test
    void counterSeesAnAllocation() {
        assumeTrue(THREADS != null, "per-thread allocation counter not available on this JVM");
        CorrelatedPolicy policy = new CorrelatedPolicy(4, 4, new double[5][20][16]);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        CorrelatedPolicy copy = policy.copy();
        long after = THREADS.getCurrentThreadAllocatedBytes();
        assertTrue(after - before >= 100 * (16 + 16 * 8), (after - before) + " B for " + copy.table().length);
    }
}
