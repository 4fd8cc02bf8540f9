package io.dpmarl.environments.fedtd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The Lyapunov solution P_L of {@code A^T P + P A = -I} and its extreme eigenvalues (sigma_max, sigma_min of the DP
 * federated TD(lambda) paper's Theorem 2, read as in Srikant and Ying 2019), against hand-solved cases.
 */
class TdLambdaOracleLyapunovTest {

    /** Diagonal A = diag(-1, -4): each diagonal equation is 2 a_ii p_ii = -1, so P = diag(1/2, 1/8). */
    @Test
    void diagonalMatrixByHand() {
        double[][] solution = TdLambdaOracle.lyapunovSolution(new double[][] {{-1, 0}, {0, -4}});
        assertArrayEquals(new double[] {0.5, 0}, solution[0], 1e-14);
        assertArrayEquals(new double[] {0, 0.125}, solution[1], 1e-14);
        assertArrayEquals(new double[] {0.125, 0.5}, TdLambdaOracle.extremeEigenvalues(solution), 1e-14);
    }

    /**
     * Non-symmetric Hurwitz A = [[-1, 4], [0, -1]] (both eigenvalues -1) whose symmetric part [[-1, 2], [2, -1]] is
     * indefinite (eigenvalues 1 and -3): the theory needs A Hurwitz only. With P = [[p, q], [q, r]]:
     * A^T P = [[-p, -q], [4p - q, 4q - r]], P A = [[-p, 4p - q], [-q, 4q - r]], so A^T P + P A =
     * [[-2p, 4p - 2q], [4p - 2q, 8q - 2r]] = -I gives p = 1/2, q = 2p = 1, r = (8q + 1)/2 = 9/2. Its eigenvalues solve
     * x^2 - 5x + (9/4 - 1) = 0: x = (5 +- sqrt(25 - 5))/2 = 5/2 +- sqrt(5).
     */
    @Test
    void nonSymmetricHurwitzMatrixByHand() {
        double[][] solution = TdLambdaOracle.lyapunovSolution(new double[][] {{-1, 4}, {0, -1}});
        assertArrayEquals(new double[] {0.5, 1}, solution[0], 1e-12);
        assertArrayEquals(new double[] {1, 4.5}, solution[1], 1e-12);
        assertArrayEquals(new double[] {2.5 - Math.sqrt(5), 2.5 + Math.sqrt(5)},
                TdLambdaOracle.extremeEigenvalues(solution), 1e-12);
    }

    /** Eigenvalues of a symmetric matrix with a known spectrum {1, 3, 5} (block [[2, 1], [1, 2]] and 5), and of a
     * diagonal with mixed signs (the minimum is the negative entry, not the first one). */
    @Test
    void extremeEigenvaluesOfKnownSpectra() {
        assertArrayEquals(new double[] {1, 5},
                TdLambdaOracle.extremeEigenvalues(new double[][] {{2, 1, 0}, {1, 2, 0}, {0, 0, 5}}), 1e-12);
        assertArrayEquals(new double[] {-2, 7},
                TdLambdaOracle.extremeEigenvalues(new double[][] {{3, 0, 0}, {0, -2, 0}, {0, 0, 7}}), 1e-12);
    }

    @Test
    void nonHurwitzMatricesAreRefused() {
        IllegalArgumentException unstable = assertThrows(IllegalArgumentException.class,
                () -> TdLambdaOracle.lyapunovSolution(new double[][] {{-1, 0}, {0, 2}}));
        assertTrue(unstable.getMessage().contains("Hurwitz"), unstable.getMessage());
        assertTrue(unstable.getMessage().contains("2.0"), unstable.getMessage());
        // purely imaginary eigenvalues +-i: real part 0 is not negative (the vectorised system is singular)
        IllegalArgumentException rotation = assertThrows(IllegalArgumentException.class,
                () -> TdLambdaOracle.lyapunovSolution(new double[][] {{0, 1}, {-1, 0}}));
        assertTrue(rotation.getMessage().contains("Hurwitz"), rotation.getMessage());
    }

    @Test
    void malformedMatricesAreRefused() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TdLambdaOracle.lyapunovSolution(new double[0][0])).getMessage().contains("non-empty"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TdLambdaOracle.lyapunovSolution(null)).getMessage().contains("matrixA"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TdLambdaOracle.lyapunovSolution(new double[][] {{-1, 0}, {0}})).getMessage()
                .contains("row of length 1"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TdLambdaOracle.lyapunovSolution(new double[][] {{-1, 0}, null})).getMessage()
                .contains("row of length 0"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TdLambdaOracle.extremeEigenvalues(new double[][] {{1, Double.NaN}, {0, 1}})).getMessage()
                .contains("symmetric entries must be finite, got NaN"));
    }

    /**
     * The oracle's own P_L for a random chain satisfies the Lyapunov equation entrywise (checked with plain loops),
     * and sigma_min, sigma_max are the extreme Rayleigh quotients: x^T P x / x^T x lies in [sigma_min, sigma_max] for
     * random x, and both are positive (P_L is positive definite because the TD(lambda) A is Hurwitz).
     */
    @Test
    void oracleLyapunovSolutionSolvesTheEquation() {
        FederatedCostModel model = RandomFederatedCostChain.generate(4, 8, 3, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9,
                0.5, new SplittableRandom(21));
        TdLambdaOracle oracle = new TdLambdaOracle(model, AggregationWeights.uniform(4), 0.9, 0.5);
        double[][] a = oracle.matrixA();
        double[][] p = oracle.lyapunovSolution();
        int size = a.length;
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                double entry = 0;
                for (int m = 0; m < size; m++) {
                    entry += a[m][row] * p[m][col] + p[row][m] * a[m][col];
                }
                assertEquals(row == col ? -1.0 : 0.0, entry, 1e-10);
                assertEquals(p[row][col], p[col][row], 1e-12);
            }
        }
        double sigmaMin = oracle.lyapunovSigmaMin();
        double sigmaMax = oracle.lyapunovSigmaMax();
        assertTrue(sigmaMin > 0 && sigmaMin < sigmaMax, sigmaMin + " " + sigmaMax);
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 200; trial++) {
            double[] x = new double[size];
            double norm = 0;
            for (int k = 0; k < size; k++) {
                x[k] = random.nextDouble(-1, 1);
                norm += x[k] * x[k];
            }
            double quadratic = 0;
            for (int row = 0; row < size; row++) {
                for (int col = 0; col < size; col++) {
                    quadratic += x[row] * p[row][col] * x[col];
                }
            }
            assertTrue(quadratic / norm >= sigmaMin - 1e-12 && quadratic / norm <= sigmaMax + 1e-12);
        }
    }
}
