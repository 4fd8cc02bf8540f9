package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import java.util.Arrays;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Center-QD, the centralized baseline of Qiao et al. (Section VI.C, with the misplaced parenthesis of its equation
 * corrected): one table learned by ordinary Q-learning on the network-average reward,
 * {@code Q(s,a) <- Q(s,a) + alpha(k) ((1/N) sum_i r_i + gamma max_a' Q(s',a') - Q(s,a))}, with the same innovation
 * gains, discount and behaviour actions (stream {@code qd/behaviour}) as the decentralized learners. It collects
 * every agent's reward, so it is not private and sends no messages; every agent "holds" the central table.
 */
public final class CenterQdLearner implements Learner, QdNetworkView {
    private final int agents;
    private final int actions;
    private final double[][] q;
    private final long[][] visits;
    private final GainSchedule gains;
    private final double gamma;
    private final RandomGenerator behaviour;
    private boolean evaluation;
    private int state;
    private long step;

    /** A Center-QD learner for {@code agents} reward sources. */
    public CenterQdLearner(int agents, int states, int actions, GainSchedule gains, double gamma,
                           RandomGenerator behaviour) {
        if (!(gamma >= 0 && gamma < 1)) {
            throw new IllegalArgumentException("gamma must be in [0, 1), got " + gamma);
        }
        this.agents = agents;
        this.actions = actions;
        this.q = new double[states][actions];
        this.visits = new long[states][actions];
        this.gains = gains;
        this.gamma = gamma;
        this.behaviour = behaviour;
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        state = observations[0].state();
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        state = observations[0].state();
        int action = evaluation ? QdPolicies.greedyAverageAction(this, state) : behaviour.nextInt(actions);
        int[] result = new int[agents];
        Arrays.fill(result, action);
        return result;
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        if (evaluation) {
            return;
        }
        int action = jointAction[0];
        int next = result.observations()[0].state();
        double average = 0;
        for (double reward : result.rewards()) {
            average += reward;
        }
        average /= agents;
        double best = q[next][0];
        for (int a = 1; a < actions; a++) {
            best = Math.max(best, q[next][a]);
        }
        long visit = visits[state][action]++;
        q[state][action] += gains.innovation(visit) * (average + gamma * best - q[state][action]);
        step++;
        state = next;
    }

    @Override
    public void endEpisode(int episode) {
    }

    @Override
    public void evaluationMode(boolean on) {
        evaluation = on;
    }

    @Override
    public Policy policy() {
        return QdPolicies.greedyAverage(this);
    }

    @Override
    public int numAgents() {
        return agents;
    }

    @Override
    public int numStates() {
        return q.length;
    }

    @Override
    public int numActions() {
        return actions;
    }

    @Override
    public double value(int agent, int stateIndex, int action) {
        return q[stateIndex][action];
    }

    @Override
    public long steps() {
        return step;
    }

    @Override
    public MessageStatistics episodeMessages() {
        return new MessageStatistics(0, 0, Optional.of(0.0), Optional.empty());
    }
}
