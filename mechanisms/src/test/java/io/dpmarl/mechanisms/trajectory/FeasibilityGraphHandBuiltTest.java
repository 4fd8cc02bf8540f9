package io.dpmarl.mechanisms.trajectory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link FeasibilityGraph} on small graphs built by hand: the feasible sets {@code F(p)}, out-degrees
 * {@code rho(p)} and {@code rho_m} read off the drawing, the text form, equality, and the refusal of every malformed
 * graph or kernel (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Algorithm 1: the support
 * of every release is {@code F(p)}, so a wrong {@code F(p)} is a wrong mechanism).
 */
class FeasibilityGraphHandBuiltTest {

    /**
     * A three-state line: 0 -> {0, 1}, 1 -> {0, 1, 2}, 2 -> {2} (absorbing). Out-degrees 2, 3, 1: the largest is in
     * the middle, so neither the first nor the last row alone gives rho_m = 3.
     */
    private static final int[][] LINE = {{1, 0}, {2, 0, 1}, {2}};

    @Test
    void feasibleSetsAndOutDegreesOfAHandDrawnGraph() {
        FeasibilityGraph graph = new FeasibilityGraph(LINE);
        assertEquals(3, graph.states());
        assertArrayEquals(new int[] {0, 1}, graph.successorsOf(0), "rows are stored sorted");
        assertArrayEquals(new int[] {0, 1, 2}, graph.successorsOf(1));
        assertArrayEquals(new int[] {2}, graph.successorsOf(2));
        assertEquals(2, graph.outDegree(0));
        assertEquals(3, graph.outDegree(1));
        assertEquals(1, graph.outDegree(2));
        assertEquals(3, graph.maxOutDegree());
        // beta(y, p): state 0 is the first (index 0) successor of 0 and of 1; 2 is not reachable from 0.
        assertTrue(graph.isFeasible(0, 0));
        assertTrue(graph.isFeasible(1, 0));
        assertTrue(graph.isFeasible(1, 2));
        assertFalse(graph.isFeasible(0, 2));
        assertFalse(graph.isFeasible(2, 0));
        assertFalse(graph.isFeasible(2, 1));
        assertEquals(0, graph.indexOf(2, 2));
        assertTrue(graph.indexOf(2, 0) < 0);
    }

    @Test
    void theGraphCopiesItsInputAndHandsOutCopies() {
        int[][] rows = {{1, 0}, {2, 0, 1}, {2}};
        FeasibilityGraph graph = new FeasibilityGraph(rows);
        rows[0][0] = 2; // changing the caller's array afterwards changes nothing
        assertArrayEquals(new int[] {0, 1}, graph.successorsOf(0));
        int[] handedOut = graph.successorsOf(1);
        handedOut[0] = 2;
        assertArrayEquals(new int[] {0, 1, 2}, graph.successorsOf(1));
    }

    @Test
    void equalityIgnoresTheInputOrderAndHashesAlike() {
        FeasibilityGraph graph = new FeasibilityGraph(LINE);
        FeasibilityGraph sorted = new FeasibilityGraph(new int[][] {{0, 1}, {0, 1, 2}, {2}});
        assertEquals(graph, sorted);
        assertEquals(graph.hashCode(), sorted.hashCode());
        // One more edge (2 -> 1) is another graph; so is another type.
        assertNotEquals(graph, new FeasibilityGraph(new int[][] {{0, 1}, {0, 1, 2}, {1, 2}}));
        assertNotEquals(graph, new FeasibilityGraph(new int[][] {{0}}));
        assertNotEquals(graph, (Object) "0>0 1|1>0 1 2|2>2");
    }

    @Test
    void theTextFormListsEachStateThenItsSortedSuccessors() {
        FeasibilityGraph graph = new FeasibilityGraph(LINE);
        assertEquals("0>0 1|1>0 1 2|2>2", graph.toString());
        assertEquals("0>0", new FeasibilityGraph(new int[][] {{0}}).toString());
        assertEquals(graph, FeasibilityGraph.parse(graph.toString()));
        // Commas or blanks between successors, blanks around the parts, any order within a row.
        assertEquals(graph, FeasibilityGraph.parse("  0> 1,0 | 1>2, 0 1|2>2 "));
    }

