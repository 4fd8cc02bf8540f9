package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sparse graph form: built edge by edge, it equals the dense form. */
class GraphBuilderTest {

    @Test
    void edgesMergeAndMatchTheDenseConstructor() {
        CommunicationGraph sparse = CommunicationGraph.builder(4).addEdge(2, 0).addEdge(0, 2).addEdge(1, 2)
                .addEdge(3, 2).build();
        boolean[][] dense = new boolean[4][4];
        dense[0][2] = dense[2][0] = true;
        dense[1][2] = dense[2][1] = true;
        dense[2][3] = dense[3][2] = true;
        assertEquals(new CommunicationGraph(dense), sparse);
        assertEquals(3, sparse.numEdges());
        assertEquals(List.of(0, 1, 3), sparse.neighbours(2));
        assertArrayEquals(new int[] {0, 1, 3}, sparse.neighbourArray(2));
        assertArrayEquals(new int[] {0, 1, 2, 5, 6}, sparse.rowOffsets());
        assertEquals(3, sparse.maxDegree());
        assertEquals(sparse, sparse.requireConnected("graph"));
    }

    @Test
    void sparseMetropolisWeightsEqualTheDenseOnes() {
        CommunicationGraph graph = CommunicationGraph.builder(5).addEdge(0, 1).addEdge(0, 2).addEdge(0, 3)
                .addEdge(3, 4).build();
        double[][] dense = graph.metropolisWeights();
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                assertEquals(dense[i][j], graph.metropolisWeight(i, j), 0.0, "(" + i + ", " + j + ")");
            }
        }
        // Agent 0 has degree 3: W_01 = 1/4, W_03 = 1/(1 + max(3, 2)) = 1/4, W_34 = 1/3.
        assertEquals(0.25, dense[0][1], 0.0);
        assertEquals(1.0 / 3, dense[3][4], 1e-15);
        assertEquals(1 - 0.25 - 1.0 / 3, dense[3][3], 1e-15);
    }

    @Test
    void rejectsLoopsOutOfRangeAndDisconnection() {
        assertEquals("a communication graph has no self-loops, got edge (1, 1)", assertThrows(
                IllegalArgumentException.class, () -> CommunicationGraph.builder(3).addEdge(1, 1)).getMessage());
        assertEquals("edge endpoints must be in [0, 2], got (0, 3)", assertThrows(IllegalArgumentException.class,
                () -> CommunicationGraph.builder(3).addEdge(0, 3)).getMessage());
        assertEquals("graph must be a connected graph, got one with 3 agents and 1 edges that is not connected",
                assertThrows(IllegalArgumentException.class, () -> CommunicationGraph.builder(3).addEdge(0, 1).build()
                        .requireConnected("graph")).getMessage());
    }
}
