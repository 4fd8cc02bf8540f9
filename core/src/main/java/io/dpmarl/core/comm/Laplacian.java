package io.dpmarl.core.comm;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import java.util.Arrays;

/**
 * The graph Laplacian {@code L = D - A} of a {@link CommunicationGraph} (D the degree matrix, A the adjacency): the
 * matrix through which consensus acts ({@code x <- x - beta L x}). Its spectrum {@code 0 = lambda_1 <= lambda_2 <=
 * ... <= lambda_N} decides connectivity ({@code lambda_2 > 0}) and the stable consensus gains
 * ({@code beta * lambda_N < 1}).
 */
public final class Laplacian {
    /** Largest graph whose exact spectrum is computed (a dense symmetric eigen-decomposition, cubic in n). */
    public static final int MAX_EXACT_AGENTS = 2000;

    private Laplacian() {
    }

    /** The dense Laplacian matrix (for small graphs and tests). */
    public static double[][] dense(CommunicationGraph graph) {
        int n = graph.numAgents();
        double[][] l = new double[n][n];
        for (int i = 0; i < n; i++) {
            int degree = graph.degree(i);
            l[i][i] = degree;
            for (int k = 0; k < degree; k++) {
                l[i][graph.neighbour(i, k)] = -1;
            }
        }
        return l;
    }

    /** {@code out = L x}, in time linear in the number of edges; {@code out} must not alias {@code x}. */
    public static void multiply(CommunicationGraph graph, double[] x, double[] out) {
        int n = graph.numAgents();
        if (x.length != n || out.length != n) {
            throw new IllegalArgumentException("vectors must have length numAgents = " + n + ", got " + x.length
                    + " and " + out.length);
        }
        for (int i = 0; i < n; i++) {
            int degree = graph.degree(i);
            double sum = degree * x[i];
            for (int k = 0; k < degree; k++) {
                sum -= x[graph.neighbour(i, k)];
            }
            out[i] = sum;
        }
    }

    /**
     * The exact spectrum (symmetric eigen-decomposition); refuses graphs above {@link #MAX_EXACT_AGENTS} agents,
     * for which {@link #largestEigenvalueUpperBound} gives a cheap bound.
     */
    public static LaplacianSpectrum spectrum(CommunicationGraph graph) {
        int n = graph.numAgents();
        if (n > MAX_EXACT_AGENTS) {
            throw new IllegalArgumentException("numAgents must be in [1, " + MAX_EXACT_AGENTS
                    + "] for an exact Laplacian spectrum, got " + n);
        }
        if (n == 1) {
            return new LaplacianSpectrum(new double[] {0});
        }
        double[] eigenvalues = new EigenDecomposition(new Array2DRowRealMatrix(dense(graph), false))
                .getRealEigenvalues();
        Arrays.sort(eigenvalues);
        return new LaplacianSpectrum(eigenvalues);
    }

    /**
     * An upper bound on {@code lambda_N(L)}: the largest {@code d_i + d_j} over edges {i, j} (Anderson and Morley,
     * Eigenvectors of the Laplacian matrix of a graph, 1985); 0 for a graph without edges. Linear in the edges.
     */
    public static double largestEigenvalueUpperBound(CommunicationGraph graph) {
        int bound = 0;
        for (int i = 0; i < graph.numAgents(); i++) {
            int degree = graph.degree(i);
            for (int k = 0; k < degree; k++) {
                bound = Math.max(bound, degree + graph.degree(graph.neighbour(i, k)));
            }
        }
        return bound;
    }
}
