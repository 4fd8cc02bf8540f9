package io.dpmarl.algorithms.linear.dpcmarl;

import java.util.random.RandomGenerator;

/**
 * What {@link A2cTeam} needs of one DPC-MARL A2C agent ("Privacy-preserved Fully Decentralized Multi-agent
 * Reinforcement Learning for Networked Social Systems", Section VI.C): acting, storing a rollout, one A2C update,
 * and the parameter vector it exchanges. Two forms: {@link A2cAgent} (separate actor and critic networks, the whole
 * critic exchanged) and {@link SharedTrunkAgent} (one trunk under both heads, the trunk's second layer exchanged).
 * An agent holds its private data (rewards, parameters); only the exchanged vector leaves it, through the learner's
 * privatizer.
 */
interface TeamAgent {
    /** Number of actions. */
    int actionCount();

    /** Samples an action at {@code observation} (inverse CDF of the softmax with one uniform draw). */
    int sample(double[] observation, RandomGenerator random);

    /** The most probable action at {@code observation} (lowest index on ties). */
    int greedy(double[] observation);

    /** Stores step {@code n} of the rollout: observation, the critic's view of the state, own and other actions. */
    void record(int n, double[] observation, double[] criticObservation, int action, int[] jointAction,
                int[] neighbours);

    /** Stores the (scaled) reward of step {@code n}. */
    void reward(int n, double reward);

    /** The critic's value at {@code observation} with the own and the neighbours' next actions. */
    double value(double[] observation, int ownAction, int[] jointAction, int[] neighbours);

    /** One A2C update on the {@code n} stored steps. */
    void update(int n, double gamma, double bootstrap, double entropyWeight);

    /** True while every parameter is finite. */
    boolean finite();

    /** Actor loss of the last update. */
    double lastActorLoss();

    /** Critic loss {@code (1/n) sum (1/2)(R - V)^2} of the last update. */
    double lastCriticLoss();

    /** Length of the exchanged parameter vector. */
    int exchangedCount();

    /** Writes the exchanged parameters into {@code target} from 0. */
    void copyExchangedTo(double[] target);

    /** Sets the exchanged parameters from {@code source} (after consensus). */
    void setExchanged(double[] source);

    /** A copy of the parameters the policy is computed from (never sent as such). */
    double[] policyParameters();
}
