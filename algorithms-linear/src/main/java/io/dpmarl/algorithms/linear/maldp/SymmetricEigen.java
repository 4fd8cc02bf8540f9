package io.dpmarl.algorithms.linear.maldp;

/**
 * Jacobi eigen-decomposition of a small symmetric matrix on flat row-major arrays (Golub and Van Loan, "Matrix
 * computations", Sections 8.5.2-8.5.5): plane rotations annihilate the off-diagonal entries until the sum of squares of
 * the upper ones is below {@code 1e-30} of the whole matrix's. Allocation-free after construction; for the server's D x
 * D systems (D = 4 and 9 in the paper's instances). No privacy involved.
 *
 * <p>Speed: a rotation is bound by the latency of its two square roots and two divisions, not by its arithmetic.
 * The sweeps therefore use a parallel ordering (the round-robin "tournament" ordering of Golub and Van Loan,
 * Section 8.5.5, as Brent and Luk use it): each round rotates {@code floor(D/2)} disjoint index pairs, whose angles
 * depend on disjoint entries and are computed first, so the processor overlaps their latency chains; the rotations
 * of a round are then applied one after the other. Every sweep still visits each pair {@code (p, q)} once. The
 * matrix is kept exactly symmetric: each rotation sets {@code a_pq = a_qp = 0} and updates
 * {@code a_pp = a_pp - t a_pq}, {@code a_qq = a_qq + t a_pq} with {@code t = tan(angle)} (the update of Golub and
 * Van Loan's Algorithm 8.5.1 written for the annihilated pair), and every other entry of rows and columns p and q
 * is computed once and mirrored.
 */
final class SymmetricEigen {
    private static final int MAX_SWEEPS = 100;
    private final int n;
    private final int maxSweeps;
    private final double[] a;
    private final double[] vectors;
    /** The sweep's pairs, round after round: {@code pairs[2j]} and {@code pairs[2j + 1]} with p &lt; q. */
    private final int[] pairs;
    /** Pairs per round. */
    private final int perRound;
    private final double[] cosines;
    private final double[] sines;
    private final double[] tangents;

    SymmetricEigen(int dimension) {
        this(dimension, MAX_SWEEPS);
    }

