package io.dpmarl.environments.network;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.model.RewardRange;
import io.dpmarl.core.model.TabularModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The network MDP of "Local differential privacy preserving mechanisms for multi-agent reinforcement learning"
 * (Section 8, Appendix F): n agents walk a line network {@code s_in -> 1 -> ... -> q -> g}; the global state is every
 * agent's node (all agents observe it); agent i picks {@code a^i in {-1,+1}^(d-1)} (action index in binary, first
 * component most significant, bit 1 = +1); the kernel is linear in the features, and each agent's reward depends on
 * its own node. Every episode starts with all agents at s_in and lasts H steps; "all at g" is absorbing.
 *
 * <p>Capabilities: {@link LinearMixtureFeatures} (public structure for learners, the fixed-parameter features of
 * {@link NetworkFeatures}), {@link RewardRange} (public: the smallest and largest of the three node rewards, which
 * {@code ma-ldp} checks against the [0, 1] its analysis assumes) and {@link TabularModel} (the exact model
 * {@link NetworkModel}, for evaluators and planners only). The constructor refuses parameters that do not give a
 * valid kernel. Transition sampling uses a generator seeded by {@link #reset(long)}. No privacy guarantee: an
 * environment releases nothing.
 */
public final class NetworkMdp implements Environment {
    private final NetworkMdpConfig config;
    private final NetworkFeatures features;
    private final NetworkModel model;
    private final EnvironmentInfo info;
    private final RewardRange rewardRange;
    private final int[] nodeOfAgentCache;
    private final StateCodec codec;
    private final Observation[] observationOf;
    private SplittableRandom random;
    private int state;
    private int stage = -1;

    /**
     * An MDP whose {@link RewardRange} names the configured node rewards as its origin.
     *
     * @throws IllegalArgumentException if the kernel has a negative entry or a row that does not sum to 1
     */
    public NetworkMdp(NetworkMdpConfig config, String name) {
        this(config, name, "its node rewards are " + config.rewardStart() + " at s_in, " + config.rewardMiddle()
                + " at nodes 1..q and " + config.rewardGoal() + " at g");
    }

    /**
     * @param config       the parameters
     * @param name         the plugin spec with its parameters (for {@link EnvironmentInfo#name()})
     * @param rewardOrigin what fixes the rewards, in the plugin's terms, for the {@link RewardRange} capability
     *                     (quoted by a learner that refuses the range)
     * @throws IllegalArgumentException if the kernel has a negative entry or a row that does not sum to 1, or the
     *                                  origin is blank
     */
    public NetworkMdp(NetworkMdpConfig config, String name, String rewardOrigin) {
        this.config = config;
        this.rewardRange = new RewardRange(
                Math.min(config.rewardStart(), Math.min(config.rewardMiddle(), config.rewardGoal())),
                Math.max(config.rewardStart(), Math.max(config.rewardMiddle(), config.rewardGoal())), rewardOrigin);
        this.codec = new StateCodec(config.agents(), config.nodes());
        this.features = new NetworkFeatures(config, codec);
        this.model = new NetworkModel(config, codec, features);
        int states = codec.numStates();
        List<Space> observations = new ArrayList<>(Collections.nCopies(config.agents(), new Space.Discrete(states)));
        List<Space.Discrete> actions = new ArrayList<>(Collections.nCopies(config.agents(),
                new Space.Discrete(1 << config.bitsPerAgent())));
        this.info = new EnvironmentInfo(name, config.agents(), observations, actions, config.horizon(),
                GameType.finite(GameType.Utility.COOPERATIVE));
        this.nodeOfAgentCache = new int[states * config.agents()];
        this.observationOf = new Observation[states];
        for (int s = 0; s < states; s++) {
            System.arraycopy(codec.decode(s), 0, nodeOfAgentCache, s * config.agents(), config.agents());
            observationOf[s] = Observation.discrete(s);
        }
    }

    /** The features (also the {@link LinearMixtureFeatures} capability). */
    public NetworkFeatures features() {
        return features;
    }

    /** The exact model (also the {@link TabularModel} capability). */
    public NetworkModel model() {
        return model;
    }

    /** The parameters. */
    public NetworkMdpConfig config() {
        return config;
    }

    /**
     * The per-step reward range (also the {@link RewardRange} capability): from the smallest to the largest of the
     * rewards at s_in, at the intermediate nodes and at g, each of which an agent receives on its own node.
     */
    public RewardRange rewardRange() {
        return rewardRange;
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) {
        if (type.isInstance(features)) {
            return Optional.of(type.cast(features));
        }
        if (type.isInstance(model)) {
            return Optional.of(type.cast(model));
        }
        if (type.isInstance(rewardRange)) {
            return Optional.of(type.cast(rewardRange));
        }
        return Optional.empty();
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    @Override
    public Observation[] reset(long seed) {
        random = new SplittableRandom(seed);
        state = 0;
        stage = 0;
        return observations();
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (stage < 0 || stage >= config.horizon()) {
            throw new IllegalStateException("network-mdp: step called " + (stage < 0 ? "before reset"
                    : "after the episode ended"));
        }
        int agents = config.agents();
        if (jointAction == null || jointAction.length != agents) {
            throw new IllegalArgumentException("joint action must have " + agents + " entries, got "
                    + (jointAction == null ? "null" : jointAction.length));
        }
        int perAgent = 1 << config.bitsPerAgent();
        int index = 0;
        for (int i = 0; i < agents; i++) {
            if (jointAction[i] < 0 || jointAction[i] >= perAgent) {
                throw new IllegalArgumentException("action of agent " + i + " must be in [0, " + (perAgent - 1)
                        + "], got " + jointAction[i]);
            }
            index = index * perAgent + jointAction[i];
        }
        double[] rewards = new double[agents];
        for (int i = 0; i < agents; i++) {
            rewards[i] = model.nodeReward(nodeOfAgentCache[state * agents + i]);
        }
        double[] probabilities = model.successorProbabilities(state, index);
        int[] next = features.successors(state);
        state = next[successorIndex(probabilities, random.nextDouble())];
        stage++;
        return new StepResult(observations(), rewards, false, stage >= config.horizon(), Map.of());
    }

    /**
     * Inverse-CDF draw: the first successor index {@code k} with {@code u < P_0 + ... + P_k}; when round-off leaves
     * the row's sum at or below {@code u}, the last successor of positive probability (index 0 if none).
     */
    static int successorIndex(double[] probabilities, double u) {
        int chosen = probabilities.length - 1;
        while (chosen > 0 && probabilities[chosen] == 0.0) {
            chosen--;
        }
        double cumulative = 0;
        for (int k = 0; k < probabilities.length; k++) {
            cumulative += probabilities[k];
            if (u < cumulative) {
                chosen = k;
                break;
            }
        }
        return chosen;
    }

    private Observation[] observations() {
        Observation[] out = new Observation[config.agents()];
        java.util.Arrays.fill(out, observationOf[state]);
        return out;
    }
}
