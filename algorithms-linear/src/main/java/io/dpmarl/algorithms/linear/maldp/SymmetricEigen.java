package io.dpmarl.algorithms.linear.maldp;

/**
 * Cyclic Jacobi eigen-decomposition of a small symmetric matrix on flat row-major arrays (Golub and Van Loan,
 * "Matrix computations", Section 8.5): repeated plane rotations annihilate the off-diagonal entries until their sum
 * of squares is below {@code 1e-30} of the matrix's. Allocation-free after construction; for the server's D x D
 * systems with D of order 10. No privacy involved.
 */
final class SymmetricEigen {
    private static final int MAX_SWEEPS = 100;
    private final int n;
    private final double[] a;
    private final double[] vectors;

    SymmetricEigen(int dimension) {
        this.n = dimension;
        this.a = new double[dimension * dimension];
        this.vectors = new double[dimension * dimension];
    }

    /** Decomposes {@code matrix} (symmetric, row-major; not modified). */
    void decompose(double[] matrix) {
        System.arraycopy(matrix, 0, a, 0, n * n);
        java.util.Arrays.fill(vectors, 0.0);
        double total = 0;
        for (int i = 0; i < n; i++) {
            vectors[i * n + i] = 1.0;
            for (int j = 0; j < n; j++) {
                total += a[i * n + j] * a[i * n + j];
            }
        }
        double threshold = 1e-30 * total;
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    off += a[p * n + q] * a[p * n + q];
                }
            }
            if (off <= threshold) {
                return;
            }
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    rotate(p, q);
                }
            }
        }
    }

    private void rotate(int p, int q) {
        double apq = a[p * n + q];
        if (apq == 0.0) {
            return;
        }
        double app = a[p * n + p];
        double aqq = a[q * n + q];
        double theta = (aqq - app) / (2 * apq);
        double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        if (theta == 0.0) {
            t = 1.0;
        }
        double c = 1 / Math.sqrt(t * t + 1);
        double s = t * c;
        for (int k = 0; k < n; k++) {
            double akp = a[k * n + p];
            double akq = a[k * n + q];
            a[k * n + p] = c * akp - s * akq;
            a[k * n + q] = s * akp + c * akq;
        }
        for (int k = 0; k < n; k++) {
            double apk = a[p * n + k];
            double aqk = a[q * n + k];
            a[p * n + k] = c * apk - s * aqk;
            a[q * n + k] = s * apk + c * aqk;
        }
        for (int k = 0; k < n; k++) {
            double vkp = vectors[k * n + p];
            double vkq = vectors[k * n + q];
            vectors[k * n + p] = c * vkp - s * vkq;
            vectors[k * n + q] = s * vkp + c * vkq;
        }
    }

    /** Eigenvalue {@code e} (unordered). */
    double value(int e) {
        return a[e * n + e];
    }

    /** Component {@code row} of the unit eigenvector of eigenvalue {@code e}. */
    double vector(int row, int e) {
        return vectors[row * n + e];
    }
}
