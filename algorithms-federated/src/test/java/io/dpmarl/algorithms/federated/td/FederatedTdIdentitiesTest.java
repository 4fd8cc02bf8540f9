package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Exact identities of Algorithm 1 of the federated TD(lambda) paper (trace recursion, the N = 1
 * case, the aggregation, and the matrix form A(X_t), b(X_t)), checked
 * against formulas re-derived here with independent loops; no expected value comes from running the code.
 */
class FederatedTdIdentitiesTest {
    static final double GAMMA = 0.9;
    static final double LAMBDA = 0.5;

    static FederatedCostModel model(int agents, int states, int features, long seed) {
        return RandomFederatedCostChain.generate(agents, states, features, FeatureScaling.UNIT_MAX_ROW_NORM, GAMMA,
                LAMBDA, new SplittableRandom(seed));
    }

    static double[][] gaussianInitial(int agents, int features, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] theta = new double[agents][features];
        for (double[] row : theta) {
            for (int k = 0; k < features; k++) {
                row[k] = random.nextGaussian();
            }
        }
        return theta;
    }

    /** Single-agent linear TD(lambda) written from the textbook recursion (Tsitsiklis-Van Roy), N = 1 reference. */
    @Test
    void singleAgentIsLinearTdLambdaBitForBit() {
        FederatedCostModel model = model(1, 10, 4, 7);
        FeatureMatrix phi = model.features();
        TdParameters parameters = TdParameters.of(GAMMA, LAMBDA, StepSizes.power(0.65));
        double[] initial = {0.3, -0.2, 0.1, 0.5};
        FederatedTdLambda team = new FederatedTdLambda(phi, new AggregationWeights(new double[] {1.0}), parameters,
                0.5, new double[][] {initial}, TestDownlinks.clear());
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(99));
        team.begin(trajectory.initialState());
        double[] theta = initial.clone();
        double[] trace = phi.phi(trajectory.initialState());
        int state = trajectory.initialState();
        for (int t = 0; t < 2000; t++) {
            int next = trajectory.advance();
            double cost = trajectory.costs()[0];
            team.round(next, new double[] {cost});
            double alpha = Math.pow(t + 1.0, -0.65);
            double delta = 0;
            for (int k = 0; k < 4; k++) {
                delta += (GAMMA * phi.get(next, k) - phi.get(state, k)) * theta[k];
            }
            delta += cost;
            for (int k = 0; k < 4; k++) {
                theta[k] = theta[k] + alpha * delta * trace[k];
                trace[k] = GAMMA * LAMBDA * trace[k] + phi.get(next, k);
            }
            state = next;
            assertArrayEquals(theta, team.parameters()[0], 0.0, "round " + t);
        }
    }

    @Test
    void traceIsTheDiscountedFeatureSumAndSharedByAllWorkers() {
        FederatedCostModel model = model(3, 8, 3, 2);
        FeatureMatrix phi = model.features();
        for (TraceInitialisation init : TraceInitialisation.values()) {
            FederatedTdLambda team = new FederatedTdLambda(phi, AggregationWeights.uniform(3),
                    new TdParameters(GAMMA, LAMBDA, StepSizes.constant(0.05), init), 0.5, new double[3][3],
                    TestDownlinks.clear());
            CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(4));
            team.begin(trajectory.initialState());
            java.util.List<Integer> states = new java.util.ArrayList<>();
            states.add(trajectory.initialState());
            for (int t = 0; t < 30; t++) {
                int next = trajectory.advance();
                team.round(next, trajectory.costs());
                states.add(next);
            }
            int from = init == TraceInitialisation.PHI_S0 ? 0 : 1;
            double[] expected = new double[3];
            int last = states.size() - 1;
            for (int j = from; j <= last; j++) {
                double weight = Math.pow(GAMMA * LAMBDA, last - j);
                for (int k = 0; k < 3; k++) {
                    expected[k] += weight * phi.get(states.get(j), k);
                }
            }
            for (FederatedTdWorker worker : team.workers()) {
                assertArrayEquals(expected, worker.trace(), 1e-12);
                assertArrayEquals(team.workers().get(0).trace(), worker.trace(), 0.0);
            }
        }
    }

    /** Aggregation and matrix form with non-uniform c (row-stochastic, not doubly stochastic). */
    @Test
    void matrixRecursionsHoldEveryRound() {
        int agents = 5;
        int k = 3;
        FederatedCostModel model = model(agents, 9, k, 11);
        FeatureMatrix phi = model.features();
        AggregationWeights c = AggregationWeights.random(agents, new SplittableRandom(3));
        TdParameters parameters = TdParameters.of(GAMMA, LAMBDA, StepSizes.constant(0.1));
        FederatedTdLambda team = new FederatedTdLambda(phi, c, parameters, 0.5, gaussianInitial(agents, k, 5),
                TestDownlinks.clear());
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(8));
        team.begin(trajectory.initialState());
        int state = trajectory.initialState();
        for (int t = 0; t < 200; t++) {
            double[][] before = team.parameters();
            double[][] yBefore = team.disagreement();
            double[] z = team.workers().get(0).trace();
            int next = trajectory.advance();
            double[] costs = trajectory.costs();
            team.round(next, costs);
            double alpha = 0.1;
            double[] average = new double[k];
            for (int i = 0; i < agents; i++) {
                for (int f = 0; f < k; f++) {
                    average[f] += c.get(i) * before[i][f];
                }
            }
            assertArrayEquals(average, team.lastBroadcast(), 1e-12, "broadcast = sum_j c^j theta_t^j");
            double[] difference = new double[k];
            for (int f = 0; f < k; f++) {
                difference[f] = GAMMA * phi.get(next, f) - phi.get(state, f);
            }
            double weightedCost = 0;
            for (int i = 0; i < agents; i++) {
                weightedCost += c.get(i) * costs[i];
            }
            double[][] after = team.parameters();
            double[][] yAfter = team.disagreement();
            for (int i = 0; i < agents; i++) {
                double dTheta = 0;
                double dY = 0;
                for (int f = 0; f < k; f++) {
                    dTheta += difference[f] * before[i][f];
                    dY += difference[f] * yBefore[i][f];
                }
                for (int f = 0; f < k; f++) {
                    // Theta_{t+1} = W Theta_t + alpha (Theta_t A^T + B), A(X_t) = z d^T, B row i = r^i z
                    double expected = average[f] + alpha * (z[f] * dTheta + costs[i] * z[f]);
                    assertEquals(expected, after[i][f], 1e-12);
                    // Y_{t+1} = alpha (Y_t A^T + (I - 1 c^T) B): row i = alpha (z d^T Y^i + (r^i - sum c r) z)
                    double expectedY = alpha * (z[f] * dY + (costs[i] - weightedCost) * z[f]);
                    assertEquals(expectedY, yAfter[i][f], 1e-12);
                }
            }
            state = next;
        }
        assertTrue(team.consensusError() > 0);
    }
}
