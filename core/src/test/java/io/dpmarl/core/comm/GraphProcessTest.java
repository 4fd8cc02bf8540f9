package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/** Time-varying graphs: a pure function of (episode, step) given the trial's streams. */
class GraphProcessTest {
    private static final GraphGenerator MODEL = GraphFamily.WATTS_STROGATZ.generator(20, 4, 0.3);

    @Test
    void perEpisodeGraphsAreSharedByEveryoneWithTheSameStreams() {
        GraphProcess environmentView = GraphProcess.redrawn(MODEL, 20, RandomStreams.of(5), "graph",
                GraphProcess.Redraw.PER_EPISODE);
        GraphProcess learnerView = GraphProcess.redrawn(MODEL, 20, RandomStreams.of(5), "graph",
                GraphProcess.Redraw.PER_EPISODE);
        CommunicationGraph first = environmentView.graphAt(0, 0);
        assertSame(first, environmentView.graphAt(0, 999));
        CommunicationGraph second = environmentView.graphAt(1, 1000);
        assertNotEquals(first, second, "two independent draws of a rewired WS(20, 4, 0.3) graph coincide rarely");
        // Queried in another order, the other view sees the same graphs.
        assertEquals(second, learnerView.graphAt(1, 0));
        assertEquals(first, learnerView.graphAt(0, 0));
        // Another seed, other graphs.
        assertNotEquals(first, GraphProcess.redrawn(MODEL, 20, RandomStreams.of(6), "graph",
                GraphProcess.Redraw.PER_EPISODE).graphAt(0, 0));
    }

    @Test
    void perStepAndNeverRedraw() {
        GraphProcess perStep = GraphProcess.redrawn(MODEL, 20, RandomStreams.of(5), "graph",
                GraphProcess.Redraw.PER_STEP);
        assertNotEquals(perStep.graphAt(0, 0), perStep.graphAt(0, 1));
        assertEquals(perStep.graphAt(0, 3), GraphProcess.redrawn(MODEL, 20, RandomStreams.of(5), "graph",
                GraphProcess.Redraw.PER_STEP).graphAt(0, 3));
        GraphProcess never = GraphProcess.redrawn(MODEL, 20, RandomStreams.of(5), "graph",
                GraphProcess.Redraw.NEVER);
        assertSame(never.graphAt(0, 0), never.graphAt(7, 70));
        CommunicationGraph ring = CommunicationGraph.ring(5);
        assertSame(ring, GraphProcess.fixed(ring).graphAt(3, 4));
    }

    @Test
    void redrawParsing() {
        assertEquals(GraphProcess.Redraw.PER_EPISODE, GraphProcess.Redraw.parse("redraw", "episode"));
        assertEquals(GraphProcess.Redraw.PER_STEP, GraphProcess.Redraw.parse("redraw", "per-step"));
        assertEquals("redraw must be one of never, episode, step, got hourly",
                assertThrows(IllegalArgumentException.class,
                        () -> GraphProcess.Redraw.parse("redraw", "hourly")).getMessage());
    }
}
