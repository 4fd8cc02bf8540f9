package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.privacy.FederatedTdSensitivity;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Optional;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Algorithm 2 against Algorithm 1 under common random numbers (private minus non-private iterates,
 * unbiasedness, linearity in the noise scale, sensitivity). Expected values come from the linear recursion
 * e_{t+1} = (I + alpha_t A(X_t)) e_t + u_{t+1} (derived from the algorithm's linearity), evaluated here with
 * independent loops.
 */
class PrivateFederatedTdTest {
    private static final double GAMMA = FederatedTdIdentitiesTest.GAMMA;
    private static final double LAMBDA = FederatedTdIdentitiesTest.LAMBDA;

    private static FederatedTdLambda team(FederatedCostModel model, AggregationWeights c, TdParameters parameters,
                                          double[][] initial, Double sigma, long noiseSeed) {
        return new FederatedTdLambda(model.features(), c, parameters, 0.5, initial, sigma == null
                ? TestDownlinks.clear() : TestDownlinks.noisy(NoiseMechanism.GAUSSIAN, sigma, initial[0].length,
                noiseSeed));
    }

    private static FederatedTdLambda team(FederatedCostModel model, AggregationWeights c, TdParameters parameters,
                                          double[][] initial, Privatizer privatizer, long noiseSeed) {
        return new FederatedTdLambda(model.features(), c, parameters, 0.5, initial, Optional.of(privatizer.openStream(
                StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.global(), NoiseSource.seeded(noiseSeed),
                        "downlink"))));
    }

    /** Private minus non-private is the propagated noise, identical across agents; Y_t is unchanged. */
    @Test
    void privateRunDiffersByExactlyThePropagatedNoise() {
        int agents = 4;
        int k = 3;
        FederatedCostModel model = FederatedTdIdentitiesTest.model(agents, 8, k, 31);
        FeatureMatrix phi = model.features();
        AggregationWeights c = AggregationWeights.random(agents, new SplittableRandom(1));
        TdParameters parameters = TdParameters.of(GAMMA, LAMBDA, StepSizes.power(0.65));
        double[][] initial = FederatedTdIdentitiesTest.gaussianInitial(agents, k, 2);
        FederatedTdLambda clear = team(model, c, parameters, initial, (Double) null, 0);
        FederatedTdLambda noisy = team(model, c, parameters, initial,
                0.5, 77);
        CostTrajectory first = new CostTrajectory(model, new SplittableRandom(5));
        CostTrajectory second = new CostTrajectory(model, new SplittableRandom(5));
        clear.begin(first.initialState());
        noisy.begin(second.initialState());
        double[] error = new double[k];
        int state = first.initialState();
        for (int t = 0; t < 300; t++) {
            double[] z = clear.workers().get(0).trace();
            double alpha = parameters.alpha(t);
            int next = first.advance();
            assertEquals(next, second.advance());
            clear.round(next, first.costs());
            noisy.round(next, second.costs());
            double[] u = new double[k];
            double[] broadcast = noisy.lastBroadcast();
            double[] aggregate = noisy.master().lastAggregate();
            for (int f = 0; f < k; f++) {
                u[f] = broadcast[f] - aggregate[f];
            }
            double dError = 0;
            for (int f = 0; f < k; f++) {
                dError += (GAMMA * phi.get(next, f) - phi.get(state, f)) * error[f];
            }
            for (int f = 0; f < k; f++) {
                error[f] = error[f] + alpha * z[f] * dError + u[f];
            }
            double[][] a = clear.parameters();
            double[][] b = noisy.parameters();
            for (int i = 0; i < agents; i++) {
                for (int f = 0; f < k; f++) {
                    assertEquals(error[f], b[i][f] - a[i][f], 1e-9, "round " + t + " agent " + i);
                    assertEquals(b[0][f] - a[0][f], b[i][f] - a[i][f], 1e-12);
                }
            }
            double[][] yClear = clear.disagreement();
            double[][] yNoisy = noisy.disagreement();
            for (int i = 0; i < agents; i++) {
                assertArrayEquals(yClear[i], yNoisy[i], 1e-9);
            }
            state = next;
        }
    }

    /**
     * Unbiasedness and covariance of e_T over noise replicates on one fixed trajectory. 10^4
     * replicates, T = 60: the mean of each coordinate is within 4.5 standard errors of 0 (false rejection about
     * 7e-6 per coordinate) and the empirical covariance within 10% (Frobenius, relative) of the recursion
     * Sigma_{t+1} = M_t Sigma_t M_t^T + sigma^2 I, which is about 7 standard errors at this n. A deliberately wrong
     * noise scale (1.2 sigma) is rejected by the same covariance check.
     */
    @Test
    void privateIteratesAreUnbiasedWithThePredictedCovariance() {
        int agents = 2;
        int k = 2;
        int rounds = 60;
        int replicates = 10_000;
        double sigma = 0.3;
        FederatedCostModel model = FederatedTdIdentitiesTest.model(agents, 6, k, 41);
        FeatureMatrix phi = model.features();
        AggregationWeights c = AggregationWeights.uniform(agents);
        TdParameters parameters = TdParameters.of(GAMMA, LAMBDA, StepSizes.constant(0.2));
        double[][] initial = new double[agents][k];
        FederatedTdLambda clear = team(model, c, parameters, initial, (Double) null, 0);
        CostTrajectory reference = new CostTrajectory(model, new SplittableRandom(6));
        clear.begin(reference.initialState());
        int[] states = new int[rounds + 1];
        double[][] costs = new double[rounds][];
        states[0] = reference.initialState();
        double[][] covariance = new double[k][k];
        for (int t = 0; t < rounds; t++) {
            double[] z = clear.workers().get(0).trace();
            states[t + 1] = reference.advance();
            costs[t] = reference.costs();
            clear.round(states[t + 1], costs[t]);
            // M = I + alpha z d^T, Sigma <- M Sigma M^T + sigma^2 I
            double[][] m = new double[k][k];
            for (int row = 0; row < k; row++) {
                for (int col = 0; col < k; col++) {
                    double difference = GAMMA * phi.get(states[t + 1], col) - phi.get(states[t], col);
                    m[row][col] = (row == col ? 1 : 0) + 0.2 * z[row] * difference;
                }
            }
            covariance = propagate(m, covariance, sigma * sigma);
        }
        double[] target = clear.parameters()[0];
        double[] mean = new double[k];
        double[][] second = new double[k][k];
        SplittableRandom seeds = new SplittableRandom(123);
        for (int replicate = 0; replicate < replicates; replicate++) {
            FederatedTdLambda noisy = team(model, c, parameters, initial,
                    sigma, seeds.nextLong());
            noisy.begin(states[0]);
            for (int t = 0; t < rounds; t++) {
                noisy.round(states[t + 1], costs[t]);
            }
            double[] theta = noisy.parameters()[1];
            for (int row = 0; row < k; row++) {
                double deviation = theta[row] - target[row];
                mean[row] += deviation / replicates;
                for (int col = 0; col < k; col++) {
                    second[row][col] += deviation * (theta[col] - target[col]) / replicates;
                }
            }
        }
        for (int row = 0; row < k; row++) {
            double standardError = Math.sqrt(covariance[row][row] / replicates);
            assertEquals(0.0, mean[row], 4.5 * standardError, "coordinate " + row);
        }
        assertTrue(relativeFrobenius(second, covariance) < 0.10, "covariance " + relativeFrobenius(second, covariance));
        double[][] wrong = scaled(covariance, 1.44);
        assertTrue(relativeFrobenius(second, wrong) > 0.10, "1.2 sigma must be rejected");
    }

    private static double[][] propagate(double[][] m, double[][] sigma, double variance) {
        int k = m.length;
        double[][] out = new double[k][k];
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                double sum = a == b ? variance : 0;
                for (int p = 0; p < k; p++) {
                    for (int q = 0; q < k; q++) {
                        sum += m[a][p] * sigma[p][q] * m[b][q];
                    }
                }
                out[a][b] = sum;
            }
        }
        return out;
    }

    private static double[][] scaled(double[][] matrix, double factor) {
        double[][] out = new double[matrix.length][];
        for (int i = 0; i < matrix.length; i++) {
            out[i] = matrix[i].clone();
            for (int j = 0; j < out[i].length; j++) {
                out[i][j] *= factor;
            }
        }
        return out;
    }

    private static double relativeFrobenius(double[][] actual, double[][] expected) {
        double difference = 0;
        double norm = 0;
        for (int i = 0; i < actual.length; i++) {
            for (int j = 0; j < actual.length; j++) {
                difference += Math.pow(actual[i][j] - expected[i][j], 2);
                norm += expected[i][j] * expected[i][j];
            }
        }
        return Math.sqrt(difference / norm);
    }

    /** With the same standard draws, the deviation of the private run scales linearly with the noise scale. */
    @Test
    void deviationIsLinearInTheNoiseScale() {
        int agents = 3;
        int k = 3;
        FederatedCostModel model = FederatedTdIdentitiesTest.model(agents, 7, k, 51);
        AggregationWeights c = AggregationWeights.uniform(agents);
        TdParameters parameters = TdParameters.of(GAMMA, LAMBDA, StepSizes.power(0.65));
        double[][] initial = new double[agents][k];
        double[] deviation = new double[2];
        for (int variant = 0; variant < 2; variant++) {
            double scale = variant == 0 ? 0.7 : 1.4;
            FederatedTdLambda clear = team(model, c, parameters, initial, (Double) null, 0);
            FederatedTdLambda noisy = team(model, c, parameters, initial, new ScaledStandardNoise(scale), 17);
            CostTrajectory first = new CostTrajectory(model, new SplittableRandom(2));
            CostTrajectory second = new CostTrajectory(model, new SplittableRandom(2));
            clear.begin(first.initialState());
            noisy.begin(second.initialState());
            for (int t = 0; t < 400; t++) {
                clear.round(first.advance(), first.costs());
                noisy.round(second.advance(), second.costs());
                deviation[variant] += Math.abs(averageValue(model.features(), noisy.averageParameters())
                        - averageValue(model.features(), clear.averageParameters()));
            }
        }
        assertEquals(2.0, deviation[1] / deviation[0], 1e-9);
    }

    private static double averageValue(FeatureMatrix phi, double[] theta) {
        double total = 0;
        for (int s = 0; s < phi.numStates(); s++) {
            for (int f = 0; f < theta.length; f++) {
                total += phi.get(s, f) * theta[f];
            }
        }
        return total / phi.numStates();
    }

    /**
     * Sensitivity: one changed cost moves the next aggregate by exactly c^i alpha_t (r - r') z_t, of norm <= Delta_M.
     */
    @Test
    void oneCostChangeMovesTheNextAggregateByTheLemma7Amount() {
        int agents = 4;
        int k = 3;
        FederatedCostModel model = FederatedTdIdentitiesTest.model(agents, 8, k, 61);
        AggregationWeights c = AggregationWeights.random(agents, new SplittableRandom(9));
        TdParameters parameters = TdParameters.of(GAMMA, LAMBDA, StepSizes.constant(0.3));
        double[][] initial = FederatedTdIdentitiesTest.gaussianInitial(agents, k, 3);
        double sensitivity = FederatedTdSensitivity.paper(0.5, GAMMA, LAMBDA);
        for (int changed = 0; changed < agents; changed++) {
            FederatedTdLambda original = team(model, c, parameters, initial, (Double) null, 0);
            FederatedTdLambda neighbour = team(model, c, parameters, initial, (Double) null, 0);
            CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(10));
            original.begin(trajectory.initialState());
            neighbour.begin(trajectory.initialState());
            int changeRound = 25;
            double[] z = null;
            double difference = 0;
            for (int t = 0; t <= changeRound + 1; t++) {
                int next = trajectory.advance();
                double[] costs = trajectory.costs();
                double[] other = costs.clone();
                if (t == changeRound) {
                    z = original.workers().get(0).trace();
                    other[changed] = costs[changed] > 0.25 ? 0.0 : 0.5;
                    difference = costs[changed] - other[changed];
                }
                original.round(next, costs);
                neighbour.round(next, other);
            }
            double[] expected = FederatedTdSensitivity.aggregateChange(c.get(changed), 0.3, difference, 0.0, z);
            double[] a = original.master().lastAggregate();
            double[] b = neighbour.master().lastAggregate();
            double norm = 0;
            for (int f = 0; f < k; f++) {
                assertEquals(expected[f], a[f] - b[f], 1e-12);
                norm += (a[f] - b[f]) * (a[f] - b[f]);
            }
            assertTrue(Math.sqrt(norm) <= sensitivity);
        }
    }
}
