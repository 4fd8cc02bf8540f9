package io.dpmarl.planning.occupancy;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.model.FactoredModel;

/**
 * The shortest expected length {@code L* = min over policies of sum x(s, a) c(s, a)} of a factored reach-avoid game
 * (the length of Chen et al., "Differential Privacy in Cooperative Multiagent Planning", eq. 3, with the weights
 * {@code c(s, a) = 1 + P(absorbed next)} of {@link TransientModel}), and the check that a planner's length cap can be
 * met: no policy has an expected length below {@code L*}, so a cap below it is refused when the planner is built,
 * before any episode runs (the planner's solver still refuses an unmeetable cap when it plans).
 *
 * <p>{@code L*} is the value at the initial state of the stochastic shortest path problem
 * {@code V(s) = min_a [c(s, a) + sum_{s' active} P(s' | s, a) V(s')]}, computed by Gauss-Seidel value iteration from
 * {@code V = 0}: with positive costs every iterate is a lower bound of {@code V*} and the iterates increase to it
 * (Bertsekas and Tsitsiklis 1991), so a cap below an iterate is certainly unmeetable. A property of the model, so
 * it lives with the other functions of the {@link TransientModel}; the planner's check runs when the run is checked
 * and again in every trial, so {@link #of(FactoredModel)} solves each distinct game once per JVM. Releases nothing.
 */
public final class ExpectedLengthFloor {
    /** Iteration stops when no value changes by more than this, relative to the value. */
    static final double TOLERANCE = 1e-12;
    /**
     * Sweeps before giving up on convergence (the last iterate is still a lower bound); from a state no policy leads
     * out of, the iterates grow by at least 1 per sweep and never converge.
     */
    static final int MAX_SWEEPS = 20_000;
    /** Games whose floor is remembered: the grid points and trials of a run share a few distinct games. */
    static final int MEMO_CAPACITY = 16;
    /** The floors of the games seen so far in this JVM, so that identical games are solved once. */
    static final FloorMemo MEMO = new FloorMemo(MEMO_CAPACITY, game -> of(new TransientModel(game)));

    private ExpectedLengthFloor() {
    }

    /**
     * A lower bound of the shortest expected length from the initial state, equal to it when the iteration
     * converged ({@link Floor#converged()}).
     *
     * @param value     the bound
     * @param converged whether the value iteration converged (otherwise the bound may be below {@code L*})
     */
    public record Floor(double value, boolean converged) {
    }

    /**
     * The shortest expected length of {@code game} from its initial state, {@code of(new TransientModel(game))},
     * remembered for the games seen before in this JVM (equal {@link FactoredModelKey}s): the value is the same to
     * the bit, only the cost differs.
     *
     * @throws IllegalArgumentException if the initial state of {@code game} is absorbing
     */
    public static Floor of(FactoredModel game) {
        return MEMO.floor(game);
    }

    /** The shortest expected length of {@code model} from its initial state (computed, not remembered). */
    public static Floor of(TransientModel model) {
        int states = model.activeStates();
        int actions = model.actions();
        double[] value = new double[states];
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double change = 0;
            for (int s = 0; s < states; s++) {
                double best = Double.POSITIVE_INFINITY;
                for (int a = 0; a < actions; a++) {
                    double q = model.lengthWeight(s, a);
                    int[] successors = model.successors(s, a);
                    double[] probabilities = model.probabilities(s, a);
                    for (int k = 0; k < successors.length; k++) {
                        q += probabilities[k] * value[successors[k]];
                    }
                    best = Math.min(best, q);
                }
                change = Math.max(change, Math.abs(best - value[s]) / Math.max(1, best));
                value[s] = best;
            }
            if (change <= TOLERANCE) {
                return new Floor(value[model.initial()], true);
            }
        }
        return new Floor(value[model.initial()], false);
    }

    /**
     * Refuses a length cap that no policy of {@code environment}'s game can meet, naming the parameter and the
     * accepted range, and an environment without a factored reach-avoid model (which the planner needs).
     *
     * @param planner   the planner's name, for the message
     * @param parameter the cap's parameter name, for the message
     * @param cap       the cap
     * @throws IllegalArgumentException if {@code cap} is below the shortest expected length, the environment has
     *                                  no {@link FactoredModel} or its initial state is absorbing
     */
    public static void requireMeetable(String planner, String parameter, Environment environment, double cap) {
        FactoredModel game = environment.capability(FactoredModel.class).orElseThrow(() -> new IllegalArgumentException(
                planner + " needs an environment with a factored reach-avoid model (FactoredModel capability); "
                + environment.info().name() + " has none"));
        Floor floor = of(game);
        if (cap >= floor.value()) {
            return;
        }
        String name = environment.info().name();
        if (floor.converged()) {
            throw new IllegalArgumentException(planner + ": " + parameter + " must be in [" + floor.value()
                    + ", inf) on " + name + " (" + floor.value() + " is the shortest expected length any policy "
                    + "reaches), got " + cap);
        }
        throw new IllegalArgumentException(planner + ": " + parameter + " must be at least the shortest expected "
                + "length any policy reaches on " + name + ", which is at least " + floor.value()
                + " (no policy may end its episodes), got " + cap);
    }
}
