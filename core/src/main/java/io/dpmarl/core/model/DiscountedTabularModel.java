package io.dpmarl.core.model;

/**
 * The exact model of a continuing, discounted, tabular networked MDP in which every agent applies one common
 * action (a remotely controlled behaviour, as in the Central Bank Monetary Policy example of Qiao et al.,
 * Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for Networked Social Systems,
 * Section VI.A): a transition kernel {@code P(s' | s, a)}, a discount {@code gamma} and each agent's private mean
 * reward {@code mu_i(s, a)}. The learning target of the network is the optimal Q-function of the network-average
 * reward ({@link DiscountedValueIteration#optimalQ}).
 *
 * <p>A capability for evaluators and oracles; learners never read it. Unlike {@link TabularModel} there are no
 * stages and no horizon.
 */
public interface DiscountedTabularModel extends ExactModel {

    /** Number of agents N. */
    int numAgents();

    /** Number of states S. */
    int numStates();

    /** Number of (common) actions A. */
    int numActions();

    /** The discount factor gamma in [0, 1). */
    double discount();

    /** {@code P(. | s, a)} as a length-S distribution; callers must not modify it. */
    double[] transition(int state, int action);

    /** Agent i's mean reward {@code mu_i(s, a)}. */
    double meanReward(int agent, int state, int action);

    /** The network-average mean reward {@code (1/N) sum_i mu_i(s, a)}. */
    default double averageMeanReward(int state, int action) {
        double sum = 0;
        for (int agent = 0; agent < numAgents(); agent++) {
            sum += meanReward(agent, state, action);
        }
        return sum / numAgents();
    }
}
