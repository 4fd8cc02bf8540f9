package io.dpmarl.planning.execution;

import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryMechanism;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryPrivatizer;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * Decentralised execution with private communication (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", Algorithm 2): at every step each agent broadcasts a private copy of its local state, released by the
 * symbolic-trajectory privatizer; agent {@code i} acts on its own true state and the others' private states, which
 * it treats as the truth, with its local policy; the episode ends when the TRUE joint state is absorbing or after
 * {@code maxSteps} steps (a failure).
 *
 * <p>Privacy: each agent's whole trajectory is one up-front release stream, charged {@code pure(epsilon)} once to
 * {@code user(episode)/agent(i)} when the episode starts: epsilon-word-DP per agent and per trajectory for Hamming-k
 * adjacency (Lemma 1). By default the public initial state is not released (the paper's Algorithm 2);
 * {@code privatizeInitialState} releases it too, as the authors' code does. Environment and action randomness comes
 * from a {@link SplittableRandom}; privacy noise only from the {@link NoiseSource}.
 *
 * <p>Lemma 1 is for a fixed word; here each agent's path reacts to the others' releases. The charge is sound by the
 * chain rule over steps: the kernel is a product of local kernels, and agent j's action reads only its own true state
 * and the others' releases. Agent i's releases are then the only factor of the likelihood of the releases that
 * involves agent i's path, so paths that differ in at most k positions along every history give a ratio of at most
 * {@code e^epsilon}. The end of the episode (the true joint state absorbing) and its {@link Episode#success()} are
 * not privatized: the guarantee covers neighbouring paths that leave the end unchanged, and the end is public (the
 * planning README has the argument and the counterexample), whereas the paper assumes (Section 3) that the agents do
 * not observe whether the reach-avoid specification is met, and its Algorithm 2 has no end.
 */
public final class PrivateExecution {
    private final FactoredModel game;
    private final LocalPolicies policies;
    private final List<SymbolicTrajectoryPrivatizer> privatizers = new ArrayList<>();
    private final int maxSteps;
    private final boolean privatizeInitialState;

    /**
     * Execution of {@code policies} on {@code game} at word-DP level {@code epsilon} with adjacency {@code k}; the
     * feasibility graph of each agent is read from its local kernel.
     */
    public PrivateExecution(FactoredModel game, LocalPolicies policies, double epsilon, int adjacency, int maxSteps,
                            boolean privatizeInitialState) {
        this.game = game;
        this.policies = policies;
        requireStepLevel("private execution", epsilon, adjacency);
        this.maxSteps = Checks.atLeast("max steps", maxSteps, 1);
        this.privatizeInitialState = privatizeInitialState;
        int[] initial = game.decode(game.initialState());
        for (int i = 0; i < game.numAgents(); i++) {
            privatizers.add(new SymbolicTrajectoryPrivatizer(new SymbolicTrajectoryMechanism(graph(game, i), epsilon,
                    adjacency), initial[i]));
        }
    }

    /**
     * Checks the word-DP level {@code epsilon} in (0, inf) and the adjacency {@code k >= 1}, and refuses an
     * {@code epsilon / k} that rounds to 0: each step's exact randomized response (Algorithm 1 at level
     * {@code epsilon / k}) needs a positive level. {@code owner} names the plugin or class in the message.
     */
    public static void requireStepLevel(String owner, double epsilon, int adjacency) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.atLeast("k", adjacency, 1);
        if (!(epsilon / adjacency > 0)) {
            throw new IllegalArgumentException(owner + ": epsilon / k (the level of each step's exact randomized "
                    + "response) must be at least " + Double.MIN_VALUE + " (the smallest positive double: it rounds to"
                    + " 0 below); got epsilon=" + epsilon + ", k=" + adjacency);
        }
    }

    /** The feasibility graph of agent {@code agent}'s local kernel. */
    public static FeasibilityGraph graph(FactoredModel game, int agent) {
        int states = game.localStates(agent);
        double[][][] kernel = new double[states][game.localActions(agent)][states];
        for (int s = 0; s < states; s++) {
            for (int a = 0; a < game.localActions(agent); a++) {
                for (int y = 0; y < states; y++) {
                    kernel[s][a][y] = game.localTransition(agent, s, a, y);
                }
            }
        }
        return FeasibilityGraph.fromKernel(kernel);
    }

    /** The outcome of one episode: success, number of steps, and the released local trajectories. */
    public record Episode(boolean success, int steps, List<int[]> released, List<int[]> truth) {
    }

    /** One episode, charged to {@code user(episode)/agent(i)} in {@code ledger}. */
    public Episode run(long episode, PrivacyLedger ledger, NoiseSource noise, SplittableRandom random) {
        int agents = game.numAgents();
        int[] state = game.decode(game.initialState());
        int[] reported = state.clone();
        ReleaseStream[] streams = new ReleaseStream[agents];
        List<int[]> released = new ArrayList<>();
        List<int[]> truth = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
            streams[i] = privatizers.get(i).openStream(new StreamRequest(ledger,
                    LedgerKey.user(episode).child("agent", i), noise, "private-execution",
                    OptionalLong.of(maxSteps + 1L)).withShape(StreamRequest.Shape.category(game.localStates(i))));
            if (privatizeInitialState) {
                reported[i] = release(streams[i], i, state[i]);
            }
        }
        int steps = 0;
        truth.add(state.clone());
        released.add(reported.clone());
        int joint = game.encode(state);
        while (!game.isAbsorbing(joint) && steps < maxSteps) {
            int[] actions = new int[agents];
            for (int i = 0; i < agents; i++) {
                int own = reported[i];
                reported[i] = state[i];
                actions[i] = policies.sample(i, game.encode(reported), random.nextDouble());
                reported[i] = own;
            }
            for (int i = 0; i < agents; i++) {
                state[i] = successor(game, i, state[i], actions[i], random.nextDouble());
            }
            joint = game.encode(state);
            steps++;
            for (int i = 0; i < agents; i++) {
                reported[i] = release(streams[i], i, state[i]);
            }
            truth.add(state.clone());
            released.add(reported.clone());
        }
        return new Episode(game.isTarget(joint), steps, released, truth);
    }

    private int release(ReleaseStream stream, int agent, int trueState) {
        return ((Statistic.Category) stream.release(new Statistic.Category(trueState, game.localStates(agent))))
                .value();
    }

    /**
     * Agent {@code agent}'s next local state from {@code s} under {@code a} for a uniform draw {@code u} in [0, 1), by
     * inverse CDF over the successors of positive probability: the first whose cumulative probability exceeds
     * {@code u}, the last of them if rounding leaves none.
     */
    static int successor(FactoredModel game, int agent, int s, int a, double u) {
        double cumulative = 0;
        int last = s;
        for (int y = 0; y < game.localStates(agent); y++) {
            double p = game.localTransition(agent, s, a, y);
            if (p > 0) {
                cumulative += p;
                last = y;
                if (u < cumulative) {
                    return y;
                }
            }
        }
        return last;
    }

    /**
     * The Monte Carlo success probability over {@code episodes} independent episodes with a Wilson confidence
     * interval at level {@code 1 - alpha} (two-sided).
     */
    public SuccessEstimate estimate(int episodes, double alpha, PrivacyLedger ledger, NoiseSource noise,
                                    SplittableRandom random) {
        return estimate(0, episodes, alpha, ledger, noise, random);
    }

    /**
     * As {@link #estimate(int, double, PrivacyLedger, NoiseSource, SplittableRandom)}, episodes numbered from
     * {@code first}.
     */
    public SuccessEstimate estimate(long first, int episodes, double alpha, PrivacyLedger ledger, NoiseSource noise,
                                    SplittableRandom random) {
        Checks.atLeast("episodes", episodes, 1);
        int successes = 0;
        for (int e = 0; e < episodes; e++) {
            successes += run(first + e, ledger, noise, random).success() ? 1 : 0;
        }
        return SuccessEstimate.of(successes, episodes, alpha);
    }
}
