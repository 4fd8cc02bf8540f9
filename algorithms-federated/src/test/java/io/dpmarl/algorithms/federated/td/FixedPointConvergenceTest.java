package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.FeatureScaling;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import io.dpmarl.environments.fedtd.TdLambdaOracle;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Convergence to the fixed point (the paper's eq. (3) and Theorem 1): the closed-form TD(lambda) fixed point theta*
 * equals the long-run average of a non-private Algorithm 1 run on a small instance (N = 3, S = 6, K = 2, gamma = 0.8,
 * non-uniform c, well-conditioned features), for lambda = 0 (TD(0)), 0.5 and 1 (the D-weighted projection of J).
 *
 * <p>Tolerance: the Polyak-Ruppert average of (Theta_t) over the second half of 4 * 10^5 rounds with
 * alpha_t = (t+1)^{-0.6} must be within 3% of theta* in relative Euclidean norm (observed with these fixed seeds:
 * 1.2% to 1.4%, the remaining transient plus the fluctuation of the average; the test is deterministic); a wrong
 * fixed point (for example the lambda = 0 one checked against lambda = 1, or theta* of
 * the uniform weights) is farther than 3% away, which the test also asserts.
 */
class FixedPointConvergenceTest {
    private static final double GAMMA = 0.8;

    @ParameterizedTest
    @ValueSource(doubles = {0.0, 0.5, 1.0})
    void longRunAverageMatchesTheClosedForm(double lambda) {
        FederatedCostModel model = wellConditioned(RandomFederatedCostChain.generate(3, 6, 2,
                FeatureScaling.UNIT_MAX_ROW_NORM, GAMMA, lambda, new SplittableRandom(17)));
        AggregationWeights c = new AggregationWeights(new double[] {0.5, 0.3, 0.2});
        TdLambdaOracle oracle = new TdLambdaOracle(model, c, GAMMA, lambda);
        double[] thetaStar = oracle.thetaStar();
        TdParameters parameters = TdParameters.of(GAMMA, lambda, StepSizes.power(0.6));
        FederatedTdLambda team = new FederatedTdLambda(model.features(), c, parameters, 0.5, new double[3][2],
                TestDownlinks.clear());
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(4));
        team.begin(trajectory.initialState());
        int rounds = 400_000;
        double[] average = new double[2];
        int counted = 0;
        for (int t = 0; t < rounds; t++) {
            team.round(trajectory.advance(), trajectory.costs());
            if (t >= rounds / 2) {
                double[] theta = team.averageParameters();
                counted++;
                for (int k = 0; k < 2; k++) {
                    average[k] += (theta[k] - average[k]) / counted;
                }
            }
        }
        double error = relativeError(average, thetaStar);
        assertTrue(error < 0.03, "lambda " + lambda + ": relative error " + error + ", average "
                + java.util.Arrays.toString(average) + ", theta* " + java.util.Arrays.toString(thetaStar));
        double otherLambda = lambda == 1.0 ? 0.0 : 1.0;
        double[] wrong = new TdLambdaOracle(model, c, GAMMA, otherLambda).thetaStar();
        assertTrue(relativeError(average, wrong) > 0.03, "the run must distinguish lambda " + lambda + " from "
                + otherLambda + ": " + relativeError(average, wrong));
    }

    /**
     * The same chain and costs with well-conditioned unit-norm features phi(s) = (cos(2 pi s/S), sin(2 pi s/S) + 0.5)
     * / norm: the random U[0, 1] features of the default generator are nearly collinear (smallest eigenvalue of sym(A)
     * about -0.003), so a convergence test of theta itself on them would need ~10^7 rounds.
     */
    private static FederatedCostModel wellConditioned(FederatedCostModel model) {
        int states = model.numStates();
        double[][] rows = new double[states][2];
        double[][][] costs = new double[model.numAgents()][states][states];
        for (int s = 0; s < states; s++) {
            double angle = 2 * Math.PI * s / states;
            rows[s][0] = Math.cos(angle);
            rows[s][1] = Math.sin(angle) + 0.5;
            double norm = Math.hypot(rows[s][0], rows[s][1]);
            rows[s][0] /= norm;
            rows[s][1] /= norm;
            for (int agent = 0; agent < model.numAgents(); agent++) {
                for (int next = 0; next < states; next++) {
                    costs[agent][s][next] = model.meanCost(agent, s, next);
                }
            }
        }
        return new FederatedCostModel(model.transitionMatrix(), costs, model.costHalfWidth(),
                new io.dpmarl.environments.fedtd.FeatureMatrix(rows), model.costBound());
    }

    private static double relativeError(double[] estimate, double[] truth) {
        double difference = 0;
        double norm = 0;
        for (int k = 0; k < truth.length; k++) {
            difference += Math.pow(estimate[k] - truth[k], 2);
            norm += truth[k] * truth[k];
        }
        return Math.sqrt(difference / norm);
    }
}
