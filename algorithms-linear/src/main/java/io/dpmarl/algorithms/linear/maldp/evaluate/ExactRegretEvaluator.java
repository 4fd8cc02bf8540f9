package io.dpmarl.algorithms.linear.maldp.evaluate;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.model.TabularModel;
import java.util.random.RandomGenerator;

/**
 * The regret of the joint policy played in each episode, {@code R_k = V*_1(s_1) - V^{pi_k}_1(s_1)}, against the
 * team optimum (mean of the agents' rewards) of an environment's exact model, and its running sum
 * ("Local differential privacy preserving mechanisms for multi-agent reinforcement learning", Section 2 regret
 * definition, with {@code V_1^i} read as the executed policy's value). EXACT evaluates {@code pi_k} by backward
 * induction on the true model; SAMPLED replaces {@code V^{pi_k}_1} by the return of one rollout of {@code pi_k} on the
 * model (unbiased, noisy, may be negative). The learner's policy must be deterministic (one-hot). Outside the privacy
 * boundary: the experimenter's instrument.
 */
public final class ExactRegretEvaluator implements Evaluator {
    /** Running sum of the per-episode regret. */
    public static final String CUMULATIVE_REGRET = "cumulative_regret";

    private final TabularModel model;
    private final int agents;
    private final int states;
    private final int actions;
    private final int horizon;
    private final int initial;
    private final double[][] teamReward;
    private final double optimum;
    private final boolean sampled;
    private final RandomGenerator rollouts;
    private final Observation[][] observations;
    private double cumulative;
    private double last;

    /**
     * @param model    the exact model (deterministic initial state)
     * @param agents   n
     * @param sampled  SAMPLED instead of EXACT
     * @param rollouts randomness of the SAMPLED rollouts (not privacy noise)
     */
    public ExactRegretEvaluator(TabularModel model, int agents, boolean sampled, RandomGenerator rollouts) {
        this.model = model;
        this.agents = agents;
        this.states = model.numStates();
        this.actions = model.jointActions().size();
        this.horizon = model.horizon();
        this.sampled = sampled;
        this.rollouts = rollouts;
        int first = pointMass(model.initialDistribution(), states);
        if (first < 0) {
            throw new IllegalArgumentException("ma-ldp-regret needs a deterministic initial state");
        }
        this.initial = first;
        this.teamReward = new double[horizon][states * actions];
        for (int h = 0; h < horizon; h++) {
            for (int s = 0; s < states; s++) {
                for (int a = 0; a < actions; a++) {
                    double sum = 0;
                    for (int i = 0; i < agents; i++) {
                        sum += model.reward(h, s, a, i);
                    }
                    teamReward[h][s * actions + a] = sum / agents;
                }
            }
        }
        this.optimum = optimalValues()[0][initial];
        this.observations = new Observation[states][agents];
        for (int s = 0; s < states; s++) {
            java.util.Arrays.fill(observations[s], Observation.discrete(s));
        }
    }

    /** {@code V*_h(s)} for h = 0..H (row H is zeros). */
    public double[][] optimalValues() {
        double[][] values = new double[horizon + 1][states];
        for (int h = horizon - 1; h >= 0; h--) {
            for (int s = 0; s < states; s++) {
                double best = Double.NEGATIVE_INFINITY;
                for (int a = 0; a < actions; a++) {
                    best = Math.max(best, q(h, s, a, values[h + 1]));
                }
                values[h][s] = best;
            }
        }
        return values;
    }

    /** {@code V*_1(s_1)}. */
    public double optimum() {
        return optimum;
    }

    /** The exact value {@code V^pi_1(s_1)} of a deterministic joint policy {@code table[h][s]}. */
    public double value(int[][] table) {
        double[] next = new double[states];
        for (int h = horizon - 1; h >= 0; h--) {
            double[] current = new double[states];
            for (int s = 0; s < states; s++) {
                current[s] = q(h, s, table[h][s], next);
            }
            next = current;
        }
        return next[initial];
    }

    private double q(int h, int s, int a, double[] next) {
        double[] row = model.transition(h, s, a);
        double value = teamReward[h][s * actions + a];
        for (int t = 0; t < states; t++) {
            if (row[t] != 0.0) {
                value += row[t] * next[t];
            }
        }
        return value;
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        int[][] table = table(context.learner().policy());
        double played = sampled ? rollout(table) : value(table);
        double regret = optimum - played;
        cumulative += regret;
        last = regret;
        context.metrics().record(CUMULATIVE_REGRET, cumulative);
    }

    /** The regret of the last evaluated episode. */
    public double lastRegret() {
        return last;
    }

    private double rollout(int[][] table) {
        int s = initial;
        double total = 0;
        for (int h = 0; h < horizon; h++) {
            int a = table[h][s];
            total += teamReward[h][s * actions + a];
            double[] row = model.transition(h, s, a);
            double u = rollouts.nextDouble();
            double sum = 0;
            int next = states - 1;
            for (int t = 0; t < states; t++) {
                sum += row[t];
                if (u < sum) {
                    next = t;
                    break;
                }
            }
            s = next;
        }
        return total;
    }

    private int[][] table(Policy policy) {
        int[][] table = new int[horizon][states];
        for (int h = 0; h < horizon; h++) {
            for (int s = 0; s < states; s++) {
                int chosen = pointMass(policy.jointDistribution(h, observations[s]), actions);
                if (chosen < 0) {
                    throw new IllegalStateException("ma-ldp-regret needs a deterministic policy");
                }
                table[h][s] = chosen;
            }
        }
        return table;
    }

    /** The last of the first {@code size} entries of {@code distribution} that is exactly 1 (its point mass), or -1. */
    private static int pointMass(double[] distribution, int size) {
        int atom = -1;
        for (int i = 0; i < size; i++) {
            if (distribution[i] == 1.0) {
                atom = i;
            }
        }
        return atom;
    }
}
