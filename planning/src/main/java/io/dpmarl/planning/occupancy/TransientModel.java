package io.dpmarl.planning.occupancy;

import io.dpmarl.core.model.FactoredModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The joint MDP of a {@link FactoredModel} restricted to its active (non-absorbing) states, as the
 * occupancy-measure programs of Chen et al., "Differential Privacy in Cooperative Multiagent Planning" (Section 6,
 * following Karabag et al. 2022) need it: for each active state {@code s} and true joint action {@code a}, the
 * sparse successors among active states (the product of the local kernels), the probability {@code P_T(s, a)} of
 * entering a target state, the absorbing successors, the length weight {@code c(s, a) = 1 + P(absorbed next)} and
 * the transition entropy {@code H(T(s, a, .))} in nats. Releases nothing.
 */
public final class TransientModel {
    private final FactoredModel game;
    private final int actions;
    private final int[] active;
    private final int[] activeIndex;
    private final int initial;
    private final int[][] successors;
    private final double[][] probabilities;
    private final int[][] absorbingSuccessors;
    private final double[][] absorbingProbabilities;
    private final double[] targetProbability;
    private final double[] lengthWeight;
    private final double[] transitionEntropy;

    /** The transient model of {@code game}; its initial state must be active. */
    public TransientModel(FactoredModel game) {
        this.game = game;
        this.actions = game.jointActions();
        int joint = game.jointStates();
        activeIndex = new int[joint];
        List<Integer> list = new ArrayList<>();
        for (int s = 0; s < joint; s++) {
            activeIndex[s] = game.isAbsorbing(s) ? -1 : list.size();
            if (!game.isAbsorbing(s)) {
                list.add(s);
            }
        }
        active = list.stream().mapToInt(Integer::intValue).toArray();
        if (activeIndex[game.initialState()] < 0) {
            throw new IllegalArgumentException("initial state must not be absorbing (target or avoid)");
        }
        initial = activeIndex[game.initialState()];
        int pairs = active.length * actions;
        successors = new int[pairs][];
        probabilities = new double[pairs][];
        absorbingSuccessors = new int[pairs][];
        absorbingProbabilities = new double[pairs][];
        targetProbability = new double[pairs];
        lengthWeight = new double[pairs];
        transitionEntropy = new double[pairs];
        int agents = game.numAgents();
        for (int i = 0; i < active.length; i++) {
            int[] locals = game.decode(active[i]);
            for (int a = 0; a < actions; a++) {
                int[] localActions = game.decodeAction(a);
                int[][] support = new int[agents][];
                double[][] weight = new double[agents][];
                for (int agent = 0; agent < agents; agent++) {
                    List<double[]> entries = new ArrayList<>();
                    for (int y = 0; y < game.localStates(agent); y++) {
                        double p = game.localTransition(agent, locals[agent], localActions[agent], y);
                        if (p > 0) {
                            entries.add(new double[] {y, p});
                        }
                    }
                    support[agent] = entries.stream().mapToInt(e -> (int) e[0]).toArray();
                    weight[agent] = entries.stream().mapToDouble(e -> e[1]).toArray();
                }
                fill(i * actions + a, support, weight);
            }
        }
    }

    private void fill(int pair, int[][] support, double[][] weight) {
        int agents = support.length;
        int[] position = new int[agents];
        List<Integer> nextActive = new ArrayList<>();
        List<Double> nextProbability = new ArrayList<>();
        List<Integer> nextAbsorbing = new ArrayList<>();
        List<Double> absorbingProbability = new ArrayList<>();
        double target = 0;
        double absorbed = 0;
        double entropy = 0;
        int[] locals = new int[agents];
        while (true) {
            double p = 1;
            for (int agent = 0; agent < agents; agent++) {
                locals[agent] = support[agent][position[agent]];
                p *= weight[agent][position[agent]];
            }
            int next = game.encode(locals);
            entropy -= p * Math.log(p);
            if (activeIndex[next] >= 0) {
                nextActive.add(activeIndex[next]);
                nextProbability.add(p);
            } else {
                nextAbsorbing.add(next);
                absorbingProbability.add(p);
                absorbed += p;
                if (game.isTarget(next)) {
                    target += p;
                }
            }
            int agent = agents - 1;
            while (agent >= 0 && ++position[agent] == support[agent].length) {
                position[agent] = 0;
                agent--;
            }
            if (agent < 0) {
                break;
            }
        }
        successors[pair] = nextActive.stream().mapToInt(Integer::intValue).toArray();
        probabilities[pair] = nextProbability.stream().mapToDouble(Double::doubleValue).toArray();
        absorbingSuccessors[pair] = nextAbsorbing.stream().mapToInt(Integer::intValue).toArray();
        absorbingProbabilities[pair] = absorbingProbability.stream().mapToDouble(Double::doubleValue).toArray();
        targetProbability[pair] = target;
        lengthWeight[pair] = 1 + absorbed;
        transitionEntropy[pair] = entropy;
    }

    /** The game. */
    public FactoredModel game() {
        return game;
    }

    /** Number of active states. */
    public int activeStates() {
        return active.length;
    }

    /** Number of true joint actions. */
    public int actions() {
        return actions;
    }

    /** The joint state of active index {@code i}. */
    public int jointState(int i) {
        return active[i];
    }

    /** The active index of a joint state, or -1 if it is absorbing. */
    public int activeIndex(int jointState) {
        return activeIndex[jointState];
    }

    /** The active index of the initial state. */
    public int initial() {
        return initial;
    }

    /** Active successors of (i, a), as active indices. Callers must not modify the array. */
    public int[] successors(int i, int a) {
        return successors[i * actions + a];
    }

    /** Probabilities of {@link #successors}. Callers must not modify the array. */
    public double[] probabilities(int i, int a) {
        return probabilities[i * actions + a];
    }

    /** Absorbing successors of (i, a), as joint states. Callers must not modify the array. */
    public int[] absorbingSuccessors(int i, int a) {
        return absorbingSuccessors[i * actions + a];
    }

    /** Probabilities of {@link #absorbingSuccessors}. Callers must not modify the array. */
    public double[] absorbingProbabilities(int i, int a) {
        return absorbingProbabilities[i * actions + a];
    }

    /** {@code P_T(s, a)}. */
    public double targetProbability(int i, int a) {
        return targetProbability[i * actions + a];
    }

    /** {@code c(s, a) = 1 + P(absorbed next)}: the length counted for (s, a), including the absorbing visit. */
    public double lengthWeight(int i, int a) {
        return lengthWeight[i * actions + a];
    }

    /** {@code H(T(s, a, .))} in nats. */
    public double transitionEntropy(int i, int a) {
        return transitionEntropy[i * actions + a];
    }
}
