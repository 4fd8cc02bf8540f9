package io.dpmarl.environments.reachavoid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.EnvironmentConformance;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The reach-avoid games of Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Section 7, with
 * the constants of the authors' public experiment. Expected counts and indices are derived by hand from the layout
 * (comments), transition rows from the slip rule written in {@link CorridorGridworld}.
 */
class ReachAvoidGamesTest {

    @Test
    void gridworldSizesIndicesAndAbsorbingSets() {
        ReachAvoidGame game = CorridorGridworld.paper();
        assertEquals(625, game.jointStates());
        assertEquals(25, game.jointActions());
        // initial (4,0),(4,4): 25*20 + 24; target (4,3),(4,1): 25*23 + 21
        assertEquals(524, game.initialState());
        int targets = 0;
        int dead = 0;
        for (int s = 0; s < 625; s++) {
            targets += game.isTarget(s) ? 1 : 0;
            dead += game.isAvoid(s) ? 1 : 0;
        }
        assertEquals(1, targets);
        assertTrue(game.isTarget(596));
        // collisions 25, plus pairs with a lava cell: 3*25*2 - 3*3 overlaps, minus the 3 lava collisions counted twice
        assertEquals(25 + 150 - 9 - 3, dead);
        assertEquals(163, dead);
    }

    @Test
    void gridworldTransitionRowsAndOutDegrees() {
        ReachAvoidGame game = CorridorGridworld.paper();
        int c40 = 20;
        // cell (4,0): reachable {(4,1), (3,0), (4,0)}
        assertEquals(0.95, game.localTransition(0, c40, 0, 21), 1e-15);
        assertEquals(0.025, game.localTransition(0, c40, 0, 15), 1e-15);
        assertEquals(0.025, game.localTransition(0, c40, 0, 20), 1e-15);
        for (int y : new int[] {21, 15, 20}) {
            assertEquals(1.0 / 3, game.localTransition(0, c40, 2, y), 1e-15);
        }
        assertEquals(0.95, game.localTransition(0, c40, 4, 20), 1e-15);
        assertEquals(0.025, game.localTransition(0, c40, 4, 21), 1e-15);
        // corridor (1,2): reachable {(1,1), (1,3), (1,2)}; up is blocked by the wall (0,2)
        int corridor = 7;
        for (int y : new int[] {6, 8, 7}) {
            assertEquals(1.0 / 3, game.localTransition(0, corridor, 1, y), 1e-15);
        }
        assertEquals(0.95, game.localTransition(0, corridor, 0, 8), 1e-15);
        assertEquals(0.025, game.localTransition(0, corridor, 0, 6), 1e-15);
        int[][] rho = {{3, 3, 4, 3, 3}, {4, 5, 3, 5, 4}, {4, 4, 5, 4, 4}, {4, 5, 3, 5, 4}, {3, 3, 4, 3, 3}};
        for (int cell = 0; cell < 25; cell++) {
            int degree = 0;
            for (int y = 0; y < 25; y++) {
                boolean feasible = false;
                for (int a = 0; a < 5; a++) {
                    feasible |= game.localTransition(0, cell, a, y) > 0;
                }
                degree += feasible ? 1 : 0;
            }
            assertEquals(rho[cell / 5][cell % 5], degree, "cell " + cell);
        }
    }

    @Test
    void sysAdminSizesIndicesAndRows() {
        ReachAvoidGame game = SysAdmin.paper(SysAdmin.parse("0001"));
        assertEquals(256, game.jointStates());
        assertEquals(16, game.jointActions());
        assertEquals(1, game.initialState());
        assertEquals(10, SysAdmin.paper(SysAdmin.parse("0022")).initialState());
        assertEquals(175, SysAdmin.paper(SysAdmin.parse("2233")).initialState());
        int dead = 0;
        for (int s = 0; s < 256; s++) {
            dead += game.isAvoid(s) ? 1 : 0;
            assertEquals(s == 0, game.isTarget(s));
        }
        // > 2 in repair: C(4,3)*3 + 1 = 13; > 2 offline: 13; disjoint
        assertEquals(26, dead);
        assertEquals(0.9, game.localTransition(0, 0, 0, 0), 1e-15);
        assertEquals(0.1, game.localTransition(0, 0, 0, 1), 1e-15);
        assertEquals(0.1, game.localTransition(0, 1, 0, 3), 1e-15);
        assertEquals(0.9, game.localTransition(0, 2, 0, 0), 1e-15);
        assertEquals(1, game.localTransition(0, 3, 0, 3), 1e-15);
        assertEquals(1, game.localTransition(0, 3, 1, 2), 1e-15);
        assertArrayEquals(new int[] {0, 0, 0, 1}, SysAdmin.fromPaperEncoding(new int[] {1, 1, 1, 2}));
    }

    @Test
    void jointKernelIsTheProductOfLocalKernels() {
        ReachAvoidGame game = SysAdmin.paper(SysAdmin.parse("0022"));
        SplittableRandom random = new SplittableRandom(1);
        int trials = 200_000;
        // step from (0,0,2,2) under (wait, repair, wait, wait): next = (x, 2, y, z), x in {0,1}, y,z in {0,2}
        int[] counts = new int[256];
        for (int t = 0; t < trials; t++) {
            game.reset(random.nextLong());
            counts[game.step(new int[] {0, 1, 0, 0}).observations()[0].state()]++;
        }
        for (int s = 0; s < 256; s++) {
            int[] y = game.decode(s);
            double expected = game.localTransition(0, 0, 0, y[0]) * game.localTransition(1, 0, 1, y[1])
                    * game.localTransition(2, 2, 0, y[2]) * game.localTransition(3, 2, 0, y[3]);
            double se = Math.sqrt(expected * (1 - expected) / trials);
            // 5 standard errors: false-rejection rate about 6e-7 per cell
            assertEquals(expected, counts[s] / (double) trials, 5 * se + 1e-12, "state " + s);
        }
    }

    @Test
    void environmentContract() {
        EnvironmentConformance.checkApiContract(CorridorGridworld.paper());
        EnvironmentConformance.checkSeedDeterminism(() -> SysAdmin.paper(SysAdmin.parse("2233")));
    }

    @Test
    void badInputIsRefusedNamingTheParameter() {
        IllegalArgumentException wall = assertThrows(IllegalArgumentException.class,
                () -> CorridorGridworld.create(0.05, new int[] {2, 21}, 200));
        assertTrue(wall.getMessage().startsWith("target"), wall.getMessage());
        IllegalArgumentException kernel = assertThrows(IllegalArgumentException.class,
                () -> new LocalMdp(new double[][][] {{{0.5, 0.4}}, {{0, 1}}}));
        assertTrue(kernel.getMessage().contains("stochastic"), kernel.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ReachAvoidGame("x", List.of(new LocalMdp(
                new double[][][] {{{1, 0}}, {{0, 1}}})), s -> s[0] == 1, s -> false, new int[] {0}, 10));
    }
}
