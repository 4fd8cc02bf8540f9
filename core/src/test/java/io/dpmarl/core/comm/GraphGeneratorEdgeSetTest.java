package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The random graph models' edge sets for fixed parameters and a scripted random source, each traced by hand in
 * the test from the model's definition (Watts-Strogatz 1998 rewiring, Batagelj-Brandes skips for Erdos-Renyi,
 * Barabasi-Albert attachment over the endpoint list), and their parameter ranges at the boundaries.
 */
class GraphGeneratorEdgeSetTest {

    private static CommunicationGraph graph(int n, int[][] edges) {
        GraphBuilder builder = CommunicationGraph.builder(n);
        for (int[] edge : edges) {
            builder.addEdge(edge[0], edge[1]);
        }
        return builder.build();
    }

    @Test
    void wattsStrogatzRewiresTheScriptedEdgesOnly() {
        // n = 6, k = 4: the lattice joins i to i +- 1 and i +- 2, 12 edges; its non-edges are {0,3}, {1,4}, {2,5}.
        // Rewiring rounds j = 1 then j = 2, agents 0..5 in each, one double each; p = 0.5 rewires when double < 0.5.
        // j=1, i=0: 0.1 rewires (0, 1); w draws 0 (= i, redraw), 2 ({0,2} is an edge, redraw), 3 (free):
        // {0,1} -> {0,3}.
        // j=1, i=1: 0.1; degree(1) = 3 < 5, rewires (1, 2); w = 4 is free: {1,2} -> {1,4}.
        // j=1, i=2: 0.5 is not below 0.5; i = 3, 4, 5: 0.9.
        // j=2, i=0: 0.1; degree(0) = 4 - 1 + 1 = 4 < 5, rewires (0, 2); w = 1 is free again: {0,2} -> {0,1}.
        // j=2, i = 1..5: 0.9.
        ScriptedRandom random = new ScriptedRandom()
                .thenDoubles(0.1, 0.1, 0.5, 0.9, 0.9, 0.9, 0.1, 0.9, 0.9, 0.9, 0.9, 0.9)
                .thenInt(6, 0).thenInt(6, 2).thenInt(6, 3).thenInt(6, 4).thenInt(6, 1);
        CommunicationGraph drawn = GraphGenerators.wattsStrogatz(6, 4, 0.5).draw(random);
        // Lattice minus {0,1}, {1,2}, {0,2} plus {0,3}, {1,4}, {0,1}.
        assertEquals(graph(6, new int[][] {{0, 1}, {0, 3}, {0, 4}, {0, 5}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 4},
                {3, 4}, {3, 5}, {4, 5}}), drawn);
        assertTrue(random.exhausted(), "every scripted draw used, no other");
    }

    @Test
    void wattsStrogatzNeverRewiresAnAgentJoinedToEveryone() {
        // n = 3, k = 2: the lattice is the triangle, every degree 2 = n - 1, so no edge can move even with p = 1:
        // each agent's double is drawn and no w is drawn (the script has none).
        ScriptedRandom random = new ScriptedRandom().thenDoubles(0, 0, 0);
        assertEquals(CommunicationGraph.complete(3), GraphGenerators.wattsStrogatz(3, 2, 1.0).draw(random));
        assertTrue(random.exhausted());
    }

    @Test
    void wattsStrogatzDegreeRangeIsEvenFromTwoToNMinusOne() {
        // k = 2 is the smallest lattice degree (the ring); k = n is refused, k = n - 1 = 4 (even) is accepted on 5.
        assertEquals(CommunicationGraph.ring(5), GraphGenerators.wattsStrogatz(5, 2, 0).draw(new SplittableRandom(1)));
        assertEquals(CommunicationGraph.complete(5),
                GraphGenerators.wattsStrogatz(5, 4, 0).draw(new SplittableRandom(1)));
        assertEquals("degree must be an even number in [2, 3], got 4", assertThrows(IllegalArgumentException.class,
                () -> GraphGenerators.wattsStrogatz(4, 4, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> GraphGenerators.wattsStrogatz(6, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> GraphGenerators.wattsStrogatz(6, 0, 0));
    }

    @Test
    void erdosRenyiSkipsTheScriptedNumberOfPairs() {
        // n = 4, p = 1/2: pairs are visited as (1,0), (2,0), (2,1), (3,0), (3,1), (3,2); a uniform u skips
        // floor(ln(1 - u) / ln(1/2)) = floor(-log2(1 - u)) pairs: u = 0.1 skips 0 (0.15), 0.6 skips 1 (1.32),
        // 0.8 skips 2 (2.32). Script 0.1, 0.6, 0.1, 0.8: take (1,0); skip (2,0), take (2,1); take (3,0); skip (3,1)
        // and (3,2), which ends the draw.
        ScriptedRandom random = new ScriptedRandom().thenDoubles(0.1, 0.6, 0.1, 0.8);
        assertEquals(graph(4, new int[][] {{1, 0}, {2, 1}, {3, 0}}), GraphGenerators.erdosRenyi(4, 0.5).draw(random));
        assertTrue(random.exhausted());
    }

    @Test
    void barabasiAlbertAttachesToTheScriptedEndpoints() {
        // n = 5, m = 2: the star {0,1}, {0,2}; the endpoint list is [0, 1, 0, 2] (4 slots).
        // Agent 3 draws slot 2 (agent 0), slot 0 (agent 0 again: not fresh, redrawn), slot 3 (agent 2): edges {3,0},
        // {3,2}; the list becomes [0, 1, 0, 2, 3, 0, 3, 2] (8 slots).
        // Agent 4 draws slot 1 (agent 1) and slot 4 (agent 3): edges {4,1}, {4,3}.
        ScriptedRandom random = new ScriptedRandom()
                .thenInt(4, 2).thenInt(4, 0).thenInt(4, 3).thenInt(8, 1).thenInt(8, 4);
        assertEquals(graph(5, new int[][] {{0, 1}, {0, 2}, {3, 0}, {3, 2}, {4, 1}, {4, 3}}),
                GraphGenerators.barabasiAlbert(5, 2).draw(random));
        assertTrue(random.exhausted());
    }

    @Test
    void barabasiAlbertSizesItsEndpointListByTheAttachedAgentsOnly() {
        // n = m + 1: only the star on 0..m, 2 m (n - m) = 2 m endpoint slots; with m = 23171 that is 46342 slots,
        // far below 2^31 (2 m (n + m) would not be).
        int m = 23_171;
        CommunicationGraph star = GraphGenerators.barabasiAlbert(m + 1, m).draw(new ScriptedRandom());
        assertEquals(m, star.numEdges());
        assertEquals(m, star.degree(0));
    }

    @Test
    void theBarabasiAlbertFamilyAttachesHalfTheMeanDegree() {
        // mean degree 2 -> m = 1 edge per new agent: a tree on 6 agents, 5 edges, whatever the draws.
        assertEquals(5, GraphFamily.BARABASI_ALBERT.generator(6, 2, 0).draw(new SplittableRandom(1)).numEdges());
        assertEquals("watts-strogatz", GraphFamily.WATTS_STROGATZ.specName());
        assertEquals("barabasi-albert", GraphFamily.BARABASI_ALBERT.specName());
    }

    @Test
    void connectivityConditioningMakesExactlyTheAllowedAttempts() {
        AtomicInteger draws = new AtomicInteger();
        GraphGenerator disconnected = random -> {
            draws.incrementAndGet();
            return CommunicationGraph.builder(2).build();
        };
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> disconnected.connected(3).draw(new SplittableRandom(1)));
        assertTrue(error.getMessage().startsWith("graph must be connected, but 3 draws"), error.getMessage());
        assertEquals(3, draws.get());
    }
}
