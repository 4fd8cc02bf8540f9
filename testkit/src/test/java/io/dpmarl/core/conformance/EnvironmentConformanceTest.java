package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.fixtures.ToyMarkovGame;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Tests of the environment kit itself: it accepts a conforming tabular game and rejects deliberately
 * broken variants. The chi-square part of the kit has a false-rejection rate of 1e-6; with the fixed
 * seeds of the kit the conforming game passes and the wrong-kernel game (0.5 instead of 0.7) fails
 * with a statistic far above the critical value.
 */
class EnvironmentConformanceTest {

    private static void assertRejected(Supplier<Environment> broken, String expectedFragment) {
        KitRejections.assertRejected(() -> EnvironmentConformance.check(broken), expectedFragment);
    }

    @Test
    void acceptsConformingTabularGame() {
        assertDoesNotThrow(() -> EnvironmentConformance.check(ToyMarkovGame::new));
    }

    @Test
    void comparesStepWithTheModelWhenTheStateIsObserved() {
        ToyMarkovGame game = new ToyMarkovGame();
        EnvironmentConformance.ModelFit fit = EnvironmentConformance.checkStepAgainstModel(game, game).orElseThrow();
        // 48 rows (4 stages x 3 states x 4 joint actions) of 3 cells, about 50 draws each, plus the
        // initial distribution: at most 2 degrees of freedom per row.
        assertTrue(fit.degrees() > 40 && fit.degrees() <= 2 * 49, "degrees " + fit.degrees());
        assertTrue(fit.statistic() <= fit.critical());
    }

    @Test
    void rejectsStepThatDisagreesWithTheModel() {
        assertRejected(() -> new ToyMarkovGame(0.5), "disagree with the model");
    }

    @Test
    void rejectsModelRowsThatDoNotSumToOne() {
        assertRejected(() -> new ToyMarkovGame() {
            @Override
            public double[] transition(int stage, int state, int jointAction) {
                double[] row = super.transition(stage, state, jointAction).clone();
                if (stage == 3 && state == 2 && jointAction == 3) {
                    row[0] += 1e-9;
                }
                return row;
            }
        }, "must sum to 1");
    }

    @Test
    void rejectsStepBeforeResetThatDoesNotThrow() {
        assertRejected(() -> new ToyMarkovGame() {
            private boolean started;

            @Override
            public Observation[] reset(long seed) {
                started = true;
                return super.reset(seed);
            }

            @Override
            public StepResult step(int[] jointAction) {
                if (!started) {
                    return new StepResult(new Observation[] {Observation.discrete(0), Observation.discrete(0)},
                            new double[2], false, false, Map.of());
                }
                return super.step(jointAction);
            }
        }, "step before the first reset");
    }

    @Test
    void rejectsEpisodeThatOutlivesTheHorizon() {
        assertRejected(() -> new ToyMarkovGame() {
            @Override
            public StepResult step(int[] jointAction) {
                StepResult result = super.step(jointAction);
                if (result.truncated()) {
                    // Claims to go on past the horizon (and then fails the next step).
                    return new StepResult(result.observations(), result.rewards(), false, false, result.info());
                }
                return result;
            }
        }, "did not end");
    }

    @Test
    void rejectsEnvironmentThatIgnoresItsSeed() {
        // Every instance draws from a shared, never reseeded counter: two instances diverge.
        int[] shared = {0};
        assertRejected(() -> new ToyMarkovGame() {
            @Override
            public Observation[] reset(long seed) {
                super.reset(seed + shared[0]++);
                return super.reset(seed + shared[0]++);
            }
        }, "diverged");
    }

    @Test
    void rejectsNonFiniteReward() {
        assertRejected(() -> new ToyMarkovGame() {
            @Override
            public StepResult step(int[] jointAction) {
                StepResult result = super.step(jointAction);
                return new StepResult(result.observations(), new double[] {Double.NaN, 0}, result.terminated(),
                        result.truncated(), result.info());
            }
        }, "must be finite");
    }

    @Test
    void chiSquareOfExactFrequenciesIsZero() {
        // 100 draws split exactly as 0.7 / 0.15 / 0.15: every cell matches its expectation.
        double[] result = EnvironmentConformance.chiSquare(new long[] {70, 15, 15}, new double[] {0.7, 0.15, 0.15});
        assertEquals(0.0, result[0], 1e-12);
        assertEquals(2.0, result[1], 0.0);
    }

    @Test
    void chiSquareMergesSmallCells() {
        // 40 draws, probabilities 0.9 / 0.05 / 0.05: expected 36, 2, 2. The two small cells merge into one of
        // expectation 4 < 5, which joins the 36-cell: a single group, no degrees of freedom.
        double[] result = EnvironmentConformance.chiSquare(new long[] {30, 5, 5}, new double[] {0.9, 0.05, 0.05});
        assertEquals(0.0, result[1], 0.0);
        // 200 draws: expected 180, 10, 10; observed 170, 20, 10 -> (10^2/180) + (10^2/10) + 0 = 10.5556, 2 df.
        result = EnvironmentConformance.chiSquare(new long[] {170, 20, 10}, new double[] {0.9, 0.05, 0.05});
        assertEquals(100.0 / 180 + 10.0, result[0], 1e-9);
        assertEquals(2.0, result[1], 0.0);
    }
}
