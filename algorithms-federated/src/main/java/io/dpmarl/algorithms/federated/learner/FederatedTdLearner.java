package io.dpmarl.algorithms.federated.learner;

import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;

/**
 * Federated TD(lambda) (paper "Differentially private federated temporal difference learning", Algorithms 1 and
 * 2) as a team learner of policy evaluation: the N workers evaluate the fixed policy of the environment, so
 * {@link #act} always returns the single action 0 for every agent and {@link #policy} is that deterministic
 * policy. Each {@link #observe} is one communication round on the transition s_t -&gt; s_{t+1} with the agents'
 * costs taken from {@link StepResult#rewards()} (the {@code federated-cost-chain} environment reports costs there,
 * unnegated); worker i receives only its own entry and clips it to [-R, R]. With {@code continueTrace} false
 * (plugin {@code trace=restart}) an episode boundary restarts the trace at the new s_0 and keeps theta and the
 * step-size counter; with it true ({@code trace=continue}, for an environment whose resets continue one chain, as
 * {@code federated-cost-chain(restart=continue)}) the trace is initialised once, at the first episode, as in
 * Algorithm 1, and a later episode must start where the previous one ended (refused otherwise). At the end of each
 * episode the learner records {@code costs_clipped} (clips so far over all workers). Privacy: that of the team's
 * downlink stream (event-level central DP of the broadcast, none for the uplink). {@code costs_clipped} is
 * counted from the raw costs and is written in the clear (a diagnostic of the assumption |r| &lt;= R, outside the
 * guarantee; 0 whenever R is at least the environment's declared bound and the environment keeps to it), and so
 * are the pipeline's per-agent returns ({@code return_agent_i}, {@code episode_return}), which here are sums of the
 * private costs.
 *
 * <p>{@link #close()} (called by the pipeline when a run ends) closes the team, stopping a multi-threaded team's
 * helper threads; a closed team still computes the same bits on the calling thread, should it be used afterwards.
 */
public final class FederatedTdLearner implements Learner {
    /** Metric name of the number of costs clipped to [-R, R] so far. */
    public static final String COSTS_CLIPPED = "costs_clipped";

    private final FederatedTdLambda team;
    private final int numAgents;
    private final TrialMetrics metrics;
    private final boolean continueTrace;

    /** A learner driving the given team, recording to {@code metrics}, restarting the trace every episode. */
    public FederatedTdLearner(FederatedTdLambda team, TrialMetrics metrics) {
        this(team, metrics, false);
    }

    /**
     * A learner driving the given team, recording to {@code metrics}.
     *
     * @param continueTrace whether the trace is initialised once and carried over episode boundaries (true: one
     *                      continuing chain, each later episode must start at the state the previous one ended in)
     *                      or restarted at every episode's s_0 (false)
     */
    public FederatedTdLearner(FederatedTdLambda team, TrialMetrics metrics, boolean continueTrace) {
        this.team = team;
        this.numAgents = team.weights().size();
        this.metrics = metrics;
        this.continueTrace = continueTrace;
    }

    /** The team (parameters, consensus error, broadcast). */
    public FederatedTdLambda team() {
        return team;
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        int initial = observations[0].state();
        if (continueTrace && team.state() >= 0) {
            if (initial != team.state()) {
                throw new IllegalStateException("federated-td: trace=continue needs an environment whose resets"
                        + " continue the chain (for example federated-cost-chain(restart=continue)): episode "
                        + episode + " must start in state " + team.state() + ", where the previous one ended, got "
                        + initial);
            }
            return;
        }
        team.begin(initial);
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        return new int[numAgents];
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        team.advance(result.observations()[0].state(), result.rewards());
    }

    @Override
    public void endEpisode(int episode) {
        metrics.record(COSTS_CLIPPED, team.clippedCosts());
    }

    /** Closes the team: its helper threads end (results are unchanged; later rounds run on the calling thread). */
    @Override
    public void close() {
        team.close();
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
