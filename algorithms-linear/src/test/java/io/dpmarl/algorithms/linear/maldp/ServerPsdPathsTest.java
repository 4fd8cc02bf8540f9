package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.Statistic;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;

/**
 * The server's two paths to {@code Sigma_f^-1} against an independent EJML computation of the definition
 * {@code Sigma_f = U diag(max(mu, eta)) U^T}: the Cholesky shortcut (taken when {@code Sigma - eta I} is positive
 * definite, so the floor changes nothing) must give {@code Sigma^-1} and count no activation; the eigen path on an
 * indefinite, noise-sized Sigma must give the floored inverse and count one activation per floored (agent, stage);
 * a Sigma whose smallest eigenvalue is exactly eta is not floored (the floor acts on {@code mu < eta} only).
 * With lambda = eta = 1 and {@link PsdStrategy#CONSTANT_ETA}, {@code Sigma = G + 2 I} for the received Gram sum G.
 */
class ServerPsdPathsTest {

    @Test
    void positiveDefiniteSystemsTakeTheShortcutAndGiveTheInverse() {
        SplittableRandom random = new SplittableRandom(8);
        for (int trial = 0; trial < 20; trial++) {
            int n = trial % 2 == 0 ? 4 : 9;
            // Sigma = B B^T + (1 + 0.5) I has every eigenvalue >= 1.5 > eta = 1
            double[] b = random(n, 3.0, random);
            double[] sigma = new double[n * n];
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    double sum = 0;
                    for (int k = 0; k < n; k++) {
                        sum += b[r * n + k] * b[c * n + k];
                    }
                    sigma[r * n + c] = sum + (r == c ? 1.5 : 0.0);
                }
            }
            MaLdpServer server = solved(sigma, n);
            assertEquals(0, server.floorActivations());
            assertArrayEquals(flooredInverse(sigma, n, 1.0), server.inverse(0, 0), 1e-10);
        }
    }

    @Test
    void indefiniteNoiseSizedSystemsAreFlooredAndCounted() {
        SplittableRandom random = new SplittableRandom(9);
        for (int trial = 0; trial < 20; trial++) {
            int n = trial % 2 == 0 ? 4 : 9;
            double[] sigma = random(n, 1e6, random);
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < r; c++) {
                    sigma[r * n + c] = sigma[c * n + r];
                }
            }
            sigma[0] = -2e6; // a negative diagonal entry: certainly indefinite
            MaLdpServer server = solved(sigma, n);
            assertEquals(1, server.floorActivations());
            // eigenvalues below eta = 1 contribute 1/eta = 1: the inverse's entries are of order 1
            assertArrayEquals(flooredInverse(sigma, n, 1.0), server.inverse(0, 0), 1e-9);
        }
    }

    @Test
    void smallestEigenvalueExactlyAtTheFloorIsNotAnActivation() {
        // Sigma = diag(1, 2, 3, 4): Sigma - eta I is singular, so the shortcut is refused and the eigen path runs;
        // mu = 1 is not below eta = 1, nothing is floored and the inverse is diag(1, 1/2, 1/3, 1/4)
        double[] sigma = new double[16];
        for (int i = 0; i < 4; i++) {
            sigma[i * 4 + i] = i + 1;
        }
        MaLdpServer server = solved(sigma, 4);
        assertEquals(0, server.floorActivations());
        double[] inverse = server.inverse(0, 0);
        assertArrayEquals(new double[] {1, 0.5, 1 / 3.0, 0.25}, new double[] {inverse[0], inverse[5], inverse[10],
            inverse[15]}, 1e-15);
    }

    /** A server of one agent and one stage that received {@code G = Sigma - 2 I} and updated once. */
    private static MaLdpServer solved(double[] sigma, int n) {
        MaLdpServer server = new MaLdpServer(1, 1, n, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        double[] gram = sigma.clone();
        for (int i = 0; i < n; i++) {
            gram[i * n + i] -= 2.0;
        }
        server.receive(0, 0, new Statistic.SymmetricMatrix(n, gram), new Statistic.Vector(new double[n]));
        server.update();
        return server;
    }

    /** {@code U diag(1 / max(mu, eta)) U^T} from EJML's symmetric eigen-decomposition. */
    private static double[] flooredInverse(double[] sigma, int n, double eta) {
        EigenDecomposition_F64<DMatrixRMaj> eigen = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eigen.decompose(new DMatrixRMaj(n, n, true, sigma))) {
            throw new AssertionError("EJML failed");
        }
        DMatrixRMaj out = new DMatrixRMaj(n, n);
        for (int e = 0; e < n; e++) {
            double mu = Math.max(eigen.getEigenvalue(e).getReal(), eta);
            DMatrixRMaj v = eigen.getEigenVector(e);
            DMatrixRMaj outer = new DMatrixRMaj(n, n);
            CommonOps_DDRM.multTransB(1 / mu, v, v, outer);
            CommonOps_DDRM.addEquals(out, outer);
        }
        return out.getData();
    }

    private static double[] random(int n, double scale, SplittableRandom random) {
        double[] a = new double[n * n];
        for (int i = 0; i < a.length; i++) {
            a[i] = scale * (2 * random.nextDouble() - 1);
        }
        return a;
    }
}
