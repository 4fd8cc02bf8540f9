package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The server's Jacobi eigen-decomposition against its definition: for a symmetric A the solver must return an
 * orthonormal V and values lambda with {@code A = V diag(lambda) V^T}. The checks are the reconstruction
 * {@code max |A - V diag(lambda) V^T| <= 1e-12 ||A||_F} and {@code max |V^T V - I| <= 1e-12}, on random matrices
 * (the server's noise regime, entries of order 1e6, and unit scale), on matrices built with repeated eigenvalues
 * ({@code Q diag(lambda) Q^T} for a random orthogonal Q, so the expected spectrum is known), on the tridiagonal
 * Toeplitz matrix whose eigenvalues {@code 2 - 2 cos(k pi / (n + 1))} are classical, and on every single off-diagonal
 * pair (which fails if the parallel ordering skipped a pair). Mutants: a decomposition stopped after one sweep and
 * one with two eigenvalues swapped both fail the reconstruction check.
 */
class SymmetricEigenTest {
    private static final double TOLERANCE = 1e-12;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 8, 9, 10})
    void randomSymmetricMatricesAreReconstructed(int n) {
        SplittableRandom random = new SplittableRandom(17 + n);
        SymmetricEigen eigen = new SymmetricEigen(n);
        for (double scale : new double[] {1.0, 1e6}) {
            for (int trial = 0; trial < 50; trial++) {
                double[] a = randomSymmetric(n, scale, random);
                eigen.decompose(a);
                assertTrue(reconstructionError(a, eigen, n) <= TOLERANCE * frobenius(a),
                        "n = " + n + ", scale " + scale + ", trial " + trial);
                assertTrue(orthonormalityError(eigen, n) <= TOLERANCE);
            }
        }
    }

    @Test
    void repeatedEigenvaluesAreFoundWithTheirMultiplicity() {
        SplittableRandom random = new SplittableRandom(5);
        double[][] spectra = {{3, 3, 3, -2}, {-1e6, -1e6, 2, 2}, {1, 1, 1, 1},
            {4, 4, 4, -7, -7, 0, 0, 0, 2.5}, {1e6, 1e6, 1e6, 1e6, 1e6, -3e5, -3e5, -3e5, 1}};
        for (double[] spectrum : spectra) {
            int n = spectrum.length;
            double[] q = randomOrthogonal(n, random);
            double[] a = new double[n * n];
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    double sum = 0;
                    for (int e = 0; e < n; e++) {
                        sum += q[r * n + e] * spectrum[e] * q[c * n + e];
                    }
                    a[r * n + c] = sum;
                }
            }
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < r; c++) {
                    a[r * n + c] = a[c * n + r]; // exactly symmetric
                }
            }
            SymmetricEigen eigen = new SymmetricEigen(n);
            eigen.decompose(a);
            double norm = frobenius(a);
            assertTrue(reconstructionError(a, eigen, n) <= TOLERANCE * norm);
            assertTrue(orthonormalityError(eigen, n) <= TOLERANCE);
            double[] expected = spectrum.clone();
            Arrays.sort(expected);
            assertArrayEquals(expected, sortedValues(eigen, n), TOLERANCE * norm);
        }
    }

    @Test
    void tridiagonalToeplitzHasTheClassicalSpectrum() {
        // tridiag(-1, 2, -1) of order n: eigenvalues 2 - 2 cos(k pi / (n + 1)), k = 1..n (eigenvectors
        // sin(j k pi / (n + 1)) satisfy the three-term recurrence with the boundary terms vanishing)
        for (int n : new int[] {4, 9}) {
            double[] a = new double[n * n];
            for (int i = 0; i < n; i++) {
                a[i * n + i] = 2;
                if (i + 1 < n) {
                    a[i * n + i + 1] = -1;
                    a[(i + 1) * n + i] = -1;
                }
            }
            double[] expected = new double[n];
            for (int k = 1; k <= n; k++) {
                expected[k - 1] = 2 - 2 * Math.cos(k * Math.PI / (n + 1));
            }
            Arrays.sort(expected);
            SymmetricEigen eigen = new SymmetricEigen(n);
            eigen.decompose(a);
            assertArrayEquals(expected, sortedValues(eigen, n), 1e-13);
        }
    }

    @Test
    void twoByTwoMatchesTheClosedForm() {
        // [[a, b], [b, c]]: (a + c)/2 -+ sqrt(((a - c)/2)^2 + b^2)
        double[][] cases = {{1, 2, 3}, {5, -1e-3, 5}, {-4e6, 3e6, 2e6}, {7, 0, -7}, {0, 1, 0}};
        for (double[] abc : cases) {
            double mean = (abc[0] + abc[2]) / 2;
            double radius = Math.hypot((abc[0] - abc[2]) / 2, abc[1]);
            SymmetricEigen eigen = new SymmetricEigen(2);
            eigen.decompose(new double[] {abc[0], abc[1], abc[1], abc[2]});
            double scale = Math.abs(mean) + radius;
            assertArrayEquals(new double[] {mean - radius, mean + radius}, sortedValues(eigen, 2), 1e-14 * scale);
        }
    }

    @Test
    void everyOffDiagonalPairIsRotated() {
        for (int n = 2; n <= 10; n++) {
            SymmetricEigen eigen = new SymmetricEigen(n);
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    // diag(1..n) plus 0.5 at (p, q) and (q, p): only a rotation in the (p, q) plane can diagonalise it
                    double[] a = new double[n * n];
                    for (int i = 0; i < n; i++) {
                        a[i * n + i] = i + 1;
                    }
                    a[p * n + q] = 0.5;
                    a[q * n + p] = 0.5;
                    eigen.decompose(a);
                    assertTrue(reconstructionError(a, eigen, n) <= TOLERANCE * frobenius(a), n + ": " + p + "," + q);
                }
            }
        }
    }

    @Test
    void diagonalMatrixIsReturnedExactly() {
        double[] a = {4, 0, 0, 0, -2, 0, 0, 0, 1e-300};
        SymmetricEigen eigen = new SymmetricEigen(3);
        eigen.decompose(a);
        assertArrayEquals(new double[] {4, -2, 1e-300}, new double[] {eigen.value(0), eigen.value(1), eigen.value(2)});
        assertEquals(1.0, eigen.vector(0, 0));
        assertEquals(0.0, eigen.vector(1, 0));
    }

    @Test
    void extremeScalesAreReconstructedRelatively() {
        SplittableRandom random = new SplittableRandom(11);
        SymmetricEigen eigen = new SymmetricEigen(4);
        for (double scale : new double[] {1e200, 1e-200}) {
            double[] a = randomSymmetric(4, scale, random);
            eigen.decompose(a);
            assertTrue(reconstructionError(a, eigen, 4) <= TOLERANCE * frobenius(a), "scale " + scale);
        }
    }

    @Test
    void mutantsFailTheReconstructionCheck() {
        SplittableRandom random = new SplittableRandom(3);
        double[] a = randomSymmetric(9, 1e6, random);
        // stopped after one sweep: V^T A V is not yet diagonal
        SymmetricEigen oneSweep = new SymmetricEigen(9, 1);
        oneSweep.decompose(a);
        assertTrue(reconstructionError(a, oneSweep, 9) > 1e-6 * frobenius(a));
        // two (distinct) eigenvalues swapped
        SymmetricEigen eigen = new SymmetricEigen(9);
        eigen.decompose(a);
        double[] values = new double[9];
        for (int e = 0; e < 9; e++) {
            values[e] = eigen.value(e);
        }
        double swap = values[0];
        values[0] = values[1];
        values[1] = swap;
        assertTrue(reconstructionError(a, values, eigen, 9) > 1e-6 * frobenius(a));
    }

    private static double[] randomSymmetric(int n, double scale, SplittableRandom random) {
        double[] a = new double[n * n];
        for (int r = 0; r < n; r++) {
            for (int c = r; c < n; c++) {
                double value = scale * (2 * random.nextDouble() - 1);
                a[r * n + c] = value;
                a[c * n + r] = value;
            }
        }
        return a;
    }

    /** Gram-Schmidt (twice) of a random matrix: columns orthonormal to rounding. */
    private static double[] randomOrthogonal(int n, SplittableRandom random) {
        double[] q = new double[n * n];
        for (int i = 0; i < n * n; i++) {
            q[i] = 2 * random.nextDouble() - 1;
        }
        for (int pass = 0; pass < 2; pass++) {
            for (int c = 0; c < n; c++) {
                for (int prior = 0; prior < c; prior++) {
                    double dot = 0;
                    for (int r = 0; r < n; r++) {
                        dot += q[r * n + c] * q[r * n + prior];
                    }
                    for (int r = 0; r < n; r++) {
                        q[r * n + c] -= dot * q[r * n + prior];
                    }
                }
                double norm = 0;
                for (int r = 0; r < n; r++) {
                    norm += q[r * n + c] * q[r * n + c];
                }
                norm = Math.sqrt(norm);
                for (int r = 0; r < n; r++) {
                    q[r * n + c] /= norm;
                }
            }
        }
        return q;
    }

    private static double reconstructionError(double[] a, SymmetricEigen eigen, int n) {
        double[] values = new double[n];
        for (int e = 0; e < n; e++) {
            values[e] = eigen.value(e);
        }
        return reconstructionError(a, values, eigen, n);
    }

    private static double reconstructionError(double[] a, double[] values, SymmetricEigen eigen, int n) {
        double worst = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                double sum = 0;
                for (int e = 0; e < n; e++) {
                    sum += eigen.vector(r, e) * values[e] * eigen.vector(c, e);
                }
                worst = Math.max(worst, Math.abs(sum - a[r * n + c]));
            }
        }
        return worst;
    }

    private static double orthonormalityError(SymmetricEigen eigen, int n) {
        double worst = 0;
        for (int e = 0; e < n; e++) {
            for (int f = 0; f < n; f++) {
                double dot = 0;
                for (int r = 0; r < n; r++) {
                    dot += eigen.vector(r, e) * eigen.vector(r, f);
                }
                worst = Math.max(worst, Math.abs(dot - (e == f ? 1.0 : 0.0)));
            }
        }
        return worst;
    }

    private static double[] sortedValues(SymmetricEigen eigen, int n) {
        double[] values = new double[n];
        for (int e = 0; e < n; e++) {
            values[e] = eigen.value(e);
        }
        Arrays.sort(values);
        return values;
    }

    /** The Frobenius norm, scaled so that neither 1e200 nor 1e-200 entries over- or underflow. */
    private static double frobenius(double[] a) {
        double largest = 0;
        for (double x : a) {
            largest = Math.max(largest, Math.abs(x));
        }
        if (largest == 0) {
            return 0;
        }
        double sum = 0;
        for (double x : a) {
            sum += (x / largest) * (x / largest);
        }
        return largest * Math.sqrt(sum);
    }
}
