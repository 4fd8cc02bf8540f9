package io.dpmarl.environments.reachavoid;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.validation.Checks;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * A cooperative Markov game with a reach-avoid objective built from independent local MDPs (Chen et al.,
 * "Differential Privacy in Cooperative Multiagent Planning", Section 2): the joint kernel is the product of the
 * local kernels, target and avoid joint states are absorbing, and the team succeeds iff it reaches a target state
 * before an avoid state. Every agent observes the true joint state index (the planner's view; private execution,
 * where agents see the others only through private reports, lives in the planning module). Each agent receives
 * reward 1 on the step that reaches a target. Episodes are truncated after {@code horizon} steps.
 *
 * <p>The constructor refuses a game whose target cannot be reached from the initial state without passing through
 * an avoid state. It releases nothing and carries no privacy guarantee.
 */
public final class ReachAvoidGame implements Environment, FactoredModel {
    private final String name;
    private final List<LocalMdp> locals;
    private final boolean[] target;
    private final boolean[] avoid;
    private final int initial;
    private final EnvironmentInfo info;
    private SplittableRandom random;
    private int state = -1;
    private int steps;

    /**
     * A game of {@code locals} whose joint states satisfying {@code isTarget} / {@code isAvoid} (given the local
     * states) are absorbing; target takes precedence over avoid if both hold.
     */
    public ReachAvoidGame(String name, List<LocalMdp> locals, Predicate<int[]> isTarget, Predicate<int[]> isAvoid,
                          int[] initialLocals, int horizon) {
        this.name = name;
        this.locals = List.copyOf(locals);
        Checks.atLeast("agents", this.locals.size(), 1);
        Checks.atLeast("horizon", horizon, 1);
        if (initialLocals.length != this.locals.size()) {
            throw new IllegalArgumentException("initial state must give one local state per agent ("
                    + this.locals.size() + "), got " + initialLocals.length);
        }
        for (int i = 0; i < initialLocals.length; i++) {
            if (initialLocals[i] < 0 || initialLocals[i] >= this.locals.get(i).states()) {
                throw new IllegalArgumentException("initial local state of agent " + i + " must be in [0, "
                        + (this.locals.get(i).states() - 1) + "], got " + initialLocals[i]);
            }
        }
        int joint = jointStates();
        target = new boolean[joint];
        avoid = new boolean[joint];
        for (int s = 0; s < joint; s++) {
            int[] decoded = decode(s);
            target[s] = isTarget.test(decoded);
            avoid[s] = !target[s] && isAvoid.test(decoded);
        }
        this.initial = encode(initialLocals);
        if (!targetReachable()) {
            throw new IllegalArgumentException("target: no target state is reachable from the initial state "
                    + java.util.Arrays.toString(initialLocals) + " without entering an avoid state");
        }
        List<Space> observations = new ArrayList<>();
        List<Space.Discrete> actions = new ArrayList<>();
        for (LocalMdp local : this.locals) {
            observations.add(new Space.Discrete(joint));
            actions.add(new Space.Discrete(local.actions()));
        }
        this.info = new EnvironmentInfo(name, this.locals.size(), observations, actions, horizon,
                new GameType(GameType.Dynamics.SIMULTANEOUS, GameType.Utility.COOPERATIVE,
                        GameType.HorizonKind.ABSORBING));
    }

    private boolean targetReachable() {
        boolean[] seen = new boolean[jointStates()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(initial);
        seen[initial] = true;
        while (!queue.isEmpty()) {
            int s = queue.poll();
            if (target[s]) {
                return true;
            }
            if (avoid[s]) {
                continue;
            }
            int[] current = decode(s);
            // successors under any joint action: the product of each agent's one-step feasible sets
            List<int[]> frontier = new ArrayList<>();
            frontier.add(new int[0]);
            for (int i = 0; i < numAgents(); i++) {
                boolean[] feasible = new boolean[localStates(i)];
                for (int a = 0; a < localActions(i); a++) {
                    for (int y = 0; y < localStates(i); y++) {
                        feasible[y] |= locals.get(i).transition(current[i], a, y) > 0;
                    }
                }
                List<int[]> next = new ArrayList<>();
                for (int[] prefix : frontier) {
                    for (int y = 0; y < feasible.length; y++) {
                        if (feasible[y]) {
                            int[] extended = java.util.Arrays.copyOf(prefix, prefix.length + 1);
                            extended[prefix.length] = y;
                            next.add(extended);
                        }
                    }
                }
                frontier = next;
            }
            for (int[] successor : frontier) {
                int index = encode(successor);
                if (!seen[index]) {
                    seen[index] = true;
                    queue.add(index);
                }
            }
        }
        return false;
    }

    /** The local MDP of agent {@code agent}. */
    public LocalMdp local(int agent) {
        return locals.get(agent);
    }

    @Override
    public int numAgents() {
        return locals.size();
    }

    @Override
    public int localStates(int agent) {
        return locals.get(agent).states();
    }

    @Override
    public int localActions(int agent) {
        return locals.get(agent).actions();
    }

    @Override
    public double localTransition(int agent, int s, int a, int y) {
        return locals.get(agent).transition(s, a, y);
    }

    @Override
    public int initialState() {
        return initial;
    }

    @Override
    public boolean isTarget(int jointState) {
        return target[jointState];
    }

    @Override
    public boolean isAvoid(int jointState) {
        return avoid[jointState];
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    @Override
    public Observation[] reset(long seed) {
        random = new SplittableRandom(seed);
        state = initial;
        steps = 0;
        return observations();
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (state < 0) {
            throw new IllegalStateException(name + ": call reset before step");
        }
        if (isAbsorbing(state) || steps >= info.horizon()) {
            throw new IllegalStateException(name + ": the episode ended; call reset");
        }
        if (jointAction.length != numAgents()) {
            throw new IllegalArgumentException("joint action must have " + numAgents() + " entries, got "
                    + jointAction.length);
        }
        int[] current = decode(state);
        int[] next = new int[numAgents()];
        for (int i = 0; i < numAgents(); i++) {
            if (jointAction[i] < 0 || jointAction[i] >= localActions(i)) {
                throw new IllegalArgumentException("action of agent " + i + " must be in [0, "
                        + (localActions(i) - 1) + "], got " + jointAction[i]);
            }
            next[i] = sampleLocal(i, current[i], jointAction[i], random.nextDouble());
        }
        state = encode(next);
        steps++;
        double reward = target[state] ? 1 : 0;
        double[] rewards = new double[numAgents()];
        java.util.Arrays.fill(rewards, reward);
        boolean terminated = isAbsorbing(state);
        return new StepResult(observations(), rewards, terminated, !terminated && steps >= info.horizon(),
                Map.of());
    }

    /** The local successor of {@code s} under {@code a} at uniform draw {@code u} (inverse CDF). */
    public int sampleLocal(int agent, int s, int a, double u) {
        LocalMdp local = locals.get(agent);
        double cumulative = 0;
        int last = s;
        for (int y = 0; y < local.states(); y++) {
            double p = local.transition(s, a, y);
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

    private Observation[] observations() {
        Observation[] observations = new Observation[numAgents()];
        for (int i = 0; i < observations.length; i++) {
            observations[i] = Observation.discrete(state);
        }
        return observations;
    }
}
