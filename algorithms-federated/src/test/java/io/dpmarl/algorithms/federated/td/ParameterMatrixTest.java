package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.kernel.BlockPool;
import io.dpmarl.algorithms.federated.kernel.TdKernel;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.model.FederatedWeights;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The consensus quantities of a 2 x 2 parameter matrix with unequal weights, derived by hand: c = (1/4, 3/4),
 * theta^1 = (1, 2), theta^2 = (5, -2). Average (Theta)^T = 1/4 (1, 2) + 3/4 (5, -2) = (4, -1); disagreement
 * Y^1 = (-3, 3), Y^2 = (1, -1); consensus error 1/4 (9 + 9) + 3/4 (1 + 1) = 6. All values are dyadic, so exact.
 */
class ParameterMatrixTest {
    private static final FederatedWeights WEIGHTS = new FederatedWeights.Values(new double[] {0.25, 0.75});

    private static ParameterMatrix matrix(BlockPool pool) {
        double[] phi = {1, 0};
        TdKernel kernel = new TdKernel(phi, 1, WEIGHTS.values(), 1.0, new double[] {1, 2, 5, -2}, pool);
        return new ParameterMatrix(kernel, WEIGHTS, 2);
    }

    /**
     * Catches: an unweighted average (would give (3, 0)), an error without the weights c^i (would give 20) or
     * without squaring (would give 1/4 * 6 + 3/4 * 2 = 3), a disagreement that subtracts the wrong way.
     */
    @Test
    void consensusQuantitiesMatchTheHandDerivation() {
        try (BlockPool pool = new BlockPool(1)) {
            ParameterMatrix theta = matrix(pool);
            assertArrayEquals(new double[] {4, -1}, theta.average(), 0.0);
            double[][] y = theta.disagreement();
            assertArrayEquals(new double[] {-3, 3}, y[0], 0.0);
            assertArrayEquals(new double[] {1, -1}, y[1], 0.0);
            assertEquals(6.0, theta.consensusError(), 0.0);
            assertArrayEquals(new double[] {1, 2}, theta.rows()[0], 0.0, "rows() is Theta, not Y");
        }
    }

    /** Catches: uplinks in the wrong order, from the wrong sender or to a worker instead of the master. */
    @Test
    void uplinksCarryEachWorkersRowToTheMaster() {
        try (BlockPool pool = new BlockPool(1)) {
            List<Message> uplinks = matrix(pool).uplinks(7);
            assertEquals(2, uplinks.size());
            for (int i = 0; i < 2; i++) {
                assertEquals(i, uplinks.get(i).sender());
                assertEquals(Message.SERVER, uplinks.get(i).receiver());
                assertEquals(7, uplinks.get(i).round());
            }
            assertEquals(new io.dpmarl.core.privacy.Statistic.Vector(new double[] {5, -2}), uplinks.get(1).payload());
        }
    }

    /** Catches: rows laid out column-major, or a ragged or short matrix accepted. */
    @Test
    void rowMajorLayoutAndShapeChecks() {
        assertArrayEquals(new double[] {1, 2, 5, -2}, ParameterMatrix.rowMajor(new double[][] {{1, 2}, {5, -2}}, 2, 2),
                0.0);
        IllegalArgumentException ragged = assertThrows(IllegalArgumentException.class,
                () -> ParameterMatrix.rowMajor(new double[][] {{1, 2}, {5}}, 2, 2));
        assertTrue(ragged.getMessage().contains("worker 1"), ragged.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ParameterMatrix.rowMajor(new double[][] {{1, 2}}, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> ParameterMatrix.requireRowMajor(new double[3], 2, 2));
        ParameterMatrix.requireRowMajor(new double[4], 2, 2);
    }
}
