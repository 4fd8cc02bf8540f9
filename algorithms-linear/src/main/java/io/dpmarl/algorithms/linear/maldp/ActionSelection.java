package io.dpmarl.algorithms.linear.maldp;

import java.util.random.RandomGenerator;

/**
 * How the agents turn their own Q tables into a joint action ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Algorithm 1 line 17). {@link #MAXMIN} (the paper): agent i plays
 * {@code argmax_x min_y Q^i(s, (x, y))} over its own action x and the teammates' y. {@link #JOINT_GREEDY} (the
 * regret proof's App. E step (ii)): agent i plays its component of {@code argmax_a Q^i(s, a)}, with ties broken by
 * one draw shared by all agents. Ties of the outer argmax are broken uniformly at random (seeded) or by the lowest
 * index.
 */
public enum ActionSelection {
    /** Max over own action of the min over teammates' actions (paper). */
    MAXMIN,
    /** Own component of the joint greedy action. */
    JOINT_GREEDY;

    private static final double TIE = 1e-12;

    /**
     * The joint action at one state.
     *
     * @param q          per agent, the Q row of this state over joint actions (from {@code offset})
     * @param offset     where the state's row starts in each {@code q[i]}
     * @param component  {@code component[a * n + i]}: agent i's action in joint action a
     * @param localCount actions per agent
     * @param encode     radix of each agent (joint = sum component * radix)
     * @param random     tie-breaking draws, or null for the lowest index
     * @param scratch    work space of at least {@code localCount} entries (overwritten)
     */
    int select(double[][] q, int offset, int actions, int[] component, int localCount, int[] encode,
               RandomGenerator random, double[] scratch) {
        int agents = q.length;
        int joint = 0;
        if (this == JOINT_GREEDY) {
            double shared = random == null ? 0.0 : random.nextDouble();
            for (int i = 0; i < agents; i++) {
                double best = Double.NEGATIVE_INFINITY;
                for (int a = 0; a < actions; a++) {
                    best = Math.max(best, q[i][offset + a]);
                }
                int ties = 0;
                for (int a = 0; a < actions; a++) {
                    if (q[i][offset + a] >= best - TIE) {
                        ties++;
                    }
                }
                int pick = (int) (shared * ties);
                for (int a = 0; a < actions; a++) {
                    if (q[i][offset + a] >= best - TIE && pick-- == 0) {
                        joint += component[a * agents + i] * encode[i];
                        break;
                    }
                }
            }
            return joint;
        }
        double[] rowMin = scratch;
        for (int i = 0; i < agents; i++) {
            java.util.Arrays.fill(rowMin, 0, localCount, Double.POSITIVE_INFINITY);
            for (int a = 0; a < actions; a++) {
                int x = component[a * agents + i];
                rowMin[x] = Math.min(rowMin[x], q[i][offset + a]);
            }
            double best = Double.NEGATIVE_INFINITY;
            for (int x = 0; x < localCount; x++) {
                best = Math.max(best, rowMin[x]);
            }
            int ties = 0;
            for (int x = 0; x < localCount; x++) {
                if (rowMin[x] >= best - TIE) {
                    ties++;
                }
            }
            int pick = ties == 1 || random == null ? 0 : random.nextInt(ties);
            for (int x = 0; x < localCount; x++) {
                if (rowMin[x] >= best - TIE && pick-- == 0) {
                    joint += x * encode[i];
                    break;
                }
            }
        }
        return joint;
    }
}
