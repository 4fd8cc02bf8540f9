package io.dpmarl.algorithms.federated.learner;

import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;

/**
 * Federated TD(lambda) (paper 003 Algorithms 1 and 2) as a team learner of policy evaluation: the N workers
 * evaluate the fixed policy of the environment, so {@link #act} always returns the single action 0 for every
 * agent and {@link #policy} is that deterministic policy. Each {@link #observe} is one communication round on the
 * transition s_t -&gt; s_{t+1} with the agents' costs taken from {@link StepResult#rewards()} (the
 * {@code federated-cost-chain} environment reports costs there, unnegated); worker i receives only its own entry.
 * An episode boundary restarts the trace at the new s_0 and keeps theta and the step-size counter. Privacy: that
 * of the team's downlink channel (event-level central DP of the broadcast, none for the uplink).
 */
public final class FederatedTdLearner implements Learner {
    private final FederatedTdLambda team;
    private final int numAgents;

    /** A learner driving the given team. */
    public FederatedTdLearner(FederatedTdLambda team) {
        this.team = team;
        this.numAgents = team.weights().size();
    }

    /** The team (parameters, consensus error, broadcast). */
    public FederatedTdLambda team() {
        return team;
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        team.begin(observations[0].state());
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        return new int[numAgents];
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        team.round(result.observations()[0].state(), result.rewards());
    }

    @Override
    public void endEpisode(int episode) {
        // one round per step: nothing is deferred to the end of an episode
    }

    @Override
    public Policy policy() {
        return new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                return new double[] {1.0};
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                return new double[] {1.0};
            }
        };
    }
}
