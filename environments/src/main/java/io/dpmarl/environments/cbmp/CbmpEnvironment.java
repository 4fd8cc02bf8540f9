package io.dpmarl.environments.cbmp;

import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.comm.NetworkedEnvironment;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.DiscountedTabularModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The CBMP networked MDP (Qiao et al., Section VI.A) as a continuing {@link Environment}: N citizens observe the
 * global state, all apply one common action (the joint action must have the same entry for every agent: the
 * paper's transition table has 8 entries, one per (s, a, s'), and its Q-tables are 2 x 2; with
 * {@link ActionRule#MAJORITY} the majority action is applied instead, ties going to agent 0's), and each receives a
 * private Gaussian reward. Episodes never end by themselves (horizon {@link Integer#MAX_VALUE}): run it on a step
 * schedule with a step limit. {@link #reset(long)} seeds transitions and rewards and draws {@code s_0} uniformly
 * (the default, which keeps the reset contract: the same seed gives the same episode). Optionally a reset after the
 * first continues the chain from the current state, so that episodes are only reporting windows of one continuing
 * run; that mode departs from the reset contract (an episode then also depends on the state the previous one ended
 * in). Either way the learner's updates use only sampled transitions, never the jump of a reset.
 *
 * <p>Capabilities: {@link NetworkedEnvironment} (the communication-graph process, public, for learners) and
 * {@link DiscountedTabularModel} (the exact model, for evaluators only).
 */
public final class CbmpEnvironment implements Environment, NetworkedEnvironment {
    /** How the agents' actions become the one applied action. */
    public enum ActionRule {
        /** Every agent must play the same action (the paper's setting). */
        COMMON,
        /** The action most agents play is applied (ties: agent 0's action). */
        MAJORITY
    }

    private final CbmpModel model;
    private final ActionRule actionRule;
    private final boolean continueChain;
    private final GraphProcess graphs;
    private final EnvironmentInfo info;
    private final Observation[][] observationsByState;
    private SplittableRandom random;
    private int state = -1;

    /** An environment over {@code model} whose agents communicate over {@code graphs}. */
    public CbmpEnvironment(CbmpModel model, GraphProcess graphs, String name) {
        this(model, graphs, ActionRule.COMMON, false, name);
    }

    /** An environment over {@code model} with the given action rule, redrawing the state at every reset. */
    public CbmpEnvironment(CbmpModel model, GraphProcess graphs, ActionRule actionRule, String name) {
        this(model, graphs, actionRule, false, name);
    }

    /**
     * An environment over {@code model}.
     *
     * @param continueChain whether a reset after the first keeps the current state (true) or redraws it uniformly
     */
    public CbmpEnvironment(CbmpModel model, GraphProcess graphs, ActionRule actionRule, boolean continueChain,
                           String name) {
        this.continueChain = continueChain;
        this.actionRule = java.util.Objects.requireNonNull(actionRule, "actionRule");
        if (graphs.numAgents() != model.numAgents()) {
            throw new IllegalArgumentException("the graph process must have " + model.numAgents() + " agents, got "
                    + graphs.numAgents());
        }
        this.model = model;
        this.graphs = graphs;
        int agents = model.numAgents();
        List<Space> observations = new ArrayList<>(Collections.nCopies(agents, new Space.Discrete(CbmpModel.STATES)));
        List<Space.Discrete> actions = new ArrayList<>(Collections.nCopies(agents,
                new Space.Discrete(CbmpModel.ACTIONS)));
        GameType type = new GameType(GameType.Dynamics.SIMULTANEOUS, GameType.Utility.COOPERATIVE,
                GameType.HorizonKind.CONTINUING);
        this.info = new EnvironmentInfo(name, agents, observations, actions, Integer.MAX_VALUE, type);
        this.observationsByState = new Observation[CbmpModel.STATES][agents];
        for (int s = 0; s < CbmpModel.STATES; s++) {
            Arrays.fill(observationsByState[s], Observation.discrete(s));
        }
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    @Override
    public GraphProcess communicationGraphs() {
        return graphs;
    }

    /** The current state, or -1 before the first reset. */
    public int state() {
        return state;
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) {
        if (type == DiscountedTabularModel.class || type == CbmpModel.class) {
            return Optional.of(type.cast(model));
        }
        return Environment.super.capability(type);
    }

    @Override
    public Observation[] reset(long seed) {
        random = new SplittableRandom(seed);
        int uniform = random.nextInt(CbmpModel.STATES);
        state = continueChain && state >= 0 ? state : uniform;
        return observationsByState[state].clone();
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (state < 0) {
            throw new IllegalStateException("reset must be called before step");
        }
        int agents = model.numAgents();
        if (jointAction.length != agents) {
            throw new IllegalArgumentException("joint action must have one entry per agent (" + agents + "), got "
                    + jointAction.length);
        }
        int ones = 0;
        for (int agent = 0; agent < agents; agent++) {
            if (jointAction[agent] < 0 || jointAction[agent] >= CbmpModel.ACTIONS) {
                throw new IllegalArgumentException("action of agent " + agent + " must be in [0, 1], got "
                        + jointAction[agent]);
            }
            ones += jointAction[agent];
        }
        int action = jointAction[0];
        if (actionRule == ActionRule.MAJORITY) {
            action = 2 * ones > agents ? 1 : 2 * ones < agents ? 0 : jointAction[0];
        }
        for (int agent = 1; agent < agents && actionRule == ActionRule.COMMON; agent++) {
            if (jointAction[agent] != action) {
                throw new IllegalArgumentException("CBMP applies one common action: agent " + agent + " must play "
                        + action + " like agent 0, got " + jointAction[agent]);
            }
        }
        int next = model.sampleNext(state, action, random);
        double[] rewards = new double[agents];
        model.sampleRewards(state, action, random, rewards);
        state = next;
        return new StepResult(observationsByState[next].clone(), rewards, false, false, Map.of());
    }
}
