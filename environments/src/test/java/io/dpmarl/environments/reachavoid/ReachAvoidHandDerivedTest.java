package io.dpmarl.environments.reachavoid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-derived values of the reach-avoid games: a deterministic three-state chain (0 -> 1 -> 2 under action 0,
 * stay under action 1; target: local state 2), the corridor kernel at two cells worked out on the 5 x 5 grid (walls
 * at 0:2, 2:2 and 4:2; actions right, up, left, down, stay), the inverse-CDF local draw and the plugins' checks.
 */
class ReachAvoidHandDerivedTest {
    /** T(0, 0) = 1, T(1, 0) = 2, T(2, 0) = 2; action 1 stays. */
    private static LocalMdp chain() {
        double[][][] kernel = new double[3][2][3];
        kernel[0][0][1] = 1;
        kernel[1][0][2] = 1;
        kernel[2][0][2] = 1;
        for (int s = 0; s < 3; s++) {
            kernel[s][1][s] = 1;
        }
        return new LocalMdp(kernel);
    }

    private static ReachAvoidGame chainGame(int horizon) {
        return new ReachAvoidGame("chain", List.of(chain()), locals -> locals[0] == 2, locals -> false,
                new int[] {0}, horizon);
    }

    @Test
    void aDeterministicChainRewardsTheTargetAndTerminates() {
        ReachAvoidGame game = chainGame(5);
        assertThrows(IllegalStateException.class, () -> game.step(new int[] {0}));
        // the initial joint state is 0 (a valid state to step from)
        assertEquals(0, game.reset(1)[0].state());
        StepResult first = game.step(new int[] {0});
        assertEquals(1, first.observations()[0].state());
        assertArrayEquals(new double[] {0}, first.rewards(), 0);
        assertFalse(first.terminated());
        assertFalse(first.truncated());
        StepResult second = game.step(new int[] {0});
        assertEquals(2, second.observations()[0].state());
        assertArrayEquals(new double[] {1}, second.rewards(), 0);
        assertTrue(second.terminated());
        assertFalse(second.truncated());
        assertThrows(IllegalStateException.class, () -> game.step(new int[] {0}));
    }

    @Test
    void theHorizonTruncatesAndThenRefusesSteps() {
        ReachAvoidGame game = chainGame(2);
        game.reset(1);
        assertFalse(game.step(new int[] {1}).truncated());
        StepResult second = game.step(new int[] {1});
        // two waits at 0: not absorbing, so truncated (not terminated) at the horizon 2
        assertTrue(second.truncated());
        assertFalse(second.terminated());
        assertEquals("chain: the episode ended; call reset",
                assertThrows(IllegalStateException.class, () -> game.step(new int[] {0})).getMessage());
        ReachAvoidGame fresh = chainGame(2);
        fresh.reset(3);
        assertEquals("action of agent 0 must be in [0, 1], got 2", assertThrows(IllegalArgumentException.class,
                () -> fresh.step(new int[] {2})).getMessage());
    }

    @Test
    void twoAgentsShareTheRewardOfTheJointTarget() {
        // both agents on the chain; target: both at 2
        ReachAvoidGame game = new ReachAvoidGame("pair", List.of(chain(), chain()),
                locals -> locals[0] == 2 && locals[1] == 2, locals -> false, new int[] {1, 1}, 3);
        game.reset(0);
        StepResult result = game.step(new int[] {0, 0});
        assertArrayEquals(new double[] {1, 1}, result.rewards(), 0);
        assertSame(game.local(1), game.local(1));
        assertEquals(3, game.local(0).states());
    }

