package io.dpmarl.algorithms.federated.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.algorithms.federated.td.TestDownlinks;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Same seed, same bytes at any thread count: a team of N = 2.5 blocks of workers with non-uniform weights, a
 * Gaussian downlink and costs that are sometimes clipped, run at 1, 2 and 3 threads, ends with byte-identical
 * parameters, trace, broadcast, aggregate and clip counts. The instance is sensitive to the reduction order (the
 * last check sums the same final parameters in a different order and gets different bits), so a reduction that
 * followed the threads' finishing order instead of the fixed block order would fail the comparison.
 */
class ThreadCountDeterminismTest {
    private static final int WORKERS = 2 * TdKernel.BLOCK + TdKernel.BLOCK / 2;
    private static final int FEATURES = 7;
    private static final int STATES = 12;
    private static final int ROUNDS = 40;

    private static byte[] run(int threads, double[][] finalTheta) {
        SplittableRandom random = new SplittableRandom(17);
        FeatureMatrix phi = FeatureMatrix.random(STATES, FEATURES, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                random);
        AggregationWeights weights = AggregationWeights.random(WORKERS, random);
        Optional<ReleaseStream> downlink = TestDownlinks.noisy(NoiseMechanism.GAUSSIAN, 0.05, FEATURES, 99);
        ByteBuffer bytes = ByteBuffer.allocate(8 * (WORKERS * FEATURES + 3 * FEATURES) + 8 * WORKERS);
        try (FederatedTdLambda team = new FederatedTdLambda(phi, weights, TdParameters.of(0.9, 0.5,
                StepSizes.power(0.65)), 0.5, new double[WORKERS * FEATURES], downlink, threads)) {
            assertEquals(threads, team.threads());
            int state = random.nextInt(STATES);
            team.begin(state);
            double[] costs = new double[WORKERS];
            for (int t = 0; t < ROUNDS; t++) {
                for (int i = 0; i < WORKERS; i++) {
                    costs[i] = random.nextDouble(-0.1, 0.6); // about 1 in 7 outside [-0.5, 0.5] is clipped
                }
                team.advance(random.nextInt(STATES), costs);
            }
            double[][] theta = team.parameters();
            for (double[] row : theta) {
                for (double value : row) {
                    bytes.putDouble(value);
                }
            }
            for (double value : team.trace()) {
                bytes.putDouble(value);
            }
            for (double value : team.lastBroadcast()) {
                bytes.putDouble(value);
            }
            for (double value : team.master().lastAggregate()) {
                bytes.putDouble(value);
            }
            for (int i = 0; i < WORKERS; i++) {
                bytes.putLong(team.clippedCosts(i));
            }
            assertTrue(team.clippedCosts() > 0, "some costs must be clipped");
            System.arraycopy(theta, 0, finalTheta, 0, WORKERS);
        }
        return bytes.array();
    }

    @Test
    void sameSeedSameBytesAtOneTwoAndThreeThreads() {
        double[][] theta = new double[WORKERS][];
        byte[] one = run(1, theta);
        assertArrayEquals(one, run(2, new double[WORKERS][]), "1 versus 2 threads");
        assertArrayEquals(one, run(3, new double[WORKERS][]), "1 versus 3 threads");

        // the instance detects order-dependent reductions: blocks summed last-to-first give other bits
        double[] forward = new double[FEATURES];
        double[] backward = new double[FEATURES];
        int blocks = (WORKERS + TdKernel.BLOCK - 1) / TdKernel.BLOCK;
        SplittableRandom random = new SplittableRandom(17);
        FeatureMatrix.random(STATES, FEATURES, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5, random);
        AggregationWeights weights = AggregationWeights.random(WORKERS, random);
        double[][] partials = new double[blocks][FEATURES];
        for (int i = 0; i < WORKERS; i++) {
            for (int k = 0; k < FEATURES; k++) {
                partials[i / TdKernel.BLOCK][k] += weights.get(i) * theta[i][k];
            }
        }
        for (int b = 0; b < blocks; b++) {
            for (int k = 0; k < FEATURES; k++) {
                forward[k] += partials[b][k];
                backward[k] += partials[blocks - 1 - b][k];
            }
        }
        boolean differs = false;
        for (int k = 0; k < FEATURES; k++) {
            differs |= Double.doubleToRawLongBits(forward[k]) != Double.doubleToRawLongBits(backward[k]);
        }
        assertTrue(differs, "the reduction order must matter on this instance, else the test proves nothing");
    }
}
