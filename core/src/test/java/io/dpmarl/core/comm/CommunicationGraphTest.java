package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Communication graphs and their Metropolis-Hastings consensus weights. */
class CommunicationGraphTest {

    private static void assertDoublyStochasticAndSymmetric(CommunicationGraph graph) {
        double[][] weights = graph.metropolisWeights();
        int n = graph.numAgents();
        for (int i = 0; i < n; i++) {
            double row = 0;
            double column = 0;
            for (int j = 0; j < n; j++) {
                assertTrue(weights[i][j] >= 0, "weight (" + i + ", " + j + ") is negative");
                assertEquals(weights[i][j], weights[j][i], 0.0, "weights must be symmetric");
                if (i != j && !graph.connected(i, j)) {
                    assertEquals(0.0, weights[i][j], 0.0, "non-neighbours must have weight 0");
                }
                row += weights[i][j];
                column += weights[j][i];
            }
            assertEquals(1.0, row, 1e-12, "row " + i);
            assertEquals(1.0, column, 1e-12, "column " + i);
        }
    }

    @Test
    void metropolisWeightsAreDoublyStochastic() {
        assertDoublyStochasticAndSymmetric(CommunicationGraph.ring(5));
        assertDoublyStochasticAndSymmetric(CommunicationGraph.line(4));
        assertDoublyStochasticAndSymmetric(CommunicationGraph.complete(6));
        assertDoublyStochasticAndSymmetric(CommunicationGraph.complete(1));
        boolean[][] star = new boolean[5][5];
        for (int leaf = 1; leaf < 5; leaf++) {
            star[0][leaf] = true;
            star[leaf][0] = true;
        }
        assertDoublyStochasticAndSymmetric(new CommunicationGraph(star));
    }

    @Test
    void metropolisWeightsOfThePathOnThreeAgents() {
        // Degrees 1, 2, 1: W_01 = W_12 = 1 / (1 + 2) = 1/3; W_00 = W_22 = 2/3; W_11 = 1 - 2/3 = 1/3.
        double[][] weights = CommunicationGraph.line(3).metropolisWeights();
        double third = 1.0 / 3;
        double[][] expected = {{2 * third, third, 0}, {third, third, third}, {0, third, 2 * third}};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(expected[i][j], weights[i][j], 1e-15, "(" + i + ", " + j + ")");
            }
        }
    }

    @Test
    void neighboursDegreesAndConnectivity() {
        CommunicationGraph ring = CommunicationGraph.ring(4);
        assertEquals(List.of(1, 3), ring.neighbours(0));
        assertEquals(2, ring.degree(2));
        assertTrue(ring.isConnected());
        assertEquals(List.of(1), CommunicationGraph.line(3).neighbours(0));
        boolean[][] twoPairs = new boolean[4][4];
        twoPairs[0][1] = twoPairs[1][0] = true;
        twoPairs[2][3] = twoPairs[3][2] = true;
        assertFalse(new CommunicationGraph(twoPairs).isConnected());
        boolean[][] selfLoop = {{true, true}, {true, false}};
        CommunicationGraph graph = new CommunicationGraph(selfLoop);
        assertFalse(graph.connected(0, 0), "self-loops are not edges");
        assertEquals(1, graph.degree(0));
    }

    @Test
    void rejectsMalformedAdjacency() {
        assertEquals("adjacency must be symmetric, differs at (0, 1)", assertThrows(IllegalArgumentException.class,
                () -> new CommunicationGraph(new boolean[][] {{false, true}, {false, false}})).getMessage());
        assertEquals("adjacency must be square, row 1 has length 1", assertThrows(IllegalArgumentException.class,
                () -> new CommunicationGraph(new boolean[][] {{false, false}, {false}})).getMessage());
        assertEquals("numAgents must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> new CommunicationGraph(new boolean[0][0])).getMessage());
    }
}
