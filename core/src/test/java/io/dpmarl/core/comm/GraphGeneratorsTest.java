package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Random graph models: structure they must have by construction, and connectivity by redrawing. */
class GraphGeneratorsTest {

    @Test
    void wattsStrogatzWithoutRewiringIsTheRingLatticeOfDegreeK() {
        CommunicationGraph lattice = GraphGenerators.wattsStrogatz(20, 4, 0).draw(new SplittableRandom(1));
        for (int i = 0; i < 20; i++) {
            assertEquals(4, lattice.degree(i), "agent " + i);
            assertTrue(lattice.connected(i, (i + 1) % 20) && lattice.connected(i, (i + 2) % 20), "agent " + i);
            assertTrue(!lattice.connected(i, (i + 3) % 20), "agent " + i);
        }
        assertEquals(40, lattice.numEdges());
    }

    @Test
    void wattsStrogatzRewiringKeepsTheEdgeCountAndRedrawingMakesItConnected() {
        GraphGenerator model = GraphGenerators.wattsStrogatz(20, 4, 0.3).connected(1000);
        SplittableRandom random = new SplittableRandom(7);
        boolean someRewired = false;
        for (int draw = 0; draw < 50; draw++) {
            CommunicationGraph graph = model.draw(random);
            // Each rewiring moves an edge, so n k / 2 = 40 edges remain.
            assertEquals(40, graph.numEdges());
            assertTrue(graph.isConnected());
            someRewired |= !graph.equals(CommunicationGraph.ring(20)) && graph.maxDegree() != 4;
        }
        assertTrue(someRewired, "with rewiring 0.3 about 12 of 40 edges move: degrees cannot all stay 4");
    }

    @Test
    void erdosRenyiEdgeCountMatchesTheBinomialMean() {
        // n = 2000, p = 0.002: edges ~ Binomial(1999000, 0.002), mean 3998, sd 63.2; 4 sd bounds reject a correct
        // sampler with probability about 6e-5. A sampler that skipped one pair too many per edge would give
        // about half as many edges.
        CommunicationGraph graph = GraphGenerators.erdosRenyi(2000, 0.002).draw(new SplittableRandom(3));
        double mean = 0.002 * 2000 * 1999 / 2.0;
        double sd = Math.sqrt(mean * (1 - 0.002));
        assertTrue(Math.abs(graph.numEdges() - mean) < 4 * sd, "edges " + graph.numEdges());
        assertEquals(0, GraphGenerators.erdosRenyi(5, 0).draw(new SplittableRandom(1)).numEdges());
        assertEquals(CommunicationGraph.complete(5), GraphGenerators.erdosRenyi(5, 1).draw(new SplittableRandom(1)));
    }

    @Test
    void erdosRenyiPairsAreUniform() {
        // On 4 agents every one of the 6 pairs is an edge with probability p = 0.5: over 4000 draws each pair count
        // is Binomial(4000, 0.5), sd 31.6; 5 sd bounds (false rejection < 1e-5 over 6 pairs).
        int[][] counts = new int[4][4];
        SplittableRandom random = new SplittableRandom(11);
        for (int draw = 0; draw < 4000; draw++) {
            CommunicationGraph graph = GraphGenerators.erdosRenyi(4, 0.5).draw(random);
            for (int i = 0; i < 4; i++) {
                for (int j = i + 1; j < 4; j++) {
                    counts[i][j] += graph.connected(i, j) ? 1 : 0;
                }
            }
        }
        for (int i = 0; i < 4; i++) {
            for (int j = i + 1; j < 4; j++) {
                assertTrue(Math.abs(counts[i][j] - 2000) < 5 * 31.6, "pair " + i + "," + j + ": " + counts[i][j]);
            }
        }
    }

    @Test
    void barabasiAlbertIsConnectedWithMEdgesPerNewAgent() {
        CommunicationGraph graph = GraphGenerators.barabasiAlbert(1000, 2).draw(new SplittableRandom(5));
        // A star on agents 0..2 (2 edges), then 2 edges for each of the 997 later agents.
        assertEquals(2 + 997 * 2, graph.numEdges());
        assertTrue(graph.isConnected());
        for (int i = 3; i < 1000; i++) {
            assertTrue(graph.degree(i) >= 2, "agent " + i);
        }
        // Preferential attachment makes hubs: the largest degree far exceeds the mean 4 (a uniform attachment
        // would keep it near log n).
        assertTrue(graph.maxDegree() > 30, "max degree " + graph.maxDegree());
    }

    @Test
    void generatorsAreDeterministicGivenTheGenerator() {
        for (GraphFamily family : GraphFamily.values()) {
            GraphGenerator model = family.generator(30, 4, 0.3);
            assertEquals(model.draw(new SplittableRandom(9)), model.draw(new SplittableRandom(9)), family.name());
            assertTrue(model.draw(new SplittableRandom(10)).isConnected(), family.name());
        }
        assertNotEquals(GraphFamily.WATTS_STROGATZ.generator(30, 4, 0.3).draw(new SplittableRandom(1)),
                GraphFamily.WATTS_STROGATZ.generator(30, 4, 0.3).draw(new SplittableRandom(2)));
    }

    @Test
    void largeSparseGraphsAreCheap() {
        CommunicationGraph graph = GraphFamily.WATTS_STROGATZ.generator(100_000, 4, 0.3).draw(new SplittableRandom(1));
        assertEquals(200_000, graph.numEdges());
        assertTrue(graph.isConnected());
    }

    @Test
    void redrawingGivesUpWithAnErrorNamingTheProblem() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> GraphGenerators.erdosRenyi(10, 0).connected(5).draw(new SplittableRandom(1)));
        assertEquals("graph must be connected, but 5 draws of the graph model were all disconnected: raise its "
                + "mean degree or edge probability", error.getMessage());
    }

    @Test
    void badParametersAreRejected() {
        assertEquals("degree must be an even number in [2, 19], got 3", assertThrows(IllegalArgumentException.class,
                () -> GraphGenerators.wattsStrogatz(20, 3, 0.1)).getMessage());
        assertEquals("rewiring must be in [0, 1], got 1.5", assertThrows(IllegalArgumentException.class,
                () -> GraphGenerators.wattsStrogatz(20, 4, 1.5)).getMessage());
        assertEquals("edgeProbability must be in [0, 1], got -0.1", assertThrows(IllegalArgumentException.class,
                () -> GraphGenerators.erdosRenyi(20, -0.1)).getMessage());
        assertEquals("numAgents must be in [3, inf), got 2", assertThrows(IllegalArgumentException.class,
                () -> GraphGenerators.barabasiAlbert(2, 2)).getMessage());
        assertEquals("graph must be one of watts-strogatz, erdos-renyi, barabasi-albert, path, ring, complete, got "
                + "star", assertThrows(IllegalArgumentException.class,
                () -> GraphFamily.parse("graph", "star")).getMessage());
        assertEquals(GraphFamily.ERDOS_RENYI, GraphFamily.parse("graph", "erdos-renyi"));
    }
}