    @Test
    void parseRefusesStatesOutOfOrderOrWithoutArrow() {
        IllegalArgumentException order = assertThrows(IllegalArgumentException.class,
                () -> FeasibilityGraph.parse("1>0|0>1"));
        assertEquals("successors must list 'state>succ succ' for states 0..1 in order separated by '|', got '1>0'",
                order.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FeasibilityGraph.parse("0 0|1>1"));
        assertThrows(IllegalArgumentException.class, () -> FeasibilityGraph.parse("0>0>1|1>1"));
    }

    @Test
    void aSuccessorOutsideTheStatesOrRepeatedOrAnEmptyRowIsRefused() {
        // Two states, so successors must lie in [0, 1]: 2 (= the number of states) is the first state too many.
        IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
                () -> new FeasibilityGraph(new int[][] {{0, 2}, {1}}));
        assertEquals("successors of state 0 must be distinct states in [0, 1], got [0, 2]", tooLarge.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FeasibilityGraph(new int[][] {{0}, {-1, 1}}));
        IllegalArgumentException repeated = assertThrows(IllegalArgumentException.class,
                () -> new FeasibilityGraph(new int[][] {{0}, {1, 0, 1}}));
        assertEquals("successors of state 1 must be distinct states in [0, 1], got [1, 0, 1]", repeated.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> new FeasibilityGraph(new int[][] {{0}, {}}));
        assertEquals("successors of state 1 must be non-empty", empty.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> new FeasibilityGraph(new int[0][]));
        assertEquals("states must be in [1, inf), got 0", none.getMessage());
        // The largest and smallest states are accepted.
        assertEquals(2, new FeasibilityGraph(new int[][] {{0, 1}, {1}}).outDegree(0));
    }

    /**
     * The graph of a kernel has an edge exactly where some action has positive probability: here T(0, a0) = (1, 0),
     * T(0, a1) = (0.25, 0.75), T(1, a0) = (0, 1), so F(0) = {0, 1} (through a1 only) and F(1) = {1}.
     */
    @Test
    void aKernelsGraphHasAnEdgeWhereSomeActionHasPositiveProbability() {
        double[][][] kernel = {{{1, 0}, {0.25, 0.75}}, {{0, 1}}};
        FeasibilityGraph graph = FeasibilityGraph.fromKernel(kernel);
        assertEquals(new FeasibilityGraph(new int[][] {{0, 1}, {1}}), graph);
        // Within the 1e-9 tolerance of stochasticity: 0.25 + (0.75 + 5e-10) is accepted.
        assertEquals(graph, FeasibilityGraph.fromKernel(new double[][][] {{{1, 0}, {0.25, 0.75 + 5e-10}}, {{0, 1}}}));
    }

    @Test
    void aKernelThatIsNotStochasticIsRefusedNamingTheRow() {
        IllegalArgumentException width = assertThrows(IllegalArgumentException.class,
                () -> FeasibilityGraph.fromKernel(new double[][][] {{{1, 0}}, {{0, 1, 0}}}));
        assertEquals("kernel row T(1, 0, .) must have 2 entries, got 3", width.getMessage());
        IllegalArgumentException above = assertThrows(IllegalArgumentException.class,
                () -> FeasibilityGraph.fromKernel(new double[][][] {{{1.5, -0.5}}, {{0, 1}}}));
        assertEquals("kernel entry T(0, 0, 0) must be in [0, 1], got 1.5", above.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> FeasibilityGraph.fromKernel(new double[][][] {{{1, 0}}, {{Double.NaN, 1}}}));
        assertEquals("kernel entry T(1, 0, 0) must be in [0, 1], got NaN", nan.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> FeasibilityGraph.fromKernel(new double[][][] {{{1, 0}}, {{0, 1.0 - 2e-9}}}));
        IllegalArgumentException actions = assertThrows(IllegalArgumentException.class,
                () -> FeasibilityGraph.fromKernel(new double[][][] {{{1, 0}}, {}}));
        assertEquals("actions must be in [1, inf), got 0", actions.getMessage());
    }
}
