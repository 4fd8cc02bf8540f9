package io.dpmarl.algorithms.tabular.qd;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;

/**
 * Center-QD, the centralized baseline of Qiao et al. (Section VI.C, with the misplaced parenthesis of its equation
 * corrected): one table learned by ordinary Q-learning on the network-average reward,
 * {@code Q(s,a) <- Q(s,a) + alpha(k) ((1/N) sum_i r_i + gamma max_a' Q(s',a') - Q(s,a))}, with the same innovation
 * gains, discount and behaviour actions (stream {@code qd/behaviour}) as the decentralized learners. It collects
 * every agent's reward, so it is not private and sends no messages; every agent "holds" the central table.
 */
public final class CenterQdLearner extends QdTeamLearner {
    private final double[][] q;
    private final long[][] visits;
    private final GainSchedule gains;
    private final double gamma;

    /** A Center-QD learner for {@code agents} reward sources. */
    public CenterQdLearner(int agents, int states, int actions, GainSchedule gains, double gamma,
                           RandomGenerator behaviour) {
        super(agents, actions, behaviour);
        this.gamma = requireDiscount(gamma);
        this.q = new double[states][actions];
        this.visits = new long[states][actions];
        this.gains = gains;
    }

    @Override
    protected void learn(int state, int action, int next, double[] rewards) {
        double average = 0;
        for (double reward : rewards) {
            average += reward;
        }
        average /= numAgents();
        double best = q[next][0];
        for (int a = 1; a < numActions(); a++) {
            best = Math.max(best, q[next][a]);
        }
        long visit = visits[state][action]++;
        q[state][action] += gains.innovation(visit) * (average + gamma * best - q[state][action]);
    }

    @Override
    public void endEpisode(int episode) {
    }

    @Override
    public int numStates() {
        return q.length;
    }

    @Override
    public double value(int agent, int stateIndex, int action) {
        return q[stateIndex][action];
    }

    @Override
    public OptionalDouble discount() {
        return OptionalDouble.of(gamma);
    }

    @Override
    public MessageStatistics episodeMessages() {
        return new MessageStatistics(0, 0, Optional.of(0.0), Optional.empty());
    }
}
