package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Statistic;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bonus radii against the values of the paper's Theorems 2, 4 and 6 worked out by hand for H = 5, n = d = 2,
 * K = 8500, alpha = 0.1, c = 1 (so ln(ndT/alpha) = ln(1.7e6) = 14.346138809), the analysis shift Gamma, and the
 * server's ridge solve and eigenvalue floor against an independent EJML computation.
 */
class BonusAndServerTest {

    @ParameterizedTest
    @CsvSource({"LAPLACE, 0.1, 1, 1, 1434.6138809", "LAPLACE, 0.1, 1, 5, 128.3157664",
        "LAPLACE, 0.1, 8500, 1, 13774.9414019", "GAUSSIAN, 0.2, 1, 1, 1426.6596582",
        "GAUSSIAN, 0.2, 1, 5, 111.7683775", "UNIFORM, 0.2, 1, 1, 638.0215953"})
    void theoremBonusMatchesTheReferenceValues(Mechanism mechanism, double epsilon, int k, int h, double expected) {
        BonusSchedule schedule = new BonusSchedule.Theorem(mechanism, 1.0, 4, 5, 8500L * 5, 0.1, epsilon, 0.1, 0);
        assertEquals(expected, schedule.beta(k, h), 1e-6 * expected);
    }

    @Test
    void analysisShiftGammaMatchesItsDefinition() {
        // s = 1, k - 1 = 1, nd = 4, H = 5, alpha = 0.1: sqrt(16) + 2 ln(300)
        assertEquals(15.4075649493, PsdStrategy.gamma(1.0, 1, 4, 5, 0.1), 1e-9);
    }

    @Test
    void nonPrivateBonusIsTheUcrlVtrRadius() {
        BonusSchedule schedule = new BonusSchedule.NonPrivate(0.1, 4, 5, 1.0, 0.1);
        double expected = 0.1 * 5 * Math.sqrt(4 * Math.log(1 + 10 * 25 / 4.0) + Math.log(10));
        assertEquals(expected, schedule.beta(10, 1), 1e-12);
    }

    @Test
    void serverSolvesTheRidgeSystemWithoutTheFloorWhenLambdaIsPositiveDefinite() {
        MaLdpServer server = new MaLdpServer(1, 1, 3, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        double[][] features = {{1, 2, 0.5}, {0.3, -1, 2}, {0, 0, 1}};
        double[] targets = {1.5, -0.5, 2};
        DMatrixRMaj lambda = CommonOps_DDRM.identity(3);
        DMatrixRMaj u = new DMatrixRMaj(3, 1);
        for (int n = 0; n < 3; n++) {
            double[] gram = new double[9];
            double[] target = new double[3];
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    gram[r * 3 + c] = features[n][r] * features[n][c];
                    lambda.add(r, c, gram[r * 3 + c]);
                }
                target[r] = features[n][r] * targets[n];
                u.add(r, 0, target[r]);
            }
            server.receive(0, 0, new Statistic.SymmetricMatrix(3, gram), new Statistic.Vector(target));
        }
        server.update();
        DMatrixRMaj sigma = lambda.copy();
        CommonOps_DDRM.addEquals(sigma, CommonOps_DDRM.identity(3));
        DMatrixRMaj expected = new DMatrixRMaj(3, 1);
        CommonOps_DDRM.solve(sigma, u, expected);
        assertArrayEquals(expected.getData(), server.theta(0, 0), 1e-10);
        assertEquals(0, server.floorActivations());
    }

    @Test
    void eigenvalueFloorMakesAnIndefiniteSystemUsableAndCountsIt() {
        MaLdpServer server = new MaLdpServer(1, 1, 4, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        // Lambda = lambda I + G = diag(-5, 2, 3, 4): G = diag(-6, 1, 2, 3); Sigma = Lambda + I = diag(-4, 3, 4, 5)
        double[] gram = new double[16];
        gram[0] = -6;
        gram[5] = 1;
        gram[10] = 2;
        gram[15] = 3;
        server.receive(0, 0, new Statistic.SymmetricMatrix(4, gram), new Statistic.Vector(new double[] {1, 1, 1, 1}));
        server.update();
        assertEquals(1, server.floorActivations());
        // the floored Sigma_f = diag(1, 3, 4, 5): its inverse, and every eigenvalue of Sigma_f >= eta = 1
        DMatrixRMaj inverse = new DMatrixRMaj(4, 4, true, server.inverse(0, 0));
        assertArrayEquals(new double[] {1, 1 / 3.0, 1 / 4.0, 1 / 5.0},
                new double[] {inverse.get(0, 0), inverse.get(1, 1), inverse.get(2, 2), inverse.get(3, 3)}, 1e-12);
        DMatrixRMaj floored = new DMatrixRMaj(4, 4);
        CommonOps_DDRM.invert(inverse, floored);
        EigenDecomposition_F64<DMatrixRMaj> eigen = DecompositionFactory_DDRM.eig(4, false, true);
        assertTrue(eigen.decompose(floored));
        for (int e = 0; e < 4; e++) {
            assertTrue(eigen.getEigenvalue(e).getReal() >= 1 - 1e-12);
        }
        assertArrayEquals(new double[] {1, 1 / 3.0, 1 / 4.0, 1 / 5.0}, server.theta(0, 0), 1e-12);
    }

    @Test
    void analysisShiftAddsTwoGammaAndAvoidsTheFloor() {
        MaLdpServer server = new MaLdpServer(1, 1, 4, 1.0, 1.0, PsdStrategy.ANALYSIS_SHIFT, 1.0, 0.1);
        double[] gram = new double[16];
        gram[0] = -6;
        server.receive(0, 0, new Statistic.SymmetricMatrix(4, gram), new Statistic.Vector(new double[4]));
        server.update();
        assertEquals(0, server.floorActivations());
        // Sigma = diag(-5, 1, 1, 1) + 2 Gamma_1 I with Gamma_1 = sqrt(1) (sqrt(4 nd) + 2 ln(6H/alpha)), H = 1
        double shift = 2 * (4 + 2 * Math.log(60));
        assertEquals(1 / (-5 + shift), server.inverse(0, 0)[0], 1e-12);
        assertEquals(1 / (1 + shift), server.inverse(0, 0)[5], 1e-12);
    }

    @Test
    void rewardStepAndConsensusGiveTheAverageOfTheAgentsSteps() {
        RewardEstimates estimates = new RewardEstimates(2, 1, 3);
        estimates.begin();
        estimates.step(0, new double[] {1, 0, 0}, 0, new double[] {0, 1}, 1.0);
        assertArrayEquals(new double[] {0, 0, 0}, estimates.intermediate(0, 0), 0.0);
        assertArrayEquals(new double[] {1, 0, 0}, estimates.intermediate(1, 0), 0.0);
        estimates.mix(0, Consensus.complete(2).matrix(0, 0));
        assertArrayEquals(new double[] {0.5, 0, 0}, estimates.weights(0, 0), 0.0);
        assertArrayEquals(new double[] {0.5, 0, 0}, estimates.weights(1, 0), 0.0);
    }
}
