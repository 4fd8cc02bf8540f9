package io.dpmarl.mechanisms.trajectory;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Objects;

/**
 * The online mechanism for symbolic state trajectories of Chen et al., "Differential Privacy in Cooperative
 * Multiagent Planning" (Algorithm 1, Lemma 1): given the previous released state {@code p} and the true current
 * state {@code s}, release a state of {@code F(p)}. If {@code s} is feasible from {@code p} it is released with
 * probability {@code tau(p) = 1 / ((rho(p) - 1) e^(-epsilon/k) + 1)} and each other feasible state with
 * {@code (1 - tau(p)) / (rho(p) - 1)}; otherwise the release is uniform over {@code F(p)}.
 *
 * <p>Privacy: for a fixed previous release, the likelihood ratio of any output under two true states is at most
 * {@code e^(epsilon/k)}, and the support {@code F(p)} does not depend on the truth, so a whole released trajectory
 * of any length is epsilon-word-DP for trajectories at Hamming distance at most {@code k} (Lemma 1). Every release
 * is dynamically feasible from the previous one. Sampling is exact: randomized response on {@code F(p)} at level
 * {@code epsilon / k} ({@link Samplers#randomizedResponse}) or a uniform draw ({@link Samplers#uniformBelow}).
 */
public final class SymbolicTrajectoryMechanism {
    private final FeasibilityGraph graph;
    private final double epsilon;
    private final int adjacency;

    /**
     * The mechanism of {@code graph} at word-DP level {@code epsilon} in (0, inf) for adjacency {@code k >= 1}.
     */
    public SymbolicTrajectoryMechanism(FeasibilityGraph graph, double epsilon, int adjacency) {
        this.graph = Objects.requireNonNull(graph, "graph");
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.adjacency = Checks.atLeast("k", adjacency, 1);
    }

    /** The feasibility graph. */
    public FeasibilityGraph graph() {
        return graph;
    }

    /** The word-DP level epsilon. */
    public double epsilon() {
        return epsilon;
    }

    /** The adjacency parameter k (Hamming distance). */
    public int adjacency() {
        return adjacency;
    }

    /** {@code tau(rho) = 1 / ((rho - 1) e^(-epsilon/k) + 1)}, the probability of the true transition (Lemma 1). */
    public static double tau(int outDegree, double epsilon, int adjacency) {
        return 1 / ((outDegree - 1) * Math.exp(-epsilon / adjacency) + 1);
    }

    /** The probability {@code tau(p)} of releasing the true state when it is feasible from {@code p}. */
    public double tau(int p) {
        return tau(graph.outDegree(p), epsilon, adjacency);
    }

    /** {@code mu(out | trueState, previous)} of Algorithm 1. */
    public double probability(int out, int trueState, int previous) {
        checkState("out", out);
        checkState("true state", trueState);
        checkState("previous", previous);
        if (!graph.isFeasible(previous, out)) {
            return 0;
        }
        int rho = graph.outDegree(previous);
        boolean feasible = graph.isFeasible(previous, trueState);
        if (!feasible) {
            return 1.0 / rho;
        }
        double tau = tau(previous);
        return out == trueState ? tau : (1 - tau) / (rho - 1);
    }

    /** Draws {@code mu(. | trueState, previous)} exactly from {@code noise}. */
    public int sample(NoiseSource noise, int trueState, int previous) {
        checkState("true state", trueState);
        checkState("previous", previous);
        int[] successors = graph.successors()[previous];
        int rho = successors.length;
        if (rho == 1) {
            return successors[0];
        }
        int position = graph.indexOf(previous, trueState);
        if (position < 0) {
            return successors[(int) Samplers.uniformBelow(noise, rho)];
        }
        return successors[Samplers.randomizedResponse(noise, position, rho, epsilon / adjacency)];
    }

    private void checkState(String name, int state) {
        if (state < 0 || state >= graph.states()) {
            throw new IllegalArgumentException(name + " must be a local state in [0, " + (graph.states() - 1) + "]");
        }
    }
}
