package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.Policy;

/**
 * The deterministic joint policy MA-LDP plays in one episode: a joint action per (stage, state), tie draws already
 * made ("Local differential privacy preserving mechanisms for multi-agent reinforcement learning", Algorithm 1
 * lines 14-20). The state is the first agent's discrete observation (all agents observe the global state).
 * Post-processing of private releases; no further privacy cost.
 */
public final class TablePolicy implements Policy {
    private final int[][] table;
    private final int[] component;
    private final int agents;
    private final int actions;
    private final int localCount;

    TablePolicy(int[][] table, int[] component, int agents, int actions, int localCount) {
        this.table = table;
        this.component = component;
        this.agents = agents;
        this.actions = actions;
        this.localCount = localCount;
    }

    /** The joint action at {@code stage} in {@code state}. */
    public int jointAction(int stage, int state) {
        return table[stage][state];
    }

    @Override
    public double[] jointDistribution(int stage, Observation[] observations) {
        double[] distribution = new double[actions];
        distribution[table[stage][observations[0].state()]] = 1.0;
        return distribution;
    }

    @Override
    public double[] marginal(int agent, int stage, Observation[] observations) {
        double[] distribution = new double[localCount];
        distribution[component[table[stage][observations[0].state()] * agents + agent]] = 1.0;
        return distribution;
    }
}
