package io.dpmarl.algorithms.tabular.qd;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the QD learners (DP-QD-Learning, QD-learning, Center-QD) show their evaluators: each agent's current
 * Q-table and the statistics of the messages of the current episode, including what an outside eavesdropper saw
 * (Qiao et al., Section V.C: the eavesdropper sees every transmitted message and knows the algorithm). Read-only.
 */
public interface QdNetworkView {

    /** Number of agents. */
    int numAgents();

    /** Number of states. */
    int numStates();

    /** Number of actions. */
    int numActions();

    /** Agent i's current {@code Q^i(s, a)} (for Center-QD, the central table for every i). */
    double value(int agent, int state, int action);

    /**
     * The discount gamma of the learners' Q-targets (the learner's parameter {@code gamma}), if the view declares it.
     * An evaluator that compares the tables with the environment's optimal Q-function refuses a declared discount
     * other than the environment's: the tables would then converge to another fixed point.
     */
    default OptionalDouble discount() {
        return OptionalDouble.empty();
    }

    /** Global steps learned so far (every training step of every episode). */
    long steps();

    /** The messages of the current episode so far. */
    MessageStatistics episodeMessages();

    /** The observed agent's last message on pair (s, a) so far, as an eavesdropper saw it (none if never sent). */
    default Optional<Eavesdropped> lastObserved(int state, int action) {
        return Optional.empty();
    }

    /**
     * The messages of one episode: how far the transmitted values were from the true ones, the noise variance the
     * privatizer declared for them, and the last message of the observed agent as an eavesdropper saw it.
     *
     * @param releases            messages sent (one per agent per step)
     * @param sumSquaredError     sum over messages of {@code (Qhat - Q)^2}
     * @param sumDeclaredVariance sum over messages of the declared noise variance {@code 2 nu(t)^2}, if declared
     * @param lastObserved        the observed agent's last message, if any was sent
     */
    record MessageStatistics(long releases, double sumSquaredError, Optional<Double> sumDeclaredVariance,
                             Optional<Eavesdropped> lastObserved) {
    }

    /**
     * One message as an eavesdropper sees it, next to the true value it hides.
     *
     * @param step    the global step t
     * @param agent   the sender
     * @param state   the pair's state
     * @param action  the pair's action
     * @param message the transmitted {@code Qhat^i(s, a)}
     * @param truth   the true {@code Q^i(s, a)} (known to the sender only)
     */
    record Eavesdropped(long step, int agent, int state, int action, double message, double truth) {
    }
}
