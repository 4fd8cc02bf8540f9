package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

/**
 * Float safety of the DP-Nash-VI local randomizer (review finding 6): each entry is rounded to the Laplace grid
 * before grid-valued noise is added. No statistics: the noise is replayed from the same fixed seed, so these
 * tests have no false rejections.
 */
class LocalRandomizerTest {
    private static final CountShape SHAPE = new CountShape(2, 2, 1, 1);

    private static EpisodeIndicators episode() {
        return new EpisodeIndicators(new int[] {SHAPE.pairIndex(0, 0, 0), SHAPE.pairIndex(1, 1, 0)}, new int[] {1, 0});
    }

    /** Integer indicator counts are on every grid of b below 2^39: report = count + replayed noise, exactly. */
    @Test
    void integerCountsAreUnchangedAndTheSumIsExact() {
        double scale = 4;
        NoisyReport report = new LocalRandomizer(SHAPE, scale).report(episode(), NoiseSource.seeded(17));
        double[] pairs = new double[SHAPE.pairCount()];
        double[] transitions = new double[SHAPE.transitionCount()];
        episode().addTo(pairs, transitions, SHAPE.numStates());
        NoiseSource replay = NoiseSource.seeded(17);
        for (int i = 0; i < pairs.length; i++) {
            assertEquals(pairs[i] + Samplers.laplace(replay, scale), report.pairs()[i], 0.0);
        }
        for (int i = 0; i < transitions.length; i++) {
            assertEquals(transitions[i] + Samplers.laplace(replay, scale), report.transitions()[i], 0.0);
        }
    }

    /**
     * With b = 2^45 the grid is 2^(45 - 39) = 64, coarser than a count of 1: the count is rounded (to 0, the
     * nearest multiple of 64) so every reported entry is a multiple of 64. Without the rounding a visited entry
     * would be {@code 1 + 64 k}, which this test rejects.
     */
    @Test
    void everyReportedEntryIsOnTheNoiseGrid() {
        double scale = 0x1p45;
        double grid = Samplers.laplaceGranularity(scale);
        assertEquals(64.0, grid);
        NoisyReport report = new LocalRandomizer(SHAPE, scale).report(episode(), NoiseSource.seeded(3));
        for (double value : report.pairs()) {
            assertEquals(Math.rint(value / grid), value / grid, "pair entry off the grid: " + value);
        }
        for (double value : report.transitions()) {
            assertEquals(Math.rint(value / grid), value / grid, "transition entry off the grid: " + value);
        }
    }
}
