package io.dpmarl.core.comm;

/**
 * Capability of an environment that is a networked multi-agent MDP: it carries the communication-graph process
 * {@code G_t} of its tuple (Qiao et al., Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning
 * for Networked Social Systems, Definition 1). Public structure, not an exact model: learners may read it (who
 * can talk to whom), and read it from here so that they and the environment use the same graphs. Ask for it with
 * {@code environment.capability(NetworkedEnvironment.class)}.
 */
public interface NetworkedEnvironment {

    /** The communication graphs over time. */
    GraphProcess communicationGraphs();
}