    /** As {@link #SymmetricEigen(int)}, stopping after at most {@code maxSweeps} sweeps (tests). */
    SymmetricEigen(int dimension, int maxSweeps) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be in [1, inf), got " + dimension);
        }
        this.n = dimension;
        this.maxSweeps = maxSweeps;
        this.a = new double[dimension * dimension];
        this.vectors = new double[dimension * dimension];
        this.perRound = dimension / 2;
        this.pairs = roundRobin(dimension);
        this.cosines = new double[Math.max(perRound, 1)];
        this.sines = new double[Math.max(perRound, 1)];
        this.tangents = new double[Math.max(perRound, 1)];
    }

    /**
     * The round-robin ordering: players {@code 0..m-1} ({@code m} = n rounded up to even; player n, if it exists,
     * is a bye), {@code m - 1} rounds; in each round position i plays position {@code m - 1 - i}, then every player
     * but the first moves one position on. Each pair meets exactly once per sweep; byes are dropped.
     */
    private static int[] roundRobin(int n) {
        int m = n + (n & 1);
        int[] positions = new int[m];
        for (int i = 0; i < m; i++) {
            positions[i] = i;
        }
        int[] out = new int[n * (n - 1)];
        int next = 0;
        for (int round = 0; round < m - 1; round++) {
            for (int i = 0; i < m / 2; i++) {
                int p = Math.min(positions[i], positions[m - 1 - i]);
                int q = Math.max(positions[i], positions[m - 1 - i]);
                if (q < n) {
                    out[next++] = p;
                    out[next++] = q;
                }
            }
            int last = positions[m - 1];
            System.arraycopy(positions, 1, positions, 2, m - 2);
            if (m > 1) {
                positions[1] = last;
            }
        }
        return out;
    }

    /** Decomposes {@code matrix} (symmetric, row-major; not modified; only its upper triangle is read). */
    void decompose(double[] matrix) {
        java.util.Arrays.fill(vectors, 0.0);
        double largest = 0;
        for (int i = 0; i < n; i++) {
            vectors[i * n + i] = 1.0;
            a[i * n + i] = matrix[i * n + i];
            largest = Math.max(largest, Math.abs(a[i * n + i]));
            for (int j = i + 1; j < n; j++) {
                double value = matrix[i * n + j];
                a[i * n + j] = value;
                a[j * n + i] = value;
                largest = Math.max(largest, Math.abs(value));
            }
        }
        // the sums of squares are taken of the entries times a power of two (exact), so they cannot overflow or
        // underflow whatever the matrix's scale
        double scale = Math.scalb(1.0, -Math.max(Math.getExponent(largest), Double.MIN_EXPONENT));
        double total = 0;
        for (int i = 0; i < n * n; i++) {
            double scaled = a[i] * scale;
            total += scaled * scaled;
        }
        double threshold = 1e-30 * total;
        int rounds = pairs.length / Math.max(2 * perRound, 1);
        for (int sweep = 0; sweep < maxSweeps; sweep++) {
            double off = 0;
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    double scaled = a[p * n + q] * scale;
                    off += scaled * scaled;
                }
            }
            if (off <= threshold) {
                return;
            }
            for (int round = 0; round < rounds; round++) {
                int first = round * perRound;
                for (int j = 0; j < perRound; j++) {
                    angle(j, pairs[2 * (first + j)], pairs[2 * (first + j) + 1]);
                }
                for (int j = 0; j < perRound; j++) {
                    rotate(j, pairs[2 * (first + j)], pairs[2 * (first + j) + 1]);
                }
            }
        }
    }

    /**
     * The rotation annihilating {@code a_pq}: {@code t = sign(d) 2 a_pq / (|d| + sqrt(d^2 + 4 a_pq^2))} with
     * {@code d = a_qq - a_pp} (the smaller root of {@code t^2 + 2 theta t - 1 = 0}, {@code theta = d / (2 a_pq)};
     * {@code t = 1} at {@code d = 0}), {@code c = 1 / sqrt(1 + t^2)}, {@code s = t c}. One division and one square
     * root fewer on the latency chain than computing theta first.
     */
    private void angle(int slot, int p, int q) {
        double apq = a[p * n + q];
        if (apq == 0.0) {
            tangents[slot] = 0.0;
            cosines[slot] = 1.0;
            sines[slot] = 0.0;
            return;
        }
        double d = a[q * n + q] - a[p * n + p];
        double twice = 2 * apq;
        double root = Math.sqrt(d * d + twice * twice);
        if (!(root > 0.0) || root == Double.POSITIVE_INFINITY) {
            root = Math.hypot(d, twice); // the squares under- or overflowed
        }
        double t = d == 0.0 ? 1.0 : Math.copySign(twice, twice * d) / (Math.abs(d) + root);
        double c = 1 / Math.sqrt(1 + t * t);
        tangents[slot] = t;
        cosines[slot] = c;
        sines[slot] = t * c;
    }

    private void rotate(int slot, int p, int q) {
        double apq = a[p * n + q];
        if (apq == 0.0) {
            return;
        }
        double t = tangents[slot];
        double c = cosines[slot];
        double s = sines[slot];
        a[p * n + p] -= t * apq;
        a[q * n + q] += t * apq;
        a[p * n + q] = 0.0;
        a[q * n + p] = 0.0;
        for (int k = 0; k < n; k++) {
            if (k != p && k != q) {
                double akp = a[k * n + p];
                double akq = a[k * n + q];
                double newP = c * akp - s * akq;
                double newQ = s * akp + c * akq;
                a[k * n + p] = newP;
                a[p * n + k] = newP;
                a[k * n + q] = newQ;
                a[q * n + k] = newQ;
            }
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
