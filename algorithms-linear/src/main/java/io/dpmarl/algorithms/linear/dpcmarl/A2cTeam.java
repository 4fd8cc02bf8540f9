package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import java.util.random.RandomGenerator;

/**
 * The agents of {@link DpcMarlA2c} and what they act on: one {@link A2cAgent} per agent (a local critic, or for
 * {@code critic=global} Algorithm 2's {@code Q(s, a^i, a^{-i})} on the global state; a {@link SharedTrunkAgent}
 * for {@code network=shared-trunk}), each agent's neighbour list,
 * its policy randomness, and the critic inputs of the step being played (each agent's observation, or every agent's
 * observation concatenated in agent order). The agents' data (rewards, parameters) stays here; the team releases
 * nothing itself: only the learner's critic exchange does ("Privacy-preserved Fully Decentralized Multi-agent
 * Reinforcement Learning for Networked Social Systems", Section VI.C).
 */
final class A2cTeam {
    private final TeamAgent[] agents;
    private final double[][] exchanged;
    private final int[][] neighbours;
    private final RandomGenerator[] policyRandom;
    private final double[][] acted;
    private final double[] globalActed;
    private final double[] globalNext;

    /**
     * @param info         the environment's metadata (vector observations, discrete actions)
     * @param graph        the communication graph (the local critics read the neighbours' actions)
     * @param settings     the A2C hyper-parameters
     * @param initialise   per-agent randomness for the initial weights
     * @param policyRandom per-agent randomness for sampling actions
     * @throws IllegalArgumentException if the graph or the streams do not cover the agents, an observation is not a
     *                                  vector, or a global critic meets observations of different widths
     */
    A2cTeam(EnvironmentInfo info, CommunicationGraph graph, A2cSettings settings, RandomGenerator[] initialise,
            RandomGenerator[] policyRandom) {
        int n = info.numAgents();
        if (graph.numAgents() != n || initialise.length != n || policyRandom.length != n) {
            throw new IllegalArgumentException("graph and random streams must cover the " + n + " agents");
        }
        this.agents = new TeamAgent[n];
        this.exchanged = new double[n][];
        this.neighbours = new int[n][];
        int slots = graph.maxDegree();
        int width = info.observationSpaces().get(0) instanceof Space.Box first ? first.low().length : 0;
        for (int i = 0; i < n; i++) {
            if (!(info.observationSpaces().get(i) instanceof Space.Box box)) {
                throw new IllegalArgumentException("dpc-marl needs vector observations, got "
                        + info.observationSpaces().get(i));
            }
            if (settings.globalCritic() && box.low().length != width) {
                throw new IllegalArgumentException("critic=global needs observations of one width, got " + width
                        + " and " + box.low().length);
            }
            if (settings.sharedTrunk()) {
                agents[i] = new SharedTrunkAgent(settings, box.low().length, info.numActions(i), slots,
                        initialise[i]);
            } else {
                agents[i] = settings.globalCritic()
                        ? new A2cAgent(settings, box.low().length, info.numActions(i), slots, initialise[i], i, n)
                        : new A2cAgent(settings, box.low().length, info.numActions(i), slots, initialise[i]);
            }
            exchanged[i] = new double[agents[i].exchangedCount()];
            neighbours[i] = graph.neighbourArray(i);
        }
        this.policyRandom = policyRandom.clone();
        this.acted = new double[n][];
        this.globalActed = settings.globalCritic() ? new double[n * width] : null;
        this.globalNext = settings.globalCritic() ? new double[n * width] : null;
    }

    /** The agents, in agent order (live). */
    TeamAgent[] agents() {
        return agents;
    }

    /**
     * One exchange round: every agent's exchanged vector (the critic, or the shared trunk's second layer) goes
     * through {@code exchange} and the combined vectors are set back.
     */
    void exchange(CriticExchange exchange) {
        for (int i = 0; i < agents.length; i++) {
            agents[i].copyExchangedTo(exchanged[i]);
        }
        exchange.exchange(exchanged);
        for (int i = 0; i < agents.length; i++) {
            agents[i].setExchanged(exchanged[i]);
        }
    }

    /**
     * One action per agent from its own actor (one uniform each, in agent order), or uniformly at random
     * ({@code nextInt}) once training has {@code collapsed}, written into {@code joint} (one entry per agent), which
     * is returned.
     */
    int[] sample(Observation[] observations, boolean collapsed, int[] joint) {
        for (int i = 0; i < agents.length; i++) {
            joint[i] = collapsed ? policyRandom[i].nextInt(agents[i].actionCount())
                    : agents[i].sample(observations[i].features(), policyRandom[i]);
        }
        return joint;
    }

    /** Each agent's most probable action, or action 0 once training has {@code collapsed}; draws nothing. */
    int[] greedy(Observation[] observations, boolean collapsed) {
        int[] joint = new int[agents.length];
        for (int i = 0; i < agents.length; i++) {
            joint[i] = collapsed ? 0 : agents[i].greedy(observations[i].features());
        }
        return joint;
    }

    /** Keeps the observations the step's joint action is taken at, for {@link #record}. */
    void remember(Observation[] observations) {
        for (int i = 0; i < agents.length; i++) {
            acted[i] = observations[i].features();
        }
        if (globalActed != null) {
            concatenate(observations, globalActed);
        }
    }

    /** Stores rollout step {@code position} of every agent: the remembered inputs, the actions, the scaled rewards. */
    void record(int position, int[] jointAction, double[] rewards, double rewardScale) {
        for (int i = 0; i < agents.length; i++) {
            agents[i].record(position, acted[i], globalActed != null ? globalActed : acted[i], jointAction[i],
                    jointAction, neighbours[i]);
            agents[i].reward(position, rewards[i] * rewardScale);
        }
    }

    /**
     * Each agent's critic value at {@code next} with the joint action {@code nextActions}, the bootstrap values,
     * written into {@code values} (one entry per agent).
     */
    void values(Observation[] next, int[] nextActions, double[] values) {
        double[] global = globalNext != null ? concatenate(next, globalNext) : null;
        for (int i = 0; i < agents.length; i++) {
            values[i] = agents[i].value(global != null ? global : next[i].features(), nextActions[i], nextActions,
                    neighbours[i]);
        }
    }

    /** One A2C update of every agent on its {@code steps} stored steps, from its own bootstrap value. */
    void update(int steps, A2cSettings settings, double[] bootstrap) {
        for (int i = 0; i < agents.length; i++) {
            agents[i].update(steps, settings.gamma(), bootstrap[i], settings.entropyWeight());
        }
    }

    /** True while every agent's parameters are finite. */
    boolean finite() {
        for (TeamAgent agent : agents) {
            if (!agent.finite()) {
                return false;
            }
        }
        return true;
    }

    /** The global state: every agent's observation, concatenated in agent order, into {@code target}. */
    private static double[] concatenate(Observation[] observations, double[] target) {
        int width = observations[0].features().length;
        for (int i = 0; i < observations.length; i++) {
            System.arraycopy(observations[i].features(), 0, target, i * width, width);
        }
        return target;
    }
}
