package io.dpmarl.core.comm;

import java.util.Arrays;

/**
 * The eigenvalues of a graph Laplacian, ascending: {@code 0 = lambda_1 <= lambda_2 <= ... <= lambda_N}.
 *
 * @param eigenvalues the eigenvalues in ascending order (copied)
 */
public record LaplacianSpectrum(double[] eigenvalues) {
    /** Tolerance below which {@code lambda_2} counts as zero (a disconnected graph). */
    public static final double CONNECTIVITY_TOLERANCE = 1e-9;

    public LaplacianSpectrum {
        if (eigenvalues.length == 0) {
            throw new IllegalArgumentException("eigenvalues must not be empty");
        }
        eigenvalues = eigenvalues.clone();
    }

    @Override
    public double[] eigenvalues() {
        return eigenvalues.clone();
    }

    /** {@code lambda_2}, the algebraic connectivity (0 for a single agent). */
    public double algebraicConnectivity() {
        return eigenvalues.length < 2 ? 0 : eigenvalues[1];
    }

    /** {@code lambda_N}, the largest eigenvalue. */
    public double largest() {
        return eigenvalues[eigenvalues.length - 1];
    }

    /** True if {@code lambda_2 > 1e-9}: the graph is connected (Fiedler 1973); a single agent counts as connected. */
    public boolean connected() {
        return eigenvalues.length == 1 || algebraicConnectivity() > CONNECTIVITY_TOLERANCE;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LaplacianSpectrum spectrum && Arrays.equals(eigenvalues, spectrum.eigenvalues);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(eigenvalues);
    }

    @Override
    public String toString() {
        return "LaplacianSpectrum" + Arrays.toString(eigenvalues);
    }
}
