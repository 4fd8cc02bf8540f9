package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * The step loop the QD learners share (Qiao et al., Algorithm 1 and Section VI.C): in training, one behaviour action
 * {@code a_t ~ Uniform(A)} common to all agents per step, drawn from the trial stream {@code qd/behaviour} (so
 * DP-QD-Learning, QD-learning and Center-QD see the same actions, states and rewards), then the subclass's update of
 * {@code (s_t, a_t, s_{t+1})}; in evaluation mode every agent plays the greedy action of the network-average table
 * ({@link QdPolicies}) and nothing is learned. It counts the global steps t. It releases nothing itself: any privacy
 * guarantee is the subclass's.
 */
abstract sealed class QdTeamLearner implements Learner, QdNetworkView permits CenterQdLearner, DpQdLearner {
    private final int agents;
    private final int actions;
    private final RandomGenerator behaviour;
    private boolean evaluation;
    private int state;
    private long step;

    QdTeamLearner(int agents, int actions, RandomGenerator behaviour) {
        this.agents = agents;
        this.actions = actions;
        this.behaviour = behaviour;
    }

    /** The discount, or an error naming it and its range [0, 1). */
    static double requireDiscount(double gamma) {
        if (!(gamma >= 0 && gamma < 1)) {
            throw new IllegalArgumentException("gamma must be in [0, 1), got " + gamma);
        }
        return gamma;
    }

    /** Learns from the training step {@code (state, action) -> next} with the agents' rewards, at {@link #steps()}. */
    protected abstract void learn(int state, int action, int next, double[] rewards);

    /** Called when an episode begins, after the start state is read. */
    protected void startEpisode(int episode) {
    }

    @Override
    public final void beginEpisode(int episode, Observation[] observations) {
        state = observations[0].state();
        startEpisode(episode);
    }

    @Override
    public final int[] act(int stage, Observation[] observations) {
        state = observations[0].state();
        // Evaluation: the greedy action of the network-average table (every agent plays it).
        int action = evaluation ? QdPolicies.greedyAverageAction(this, state) : behaviour.nextInt(actions);
        int[] result = new int[agents];
        Arrays.fill(result, action);
        return result;
    }

    @Override
    public final void observe(int stage, int[] jointAction, StepResult result) {
        if (evaluation) {
            return;
        }
        int next = result.observations()[0].state();
        learn(state, jointAction[0], next, result.rewards());
        step++;
        state = next;
    }

    @Override
    public final void evaluationMode(boolean on) {
        evaluation = on;
    }

    @Override
    public final Policy policy() {
        return QdPolicies.greedyAverage(this);
    }

    @Override
    public final int numAgents() {
        return agents;
    }

    @Override
    public final int numActions() {
        return actions;
    }

    @Override
    public final long steps() {
        return step;
    }
}
