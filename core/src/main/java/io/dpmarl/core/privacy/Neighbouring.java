package io.dpmarl.core.privacy;

import java.util.Locale;

/**
 * The neighbouring relation a privacy guarantee is stated under: which two inputs must be
 * indistinguishable. The relations of multi-agent RL go beyond the record relation of classic DP
 * libraries.
 *
 * <p>What is protected depends on what is composed. A release's guarantee ({@link Privatizer#guarantee()}) is for one
 * pair of inputs neighbouring under the relation, as they enter that one release. A ledger key's figure (the epsilon
 * of {@link PrivacyLedger#epsilon}, {@code privacy.csv}, the report) composes every release charged to that key, so
 * the unit it protects is everything released under the key: under {@code agent/i}, all of agent i's releases over
 * the run (every message under {@link #MESSAGE}, every reward release under {@link #RECORD} when a learner charges
 * each of agent i's rewards to {@code agent/i}), not one record or one message. {@code dpmarl list} and the run report
 * show each privatizer's relation with its {@link #description()}.
 */
public enum Neighbouring {
    /** Two datasets differ in one record (replace-one). */
    RECORD("datasets differing in one record"),
    /** Two inputs differ in one trajectory (one episode of one agent). */
    TRAJECTORY("inputs differing in one trajectory"),
    /** Two user sequences differ in one user, that is one whole episode (DP-Nash-VI, MA-LDP). */
    USER("user sequences differing in one user's episode"),
    /** Two runs differ in all the data of one agent (per-agent privacy). */
    AGENT("runs differing in one agent's data"),
    /**
     * Two runs differ in one agent's reward (cost) at one time step: event level. This is the relation of federated
     * TD's master noise ({@code FederatedNoisePrivatizer}, from the paper "Differentially private federated temporal
     * difference learning", Lemma 7): one worker's cost at one step changes, and its effect on every later
     * broadcast is in the whole-run sensitivity. It is NOT the function-level relation (one agent's whole reward or
     * cost function, at every step) that the paper's phrase "privacy of the reward function" suggests; no built-in
     * privatizer claims that one. The generic privatizers' {@code neighbouring=agent-reward} only labels their
     * guarantee: it means this event-level relation when the declared sensitivity bounds the change of one reward
     * (cost) at one step.
     */
    AGENT_REWARD("runs differing in one agent's reward or cost at one time step (event level)"),
    /**
     * Two runs differ in the messages of one sender, each transmitted value at most the sensitivity apart (message
     * adjacency; DP-QD-Learning's {@code dp-qd-laplace}: the paper's Q-value adjacency, Definition 2 of "Privacy-
     * preserved Fully Decentralized Multi-agent Reinforcement Learning for Networked Social Systems"). One release
     * covers its one message; DP-QD-Learning's key {@code agent/i} composes all of agent i's messages (see the type's
     * comment). It is not agent-level privacy ({@link #AGENT}): the data behind the messages (an agent's rewards) may
     * move them further apart than the sensitivity.
     */
    MESSAGE("runs differing in one sender's messages, each at most the sensitivity apart"),
    /** Two symbolic state trajectories within a bounded distance (word-DP, cooperative planning). */
    SYMBOLIC_TRAJECTORY("symbolic state trajectories at bounded Hamming distance");

    private final String description;

    Neighbouring(String description) {
        this.description = description;
    }

    /** What two neighbouring inputs are. */
    public String description() {
        return description;
    }

    /**
     * The relation's label, as privatizer parameters, {@code dpmarl list} and the run report spell it: its name in
     * lower case with hyphens ({@code agent-reward} for {@link #AGENT_REWARD}).
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
