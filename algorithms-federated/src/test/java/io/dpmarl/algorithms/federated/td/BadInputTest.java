package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import org.junit.jupiter.api.Test;

/** Bad input gives an IllegalArgumentException naming the parameter and its range. */
class BadInputTest {

    private static void rejects(String expectedStart, org.junit.jupiter.api.function.Executable executable) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, executable);
        assertTrue(error.getMessage().startsWith(expectedStart), error.getMessage());
    }

    @Test
    void weightsMustBePositiveAndSumToOne() {
        rejects("weights c must sum to 1", () -> new AggregationWeights(new double[] {0.6, 0.6}));
        rejects("weight c^1 must be in (0, 1]", () -> new AggregationWeights(new double[] {-0.2, 1.2}));
        rejects("weight c^2 must be in (0, 1]", () -> new AggregationWeights(new double[] {1.0, 0.0}));
    }

    @Test
    void gammaAndLambdaMustBeInRange() {
        rejects("gamma must be in (0, 1), got 1.0", () -> TdParameters.of(1.0, 0.5, StepSizes.constant(0.1)));
        rejects("gamma must be in (0, 1), got 0.0", () -> TdParameters.of(0.0, 0.5, StepSizes.constant(0.1)));
        rejects("gamma must be in (0, 1), got NaN", () -> TdParameters.of(Double.NaN, 0.5, StepSizes.constant(0.1)));
        rejects("lambda must be in [0, 1], got 1.5", () -> TdParameters.of(0.9, 1.5, StepSizes.constant(0.1)));
        rejects("lambda must be in [0, 1], got -0.1", () -> TdParameters.of(0.9, -0.1, StepSizes.constant(0.1)));
    }

    @Test
    void featuresMustHaveFullColumnRank() {
        rejects("feature matrix must have full column rank K = 2",
                () -> new FeatureMatrix(new double[][] {{1, 1}, {0.5, 0.5}, {0.2, 0.2}}));
    }

    @Test
    void stepSizesMustBePositive() {
        rejects("alpha must be in (0, inf), got 0.0", () -> StepSizes.constant(0.0));
        rejects("alpha must be in (0, inf), got -0.1", () -> StepSizes.constant(-0.1));
        rejects("p must be in (0, inf), got 0.0", () -> StepSizes.power(0.0));
        FeatureMatrix phi = new FeatureMatrix(new double[][] {{1, 0}, {0, 1}, {0.5, 0.5}});
        FederatedTdLambda team = new FederatedTdLambda(phi, AggregationWeights.uniform(2),
                TdParameters.of(0.9, 0.5, round -> round < 3 ? 0.1 : -1.0), 0.5, new double[2][2],
                TestDownlinks.clear());
        team.begin(0);
        for (int t = 0; t < 3; t++) {
            team.round(1, new double[] {0.1, 0.2});
        }
        rejects("step size alpha_3 must be in (0, inf), got -1.0", () -> team.round(2, new double[] {0.1, 0.2}));
        assertEquals(3, team.rounds());
    }

    /**
     * A private downlink's noise is calibrated to |r| &lt;= R (the whole-run sensitivity is linear in R), so a team
     * that would trust its costs unclipped (R = infinity) is refused, before anything is released; the same
     * infinite R is accepted for the clear Algorithm 1, and a finite R for the private one.
     */
    @Test
    void aPrivateTeamNeedsAFiniteCostBound() {
        FeatureMatrix phi = new FeatureMatrix(new double[][] {{1, 0}, {0, 1}, {0.5, 0.5}});
        TdParameters parameters = TdParameters.of(0.9, 0.5, StepSizes.constant(0.1));
        rejects("costBound must be in (0, inf) for a private downlink (the noise is calibrated to costs clipped to"
                + " [-R, R]), got Infinity", () -> new FederatedTdLambda(phi, AggregationWeights.uniform(2),
                parameters, Double.POSITIVE_INFINITY, new double[2][2],
                TestDownlinks.noisy(io.dpmarl.algorithms.federated.privacy.NoiseMechanism.GAUSSIAN, 1, 2, 1)));
        FederatedTdLambda clear = new FederatedTdLambda(phi, AggregationWeights.uniform(2), parameters,
                Double.POSITIVE_INFINITY, new double[2][2], TestDownlinks.clear());
        clear.begin(0);
        clear.round(1, new double[] {7.0, -3.0});
        assertEquals(0, clear.clippedCosts());
        FederatedTdLambda noisy = new FederatedTdLambda(phi, AggregationWeights.uniform(2), parameters, 0.5,
                new double[2][2], TestDownlinks.noisy(io.dpmarl.algorithms.federated.privacy.NoiseMechanism.GAUSSIAN,
                1, 2, 1));
        noisy.begin(0);
        noisy.round(1, new double[] {7.0, -3.0});
        assertEquals(2, noisy.clippedCosts());
    }

    @Test
    void shapesMustMatch() {
        FeatureMatrix phi = new FeatureMatrix(new double[][] {{1, 0}, {0, 1}, {0.5, 0.5}});
        rejects("initial parameters must have one row per worker", () -> new FederatedTdLambda(phi,
                AggregationWeights.uniform(3), TdParameters.of(0.9, 0.5, StepSizes.constant(0.1)), 0.5,
                new double[2][2],
                TestDownlinks.clear()));
        FederatedTdLambda team = FederatedTdLambda.nonPrivate(phi, AggregationWeights.uniform(2),
                TdParameters.of(0.9, 0.5, StepSizes.constant(0.1)), 0.5);
        rejects("initial state must be in [0, 2]", () -> team.begin(3));
        team.begin(0);
        rejects("costs must have one entry per worker (2)", () -> team.round(1, new double[] {0.1}));
    }
}
