package io.dpmarl.algorithms.federated.td;

import io.dpmarl.environments.fedtd.FederatedCostModel;
import java.util.random.RandomGenerator;

/**
 * One continuing trajectory of a {@link FederatedCostModel} (paper 003 Algorithm 1 steps 1-2): s_0 ~ Uniform(S),
 * then s_{t+1} ~ P(s_t, .) and every agent's cost r_t^i. Non-private randomness only; two trajectories from
 * equally seeded generators are identical (common random numbers for private versus non-private runs).
 */
public final class CostTrajectory {
    private final FederatedCostModel model;
    private final RandomGenerator random;
    private final int initialState;
    private int state;
    private final double[] costs;

    /** A trajectory drawn from {@code random}. */
    public CostTrajectory(FederatedCostModel model, RandomGenerator random) {
        this.model = model;
        this.random = random;
        this.initialState = random.nextInt(model.numStates());
        this.state = initialState;
        this.costs = new double[model.numAgents()];
    }

    /** s_0. */
    public int initialState() {
        return initialState;
    }

    /** The current state s_t. */
    public int state() {
        return state;
    }

    /** Moves to s_{t+1}, draws the costs r_t^i (available from {@link #costs()}) and returns s_{t+1}. */
    public int advance() {
        int next = model.sampleNext(state, random);
        model.sampleCosts(state, next, random, costs);
        state = next;
        return next;
    }

    /** The costs of the last transition (a copy). */
    public double[] costs() {
        return costs.clone();
    }

    /** Runs {@code rounds} rounds of a team that has been started at {@link #initialState()}. */
    public void drive(FederatedTdLambda team, long rounds) {
        for (long t = 0; t < rounds; t++) {
            int next = advance();
            team.round(next, costs);
        }
    }
}
