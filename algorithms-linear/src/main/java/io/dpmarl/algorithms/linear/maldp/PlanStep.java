package io.dpmarl.algorithms.linear.maldp;

/**
 * One agent's optimistic backward induction (Algorithm 1 lines 8-13), as used by {@link MaLdpLearner}: fills
 * {@code q[t][s * A + a]} and {@code v[t][s]} for t = H-1..0 from the server's estimates and the agent's reward
 * parameters. {@link OptimisticPlanner} is the implementation; the interface lets the benchmark swap in a
 * straightforward reference. No privacy involved (post-processing).
 */
interface PlanStep {
    void plan(double[][] theta, double[][] inverse, double[][] weights, double[] beta, double[][] q, double[][] v);
}
