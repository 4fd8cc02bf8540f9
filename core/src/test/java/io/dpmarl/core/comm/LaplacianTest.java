package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Laplacian matrices, their spectra and the consensus stability condition. */
class LaplacianTest {

    @Test
    void knownSpectra() {
        // Path on 3: L = [[1,-1,0],[-1,2,-1],[0,-1,1]], eigenvalues 0, 1, 3.
        assertArrayEquals(new double[] {0, 1, 3}, Laplacian.spectrum(CommunicationGraph.path(3)).eigenvalues(), 1e-12);
        // Ring on n: 2 - 2 cos(2 pi k / n); n = 4 gives 0, 2, 2, 4.
        assertArrayEquals(new double[] {0, 2, 2, 4}, Laplacian.spectrum(CommunicationGraph.ring(4)).eigenvalues(),
                1e-12);
        // Complete graph on n: 0 once, n with multiplicity n - 1.
        assertArrayEquals(new double[] {0, 5, 5, 5, 5}, Laplacian.spectrum(CommunicationGraph.complete(5))
                .eigenvalues(), 1e-12);
    }

    @Test
    void rowsSumToZeroSymmetricPositiveSemidefinite() {
        CommunicationGraph graph = GraphFamily.WATTS_STROGATZ.generator(20, 4, 0.3).draw(new SplittableRandom(4));
        double[][] l = Laplacian.dense(graph);
        for (int i = 0; i < 20; i++) {
            double row = 0;
            for (int j = 0; j < 20; j++) {
                row += l[i][j];
                assertEquals(l[i][j], l[j][i], 0.0);
            }
            assertEquals(0, row, 0.0);
        }
        LaplacianSpectrum spectrum = Laplacian.spectrum(graph);
        assertEquals(0, spectrum.eigenvalues()[0], 1e-9);
        assertTrue(spectrum.connected());
        for (double eigenvalue : spectrum.eigenvalues()) {
            assertTrue(eigenvalue > -1e-9);
        }
        // Sparse product equals the dense one.
        double[] x = new double[20];
        for (int i = 0; i < 20; i++) {
            x[i] = Math.sin(i);
        }
        double[] sparse = new double[20];
        Laplacian.multiply(graph, x, sparse);
        for (int i = 0; i < 20; i++) {
            double dense = 0;
            for (int j = 0; j < 20; j++) {
                dense += l[i][j] * x[j];
            }
            assertEquals(dense, sparse[i], 1e-12);
        }
    }

    @Test
    void secondEigenvalueIsPositiveExactlyWhenConnected() {
        CommunicationGraph twoPairs = CommunicationGraph.builder(4).addEdge(0, 1).addEdge(2, 3).build();
        LaplacianSpectrum spectrum = Laplacian.spectrum(twoPairs);
        assertArrayEquals(new double[] {0, 0, 2, 2}, spectrum.eigenvalues(), 1e-12);
        assertFalse(spectrum.connected());
        assertFalse(twoPairs.isConnected());
        SplittableRandom random = new SplittableRandom(8);
        for (int draw = 0; draw < 30; draw++) {
            CommunicationGraph graph = GraphGenerators.erdosRenyi(12, 0.2).draw(random);
            assertEquals(graph.isConnected(), Laplacian.spectrum(graph).connected(), "draw " + draw);
        }
    }

    @Test
    void andersonMorleyBoundIsAnUpperBound() {
        SplittableRandom random = new SplittableRandom(2);
        for (int draw = 0; draw < 20; draw++) {
            CommunicationGraph graph = GraphGenerators.erdosRenyi(25, 0.2).draw(random);
            assertTrue(Laplacian.largestEigenvalueUpperBound(graph) >= Laplacian.spectrum(graph).largest() - 1e-9);
        }
        // Tight on the path of 3 (d_0 + d_1 = 3 = lambda_max).
        assertEquals(3, Laplacian.largestEigenvalueUpperBound(CommunicationGraph.path(3)), 0.0);
    }

    @Test
    void stabilityConditionBetaTimesLambdaMaxBelowOne() {
        ConsensusStability stable = ConsensusStability.check(0.3, CommunicationGraph.path(3));
        assertEquals(3, stable.largestEigenvalue(), 1e-12);
        assertTrue(stable.exact());
        assertTrue(stable.stable());
        assertTrue(stable.warning().isEmpty());
        ConsensusStability unstable = ConsensusStability.check(0.34, CommunicationGraph.path(3));
        assertFalse(unstable.stable());
        assertEquals("consensus gain 0.340000 times lambda_max(L) = 3.00000 is 1.02000 >= 1: the consensus step "
                + "will oscillate or diverge; use a gain below 0.333333", unstable.warning().orElseThrow());
        // Above the exact-spectrum size the Anderson-Morley bound is used: 4 on a ring.
        ConsensusStability large = ConsensusStability.check(0.3, CommunicationGraph.ring(3000));
        assertFalse(large.exact());
        assertEquals(4, large.largestEigenvalue(), 0.0);
        assertFalse(large.stable());
        assertTrue(large.warning().orElseThrow().contains("may oscillate"));
    }
}
