package io.dpmarl.algorithms.federated.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.model.FederatedFeatures;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import org.junit.jupiter.api.Test;

/**
 * The two cost-recovery attacks and the downlink observer's error variance on a round worked out by hand (the
 * formulas of {@link CostRecoveryAttack}'s documentation, from the worker update theta' = v + alpha l z of the DP
 * federated TD(lambda) paper's Algorithm 1). Features phi(0) = (1, 0), phi(1) = (1/2, 1), gamma = 1/2; all values
 * dyadic, so the results are exact up to one rounding of the final division.
 */
class CostRecoveryByHandTest {
    private static final double GAMMA = 0.5;

    private static final FederatedFeatures FEATURES = new FeatureMatrix(new double[][] {{1, 0}, {0.5, 1}});

    /**
     * Worker round from s = 1 to s' = 0: d = gamma phi(0) - phi(1) = (1/2, 0) - (1/2, 1) = (0, -1). With
     * theta = (1, 1/2), v = (1/4, -1/2), z = (1/2, 1), alpha = 1/2 and cost r = 3/4: l = d^T theta + r = -1/2 + 3/4
     * = 1/4 and theta' = v + (1/2)(1/4) z = (1/4 + 1/16, -1/2 + 1/8) = (5/16, -3/8). The observer computes
     * z^T (theta' - v) = (1/2)(1/16) + 1 (1/8) = 5/32, ||z||^2 = 5/4, l = (5/32) / ((1/2)(5/4)) = 1/4 and
     * r = l - d^T theta = 1/4 + 1/2 = 3/4. (Had it used the reversed transition, d = (-3/4, 1/2), it would get
     * 1/4 - (-3/4 + 1/4) = 3/4 only by accident of this theta; the next assertion uses another theta to rule it out.)
     * Second worker: theta = (0, 1), same v, z, alpha, r = -1/4: l = -1 - 1/4 = -5/4, theta' = v + (1/2)(-5/4) z =
     * (1/4 - 5/16, -1/2 - 5/8) = (-1/16, -9/8); the observer gets z^T (theta' - v) = (1/2)(-5/16) + (-5/8) = -25/32,
     * l = (-25/32) / (5/8) = -5/4 and r = -5/4 + 1 = -1/4.
     */
    @Test
    void uplinkObserverRecoversTheCostByHand() {
        CostRecoveryAttack attack = new CostRecoveryAttack(FEATURES, GAMMA);
        double[] v = {0.25, -0.5};
        double[] z = {0.5, 1};
        assertEquals(0.75, attack.fromUplink(new double[] {1, 0.5}, v, new double[] {5.0 / 16, -3.0 / 8}, z, 1, 0,
                0.5), 1e-15);
        assertEquals(-0.25, attack.fromUplink(new double[] {0, 1}, v, new double[] {-1.0 / 16, -9.0 / 8}, z, 1, 0,
                0.5), 1e-15);
    }

    /**
     * Two agents, c = (1/4, 3/4), costs r = (1, -1/4), so sum c r = 1/4 - 3/16 = 1/16. Without noise the broadcast
     * v = (1/4, -1/2) is the aggregate sum c^i theta^i, and with d = (0, -1) (s = 1 to s' = 0), sum c^i l^i =
     * d^T v + 1/16 = 1/2 + 1/16 = 9/16, so v' = v + (1/2)(9/16) z = (1/4 + 9/64, -1/2 + 9/32) = (25/64, -7/32) for
     * z = (1/2, 1), alpha = 1/2. The observer: z^T (v' - v) = 9/128 + 9/32 = 45/128, divided by alpha ||z||^2 = 5/8
     * gives 9/16, minus d^T v = 1/2: the team cost 1/16. Agent 0: (1/16 - (3/4)(-1/4)) / (1/4) = (1/4) / (1/4) = 1;
     * agent 1: (1/16 - (1/4)(1)) / (3/4) = (-3/16) / (3/4) = -1/4.
     */
    @Test
    void downlinkObserverRecoversTheCostByHand() {
        CostRecoveryAttack attack = new CostRecoveryAttack(FEATURES, GAMMA);
        double[] v = {0.25, -0.5};
        double[] next = {25.0 / 64, -7.0 / 32};
        double[] z = {0.5, 1};
        assertEquals(1.0, attack.fromDownlink(v, next, z, 1, 0, 0.5, 0.25, 0.75 * -0.25), 1e-15);
        assertEquals(-0.25, attack.fromDownlink(v, next, z, 1, 0, 0.5, 0.75, 0.25 * 1), 1e-15);
    }

    /**
     * v (1/(alpha^2 ||z||^2) + ||d||^2) / c^2. From s = 0 to s' = 1: d = (1/4, 1/2) - (1, 0) = (-3/4, 1/2), ||d||^2 =
     * 13/16; with z = (1/2, 1) (||z||^2 = 5/4), alpha = 1/2 (alpha^2 ||z||^2 = 5/16), v = 2, c = 1/4:
     * 2 (16/5 + 13/16) 16 = 2 (3.2 + 0.8125) 16 = 128.4. From s = 1 to s' = 0: d = (0, -1), z = (1, 0), alpha = 1,
     * v = 1, c = 1/2: (1 + 1) / (1/4) = 8.
     */
    @Test
    void downlinkErrorVarianceByHand() {
        CostRecoveryAttack attack = new CostRecoveryAttack(FEATURES, GAMMA);
        assertEquals(128.4, attack.downlinkErrorVariance(2, new double[] {0.5, 1}, 0, 1, 0.5, 0.25), 1e-12);
        assertEquals(8.0, attack.downlinkErrorVariance(1, new double[] {1, 0}, 1, 0, 1, 0.5), 1e-15);
    }

    /** A zero trace carries no information on the cost: both observers refuse the round, saying why. */
    @Test
    void aZeroTraceIsRefused() {
        CostRecoveryAttack attack = new CostRecoveryAttack(FEATURES, GAMMA);
        double[] zero = {0, 0};
        IllegalArgumentException uplink = assertThrows(IllegalArgumentException.class, () -> attack.fromUplink(
                new double[2], new double[2], new double[2], zero, 0, 1, 0.5));
        assertTrue(uplink.getMessage().contains("trace"), uplink.getMessage());
        assertThrows(IllegalArgumentException.class, () -> attack.fromDownlink(new double[2], new double[2], zero, 0,
                1, 0.5, 1, 0));
    }
}
