package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.RandomStreams;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The contracts of the communication-graph values at their edges, with expected values worked out by hand: agent
 * and edge ranges (inclusive at n - 1, refused at n and -1), the compressed rows of a path, the ring on one agent,
 * Laplacian spectra of one and two agents, the strict stability condition {@code beta lambda_N &lt; 1} and its
 * warning, and when a redrawn graph process draws.
 */
class GraphContractTest {

    @Test
    void agentIndicesOutsideZeroToNMinusOneAreRefusedByEveryAccessor() {
        CommunicationGraph path = CommunicationGraph.path(3);
        assertEquals(1, path.degree(2), "n - 1 = 2 is an agent");
        assertEquals("agent must be in [0, 2], got 3",
                assertThrows(IllegalArgumentException.class, () -> path.degree(3)).getMessage());
        assertEquals("agent must be in [0, 2], got -1",
                assertThrows(IllegalArgumentException.class, () -> path.degree(-1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> path.connected(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> path.connected(0, 3));
        assertThrows(IllegalArgumentException.class, () -> path.neighbours(3));
        assertThrows(IllegalArgumentException.class, () -> path.neighbourArray(-1));
        assertArrayEquals(new int[] {1}, path.neighbourArray(2));
    }

    @Test
    void edgeEndpointsOutsideZeroToNMinusOneAreRefused() {
        GraphBuilder builder = CommunicationGraph.builder(3);
        assertEquals("edge endpoints must be in [0, 2], got (0, 3)",
                assertThrows(IllegalArgumentException.class, () -> builder.addEdge(0, 3)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> builder.addEdge(3, 0));
        assertThrows(IllegalArgumentException.class, () -> builder.addEdge(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> builder.addEdge(0, -1));
        assertEquals(1, builder.addEdge(2, 0).build().numEdges(), "n - 1 = 2 is an endpoint");
    }

    @Test
    void thePathsCompressedRowsAndItsDescription() {
        // path(3): 0 - 1 - 2; rows: 0 -> [1], 1 -> [0, 2], 2 -> [1]; offsets 0, 1, 3, 4.
        CommunicationGraph path = CommunicationGraph.path(3);
        assertArrayEquals(new int[] {0, 1, 3, 4}, path.rowOffsets());
        assertArrayEquals(new int[] {1, 0, 2, 1}, path.rowNeighbours());
        assertEquals("CommunicationGraph(agents=3, edges=2)", path.toString());
        CommunicationGraph reversed = CommunicationGraph.builder(3).addEdge(2, 1).addEdge(1, 0).build();
        assertEquals(path, reversed);
        assertEquals(path.hashCode(), reversed.hashCode(), "equal graphs, equal hashes");
    }

    @Test
    void theRingOnOneAgentHasNoEdgeAndOnTwoOne() {
        assertEquals(0, CommunicationGraph.ring(1).numEdges());
        assertEquals(1, CommunicationGraph.ring(1).numAgents());
        assertEquals(1, CommunicationGraph.ring(2).numEdges());
        assertEquals(3, CommunicationGraph.ring(3).numEdges());
    }

    @Test
    void laplacianSpectraOfOneAndTwoAgents() {
        // One agent: L = [0], spectrum {0}, connected by convention, lambda_2 taken as 0.
        LaplacianSpectrum single = Laplacian.spectrum(CommunicationGraph.builder(1).build());
        assertArrayEquals(new double[] {0}, single.eigenvalues());
        assertTrue(single.connected());
        assertEquals(0, single.algebraicConnectivity());
        // Two agents joined: L = [[1, -1], [-1, 1]], eigenvalues 0 (vector (1, 1)) and 2 (vector (1, -1)).
        LaplacianSpectrum pair = new LaplacianSpectrum(new double[] {0, 2});
        assertEquals(2, pair.algebraicConnectivity());
        assertEquals(2, pair.largest());
        assertArrayEquals(pair.eigenvalues(), Laplacian.spectrum(CommunicationGraph.path(2)).eigenvalues(), 1e-12);
    }

    @Test
    void connectivityNeedsLambdaTwoStrictlyAboveTheTolerance() {
        assertFalse(new LaplacianSpectrum(new double[] {0, LaplacianSpectrum.CONNECTIVITY_TOLERANCE}).connected());
        assertTrue(new LaplacianSpectrum(new double[] {0, 2 * LaplacianSpectrum.CONNECTIVITY_TOLERANCE}).connected());
    }

    @Test
    void spectraAreEqualByTheirEigenvalues() {
        LaplacianSpectrum pair = new LaplacianSpectrum(new double[] {0, 2});
        assertEquals(pair, new LaplacianSpectrum(new double[] {0, 2}));
        assertEquals(pair.hashCode(), new LaplacianSpectrum(new double[] {0, 2}).hashCode());
        assertNotEquals(pair, new LaplacianSpectrum(new double[] {0, 3}));
        assertNotEquals(pair, (Object) "LaplacianSpectrum[0.0, 2.0]");
        assertEquals("LaplacianSpectrum[0.0, 2.0]", pair.toString());
    }

    @Test
    void theStabilityConditionIsStrict() {
        // beta lambda_N = 0.5 * 2 = 1 exactly (both are powers of two): not below 1, so unstable.
        assertFalse(new ConsensusStability(0.5, 2, true).stable());
        assertTrue(new ConsensusStability(0.25, 2, true).stable());
        // path(2): lambda_N = 2 exactly computed or not, 0.4 * 2 = 0.8 < 1.
        ConsensusStability checked = ConsensusStability.check(0.4, CommunicationGraph.path(2));
        assertTrue(checked.exact());
        assertEquals(2, checked.largestEigenvalue(), 1e-12);
        assertTrue(checked.stable());
    }

    @Test
    void anUnstableGainIsLoggedOnceAndAStableOneNot() {
        Logger logger = Logger.getLogger("io.dpmarl.core.comm");
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(handler);
        try {
            ConsensusStability stable = new ConsensusStability(0.25, 2, true);
            assertSame(stable, stable.warnIfUnstable());
            assertEquals(0, records.size());
            ConsensusStability unstable = new ConsensusStability(1, 2, true);
            assertSame(unstable, unstable.warnIfUnstable());
            assertEquals(1, records.size());
            assertEquals(unstable.warning().orElseThrow(), records.get(0).getMessage());
            assertEquals(java.util.logging.Level.WARNING, records.get(0).getLevel());
        } finally {
            logger.removeHandler(handler);
        }
    }

    /** A model that counts its draws and returns a new path instance at each. */
    private static GraphGenerator counting(AtomicInteger draws) {
        return random -> {
            draws.incrementAndGet();
            return CommunicationGraph.path(3);
        };
    }

    @Test
    void aProcessThatNeverRedrawsDrawsOnce() {
        AtomicInteger draws = new AtomicInteger();
        GraphProcess process = GraphProcess.redrawn(counting(draws), 3, RandomStreams.of(1), "g",
                GraphProcess.Redraw.NEVER);
        CommunicationGraph first = process.graphAt(0, 0);
        assertNotNull(first);
        assertSame(first, process.graphAt(4, 9));
        assertEquals(1, draws.get());
        assertEquals(3, process.numAgents());
        assertEquals("graphs redrawn never from g", process.toString());
    }

    @Test
    void aPerEpisodeProcessDrawsWhenTheEpisodeChanges() {
        AtomicInteger draws = new AtomicInteger();
        GraphProcess process = GraphProcess.redrawn(counting(draws), 3, RandomStreams.of(1), "g",
                GraphProcess.Redraw.PER_EPISODE);
        CommunicationGraph first = process.graphAt(0, 0);
        assertSame(first, process.graphAt(0, 7));
        assertNotSame(first, process.graphAt(1, 7));
        assertEquals(2, draws.get());
    }

    @Test
    void aPerStepProcessDrawsWhenTheEpisodeOrTheStepChanges() {
        AtomicInteger draws = new AtomicInteger();
        GraphProcess process = GraphProcess.redrawn(counting(draws), 3, RandomStreams.of(1), "g",
                GraphProcess.Redraw.PER_STEP);
        CommunicationGraph first = process.graphAt(0, 0);
        assertSame(first, process.graphAt(0, 0));
        CommunicationGraph second = process.graphAt(0, 1);
        assertNotSame(first, second);
        assertNotSame(second, process.graphAt(1, 1));
        assertEquals(3, draws.get());
    }

    @Test
    void aFixedProcessIsItsGraph() {
        GraphProcess fixed = GraphProcess.fixed(CommunicationGraph.path(3));
        assertEquals(3, fixed.numAgents());
        assertEquals("fixed CommunicationGraph(agents=3, edges=2)", fixed.toString());
    }
}
