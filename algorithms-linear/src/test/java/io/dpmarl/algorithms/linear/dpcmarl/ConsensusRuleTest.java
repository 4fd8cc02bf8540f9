package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.comm.CommunicationGraph;
import org.junit.jupiter.api.Test;

/** Consensus on the path 0 - 1 - 2 with noiseless releases equal to the own vectors. */
class ConsensusRuleTest {
    private static final double[][] W = {{3, 0}, {6, 3}, {0, 9}};

    private static double[] combine(ConsensusRule rule, int i) {
        double[] out = new double[2];
        rule.combine(i, CommunicationGraph.path(3), W[i], W, out);
        return out;
    }

    @Test
    void selfPlusNeighboursMean() {
        // w0' = (w0 + w1)/2, w1' = (w0 + w1 + w2)/3, w2' = (w1 + w2)/2
        assertArrayEquals(new double[] {4.5, 1.5}, combine(ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, 0), 1e-15);
        assertArrayEquals(new double[] {3, 4}, combine(ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, 1), 1e-15);
        assertArrayEquals(new double[] {3, 6}, combine(ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, 2), 1e-15);
    }

    @Test
    void literalNeighbourMean() {
        // w0' = w1, w1' = (w0 + w2)/2
        assertArrayEquals(new double[] {6, 3}, combine(ConsensusRule.NEIGHBOUR_MEAN_LITERAL, 0), 1e-15);
        assertArrayEquals(new double[] {1.5, 4.5}, combine(ConsensusRule.NEIGHBOUR_MEAN_LITERAL, 1), 1e-15);
    }

    @Test
    void metropolis() {
        // degrees (1, 2, 1): w_01 = 1/(1 + 2) = 1/3, w_00 = 2/3; w_10 = w_12 = 1/3, w_11 = 1/3
        assertArrayEquals(new double[] {2 * 3 / 3.0 + 6 / 3.0, 1}, combine(ConsensusRule.METROPOLIS, 0), 1e-15);
        assertArrayEquals(new double[] {3, 4}, combine(ConsensusRule.METROPOLIS, 1), 1e-15);
    }

    @Test
    void unknownRuleIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ConsensusRule.parse("median"));
    }
}
