package io.dpmarl.environments.reachavoid;

import io.dpmarl.core.validation.Checks;
import java.util.List;

/**
 * The two-agent corridor gridworld of Chen et al., "Differential Privacy in Cooperative Multiagent Planning"
 * (Section 7.1, layout of the authors' public experiment): a 5 x 5 grid (row 0 at the top), walls at (0,2), (2,2),
 * (4,2) leaving two corridors (1,2) and (3,2), lava at (0,0), (0,1), (0,3). Local actions 0 right, 1 up, 2 left,
 * 3 down, 4 stay; local state {@code 5r + c}. From a cell, the reachable set is the in-grid non-wall neighbours
 * plus the cell itself; an available action reaches its cell with probability {@code 1 - slip} and each other
 * reachable cell with {@code slip / (|reachable| - 1)}; a blocked action is uniform over the reachable set. Agent 0
 * starts at (4,0) and must reach (4,3), agent 1 starts at (4,4) and must reach (4,1), at the same time; a collision
 * (same cell) or lava ends the episode in failure. Carries no privacy guarantee.
 */
public final class CorridorGridworld {
    /** Grid side. */
    public static final int SIDE = 5;
    private static final int[][] WALLS = {{0, 2}, {2, 2}, {4, 2}};
    private static final int[][] LAVA = {{0, 0}, {0, 1}, {0, 3}};
    private static final int[] ROW_STEP = {0, -1, 0, 1, 0};
    private static final int[] COLUMN_STEP = {1, 0, -1, 0, 0};

    private CorridorGridworld() {
    }

    /** The paper's game: slip 0.05, targets (4,3) and (4,1), truncation after 200 steps. */
    public static ReachAvoidGame paper() {
        return create(0.05, new int[] {4 * SIDE + 3, 4 * SIDE + 1}, 200);
    }

    /**
     * The game with slip probability {@code slip} in [0, 1) and target cells {@code targets[i]} (local indices) of
     * agent i.
     */
    public static ReachAvoidGame create(double slip, int[] targets, int horizon) {
        Checks.probability("slip", slip);
        if (slip >= 1) {
            throw new IllegalArgumentException("slip must be in [0, 1), got " + slip);
        }
        if (targets.length != 2) {
            throw new IllegalArgumentException("targets must give one cell per agent (2), got " + targets.length);
        }
        for (int target : targets) {
            if (target < 0 || target >= SIDE * SIDE) {
                throw new IllegalArgumentException("targets must be cells in [0, 24], got " + target);
            }
        }
        LocalMdp local = new LocalMdp(kernel(slip));
        int[] goal = targets.clone();
        String name = "corridor-gridworld(slip=" + slip + ", targets=" + cell(goal[0]) + " " + cell(goal[1])
                + ", horizon=" + horizon + ")";
        return new ReachAvoidGame(name, List.of(local, local),
                locals -> locals[0] == goal[0] && locals[1] == goal[1],
                locals -> locals[0] == locals[1] || isLava(locals[0]) || isLava(locals[1]),
                new int[] {4 * SIDE, 4 * SIDE + 4}, horizon);
    }

    /** "r:c" of a local index. */
    public static String cell(int index) {
        return index / SIDE + ":" + index % SIDE;
    }

    /** True if the cell is a wall. */
    public static boolean isWall(int index) {
        return contains(WALLS, index);
    }

    /** True if the cell is lava. */
    public static boolean isLava(int index) {
        return contains(LAVA, index);
    }

    private static boolean contains(int[][] cells, int index) {
        for (int[] cell : cells) {
            if (cell[0] * SIDE + cell[1] == index) {
                return true;
            }
        }
        return false;
    }

    /** The local kernel: 25 cells x 5 actions x 25 cells. */
    static double[][][] kernel(double slip) {
        int cells = SIDE * SIDE;
        double[][][] kernel = new double[cells][5][cells];
        for (int index = 0; index < cells; index++) {
            int r = index / SIDE;
            int c = index % SIDE;
            int[] target = new int[5];
            boolean[] available = new boolean[5];
            java.util.TreeSet<Integer> reachable = new java.util.TreeSet<>();
            for (int a = 0; a < 5; a++) {
                int nr = r + ROW_STEP[a];
                int nc = c + COLUMN_STEP[a];
                // stay is always available (also on a wall cell, which is never reached)
                available[a] = a == 4 || nr >= 0 && nr < SIDE && nc >= 0 && nc < SIDE && !isWall(nr * SIDE + nc);
                target[a] = available[a] ? nr * SIDE + nc : index;
                if (available[a]) {
                    reachable.add(target[a]);
                }
            }
            int size = reachable.size();
            for (int a = 0; a < 5; a++) {
                for (int y : reachable) {
                    if (!available[a]) {
                        kernel[index][a][y] = 1.0 / size;
                    } else if (size == 1) {
                        kernel[index][a][y] = 1;
                    } else {
                        kernel[index][a][y] = y == target[a] ? 1 - slip : slip / (size - 1);
                    }
                }
            }
        }
        return kernel;
    }
}
