package io.dpmarl.environments.fedtd;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.FederatedCostOracle;
import io.dpmarl.core.model.FederatedStructure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The federated Markov cost process of paper 003 as a core {@link Environment}: one continuing trajectory of
 * the shared global state, N agents with a single action each ({@code Space.Discrete(1)}: the fixed policies of
 * the paper are folded into P, so this is policy evaluation), every agent observing the global state.
 *
 * <p><b>Sign:</b> {@link StepResult#rewards()}[i] is agent i's instantaneous <em>cost</em> r_t^i (in [0, R])
 * exactly as the paper uses it (positive, to be evaluated, not maximised); it is not negated. The entry is
 * private to agent i. {@code info} is empty. The episode never terminates or truncates (horizon
 * {@link Integer#MAX_VALUE}).
 *
 * <p>Randomness: {@link #reset(long)} seeds the trajectory (initial state s_0 ~ Uniform(S), transitions and cost
 * noise); the model itself is fixed at construction. With {@code continueChain} (plugin {@code restart=continue})
 * only the first reset does so: a later reset ignores its seed and keeps the current state and the random stream,
 * so the episodes are reporting windows of the one continuing chain the paper runs (N episodes of L steps are
 * exactly one episode of N L steps). That mode departs from the reset contract (an episode then depends on where
 * the previous one ended, not on its seed alone). The exact model is offered as the capability
 * {@link FederatedCostModel} for oracles; learners must use only the public features from it.
 */
public final class FederatedCostChainEnvironment implements Environment {
    private final FederatedCostModel model;
    private final EnvironmentInfo info;
    private final Observation[] observationsByState;
    private final FederatedCostOracle oracle;
    private final boolean continueChain;
    private SplittableRandom random;
    private int state = -1;

    /** An environment over the given model whose every reset draws a fresh s_0 (the reset contract). */
    public FederatedCostChainEnvironment(FederatedCostModel model, String name) {
        this(model, name, false);
    }

    /**
     * An environment over the given model.
     *
     * @param continueChain whether a reset after the first keeps the current state and random stream (true: one
     *                      continuing chain) or reseeds and draws s_0 uniformly (false)
     */
    public FederatedCostChainEnvironment(FederatedCostModel model, String name, boolean continueChain) {
        this.model = model;
        this.continueChain = continueChain;
        this.oracle = new CostChainOracle(model);
        int agents = model.numAgents();
        List<Space> observations = new ArrayList<>(Collections.nCopies(agents, new Space.Discrete(model.numStates())));
        List<Space.Discrete> actions = new ArrayList<>(Collections.nCopies(agents, new Space.Discrete(1)));
        GameType type = new GameType(GameType.Dynamics.SIMULTANEOUS, GameType.Utility.COOPERATIVE,
                GameType.HorizonKind.CONTINUING);
        this.info = new EnvironmentInfo(name, agents, observations, actions, Integer.MAX_VALUE, type);
        this.observationsByState = new Observation[model.numStates()];
        for (int s = 0; s < observationsByState.length; s++) {
            observationsByState[s] = Observation.discrete(s);
        }
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    /** The exact model (capability for oracles and for the public features). */
    public FederatedCostModel model() {
        return model;
    }

    /** The current global state, or -1 before the first reset. */
    public int state() {
        return state;
    }

    /**
     * Offers {@link FederatedStructure} (the public features, uniform weights and the declared cost bound R, for
     * learners), and {@link FederatedCostOracle}, {@link FeatureMatrix} and {@link FederatedCostModel} (the exact
     * model including the private mean costs, for oracles and evaluators only).
     */
    @Override
    public <C> java.util.Optional<C> capability(Class<C> type) {
        if (type == FederatedStructure.class) {
            return java.util.Optional.of(type.cast(new FederatedStructure(model.features(),
                    AggregationWeights.uniform(model.numAgents()), model.costBound())));
        }
        if (type == FederatedCostOracle.class) {
            return java.util.Optional.of(type.cast(oracle));
        }
        if (type == FeatureMatrix.class) {
            return java.util.Optional.of(type.cast(model.features()));
        }
        if (type == FederatedCostModel.class) {
            return java.util.Optional.of(type.cast(model));
        }
        return Environment.super.capability(type);
    }

    /** Whether a reset after the first continues the chain ({@code restart=continue}). */
    public boolean continuesChain() {
        return continueChain;
    }

    @Override
    public Observation[] reset(long seed) {
        if (continueChain && state >= 0) {
            return observe(state);
        }
        random = new SplittableRandom(seed);
        state = random.nextInt(model.numStates());
        return observe(state);
    }

    private Observation[] observe(int current) {
        Observation[] observations = new Observation[model.numAgents()];
        java.util.Arrays.fill(observations, observationsByState[current]);
        return observations;
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (state < 0) {
            throw new IllegalStateException("reset must be called before step");
        }
        if (jointAction.length != model.numAgents()) {
            throw new IllegalArgumentException("joint action must have one entry per agent (" + model.numAgents()
                    + "), got " + jointAction.length);
        }
        for (int agent = 0; agent < jointAction.length; agent++) {
            if (jointAction[agent] != 0) {
                throw new IllegalArgumentException("action of agent " + agent + " must be in [0, 0], got "
                        + jointAction[agent]);
            }
        }
        int next = model.sampleNext(state, random);
        double[] costs = new double[model.numAgents()];
        model.sampleCosts(state, next, random, costs);
        state = next;
        return new StepResult(observe(next), costs, false, false, Map.of());
    }
}
