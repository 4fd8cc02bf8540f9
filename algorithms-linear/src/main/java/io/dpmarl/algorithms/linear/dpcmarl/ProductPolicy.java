package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.game.Policy;

/**
 * The joint policy of independent softmax actors: the product of the agents' greedy (evaluation) choices as a
 * point mass. Reads the actors only; no privacy role.
 */
final class ProductPolicy implements Policy {
    private final TeamAgent[] agents;

    ProductPolicy(TeamAgent[] agents) {
        this.agents = agents;
    }

    @Override
    public double[] jointDistribution(int stage, Observation[] observations) {
        int[] sizes = new int[agents.length];
        int[] joint = new int[agents.length];
        for (int i = 0; i < agents.length; i++) {
            sizes[i] = agents[i].actionCount();
            joint[i] = agents[i].greedy(observations[i].features());
        }
        JointActions actions = new JointActions(sizes);
        double[] distribution = new double[actions.size()];
        distribution[actions.encode(joint)] = 1;
        return distribution;
    }

    @Override
    public double[] marginal(int agent, int stage, Observation[] observations) {
        double[] distribution = new double[agents[agent].actionCount()];
        distribution[agents[agent].greedy(observations[agent].features())] = 1;
        return distribution;
    }
}