    @Test
    void initialLocalStatesAreChecked() {
        assertEquals("initial local state of agent 0 must be in [0, 2], got 3", assertThrows(
                IllegalArgumentException.class, () -> new ReachAvoidGame("chain", List.of(chain()),
                        locals -> locals[0] == 2, locals -> false, new int[] {3}, 5)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ReachAvoidGame("chain", List.of(chain()),
                locals -> locals[0] == 2, locals -> false, new int[] {-1}, 5));
        // 2 (the last local state) is a valid start
        assertEquals(2, new ReachAvoidGame("chain", List.of(chain()), locals -> locals[0] == 2, locals -> false,
                new int[] {2}, 5).initialState());
    }

    @Test
    void localDrawInvertsTheRowOverItsPositiveEntries() {
        double[][][] kernel = {{{0, 0.5, 0.5, 0}}, {{1, 0, 0, 0}}, {{0, 0, 1, 0}}, {{0, 0, 0, 1}}};
        ReachAvoidGame game = new ReachAvoidGame("draw", List.of(new LocalMdp(kernel)), locals -> locals[0] == 2,
                locals -> false, new int[] {0}, 5);
        // row (0, 0.5, 0.5, 0): u < 0.5 -> 1, u in [0.5, 1) -> 2, and at u = 1 (past the sum) the last positive, 2
        assertEquals(1, game.sampleLocal(0, 0, 0, 0.0));
        assertEquals(1, game.sampleLocal(0, 0, 0, Math.nextDown(0.5)));
        assertEquals(2, game.sampleLocal(0, 0, 0, 0.5));
        assertEquals(2, game.sampleLocal(0, 0, 0, 1.0));
    }

    @Test
    void corridorKernelAtAnOpenCellAndNextToWalls() {
        double[][][] kernel = CorridorGridworld.kernel(0.2);
        // cell 1:1 (index 6): right 1:2 (7), up 0:1 (1, lava, not a wall), left 1:0 (5), down 2:1 (11), stay 6;
        // five reachable cells: the chosen one 1 - 0.2 = 0.8, the four others 0.2 / 4 = 0.05
        double[] up = new double[25];
        up[1] = 0.8;
        up[5] = 0.05;
        up[6] = 0.05;
        up[7] = 0.05;
        up[11] = 0.05;
        assertArrayEquals(up, kernel[6][1], 1e-15);
        double[] down = new double[25];
        down[11] = 0.8;
        down[1] = 0.05;
        down[5] = 0.05;
        down[6] = 0.05;
        down[7] = 0.05;
        assertArrayEquals(down, kernel[6][3], 1e-15);
        // cell 1:2 (index 7): up 0:2 and down 2:2 are walls; reachable right 8, left 6, stay 7; an unavailable move
        // is uniform over the three
        assertEquals(1.0 / 3, kernel[7][1][6], 1e-15);
        assertEquals(1.0 / 3, kernel[7][1][7], 1e-15);
        assertEquals(1.0 / 3, kernel[7][1][8], 1e-15);
        assertEquals(0.8, kernel[7][0][8], 1e-15);
        assertEquals(0.1, kernel[7][0][6], 1e-15);
        assertEquals("4:3", CorridorGridworld.cell(23));
        assertEquals("1:2", CorridorGridworld.cell(7));
    }

    @Test
    void corridorArgumentsAreChecked() {
        assertEquals("slip must be in [0, 1), got 1.0", assertThrows(IllegalArgumentException.class,
                () -> CorridorGridworld.create(1.0, new int[] {23, 21}, 10)).getMessage());
        assertEquals("targets must be cells in [0, 24], got 25", assertThrows(IllegalArgumentException.class,
                () -> CorridorGridworld.create(0.1, new int[] {25, 21}, 10)).getMessage());
        assertEquals("targets must be cells in [0, 24], got -1", assertThrows(IllegalArgumentException.class,
                () -> CorridorGridworld.create(0.1, new int[] {23, -1}, 10)).getMessage());
        // the corner cells 0 (0:0) and 24 (4:4) are valid targets: agent 0 walks up column 0 (4:0 -> 0:0) while
        // agent 1 stays at 4:4
        assertEquals("corridor-gridworld(slip=0.1, targets=0:0 4:4, horizon=10)",
                CorridorGridworld.create(0.1, new int[] {0, 24}, 10).info().name());
        assertEquals("corridor-gridworld(slip=0.1, targets=4:3 4:1, horizon=10)",
                CorridorGridworld.create(0.1, new int[] {23, 21}, 10).info().name());
    }

    @Test
    void localKernelCopyIsADeepCopy() {
        LocalMdp local = chain();
        double[][][] copy = local.kernelCopy();
        assertEquals(3, copy.length);
        assertArrayEquals(new double[] {0, 0, 1}, copy[1][0], 0);
        assertArrayEquals(new double[] {0, 1, 0}, copy[1][1], 0);
        copy[1][0][2] = 0;
        assertEquals(1, local.transition(1, 0, 2), 0);
        assertNotSame(copy, local.kernelCopy());
    }

    @Test
    void paperEncodingOfServerStates() {
        // the paper's text: nominal 1, needs repair 2, in repair 0, offline 3 -> here nominal 0, needs repair 1,
        // in repair 2, offline 3
        assertArrayEquals(new int[] {2, 0, 1, 3}, SysAdmin.fromPaperEncoding(new int[] {0, 1, 2, 3}));
        assertThrows(IllegalArgumentException.class, () -> SysAdmin.fromPaperEncoding(new int[] {4}));
        assertThrows(IllegalArgumentException.class, () -> SysAdmin.fromPaperEncoding(new int[] {-1}));
    }

    @Test
    void pluginsParseTargetsAndRefuseAbsorbingStarts() {
        Registry registry = Registry.discover();
        Environment grid = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "corridor-gridworld(targets=4:3 4:1, horizon=7)");
        assertEquals("corridor-gridworld(slip=0.05, targets=4:3 4:1, horizon=7)", grid.info().name());
        for (String bad : new String[] {"4:3", "4:5 4:1", "5:3 4:1", "-1:3 4:1", "4:-1 4:1", "a:b 4:1", "4 4:1"}) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> registry.create(
                    PluginKind.ENVIRONMENT, Environment.class, "corridor-gridworld(targets=" + bad + ")"), bad);
            assertTrue(error.getMessage().startsWith("targets must be two cells"), bad + ": " + error.getMessage());
        }
        // rows and columns 0 and 4 are the ends of the accepted range
        assertEquals("corridor-gridworld(slip=0.05, targets=0:0 4:4, horizon=200)", registry.create(
                PluginKind.ENVIRONMENT, Environment.class, "corridor-gridworld(targets=0:0 4:4)").info().name());
        assertEquals("corridor-gridworld(slip=0.05, targets=4:0 0:4, horizon=200)", registry.create(
                PluginKind.ENVIRONMENT, Environment.class, "corridor-gridworld(targets=4:0 0:4)").info().name());
        assertTrue(registry.provider(PluginKind.ENVIRONMENT, "corridor-gridworld").description().length() > 20);
        assertTrue(registry.provider(PluginKind.ENVIRONMENT, "sysadmin").description().contains("Chen et al."));
        Environment servers = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "sysadmin(initial=0031, horizon=9)");
        assertEquals(4, servers.info().numAgents());
        assertEquals(9, servers.info().horizon());
        // every server nominal (a target), three in repair or three offline (avoid): refused
        for (String start : new String[] {"0000", "2220", "3330"}) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> registry.create(
                    PluginKind.ENVIRONMENT, Environment.class, "sysadmin(initial=" + start + ")"), start);
            assertTrue(error.getMessage().startsWith("sysadmin: parameter 'initial' must not be a target or avoid"),
                    error.getMessage());
        }
        // at most 6 servers: 7 are refused, 6 accepted
        assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.ENVIRONMENT,
                Environment.class, "sysadmin(initial=0000001)"));
        assertEquals(6, registry.create(PluginKind.ENVIRONMENT, Environment.class, "sysadmin(initial=000001)")
                .info().numAgents());
        // two in repair and two offline are allowed
        assertEquals(4, registry.create(PluginKind.ENVIRONMENT, Environment.class, "sysadmin(initial=2233)")
                .info().numAgents());
    }
}
