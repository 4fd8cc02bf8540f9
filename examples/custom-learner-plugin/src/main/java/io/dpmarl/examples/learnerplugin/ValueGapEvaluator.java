package io.dpmarl.examples.learnerplugin;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.validation.Checks;
import java.util.Arrays;
import java.util.Optional;

/**
 * An example evaluator plugin ({@code value-gap}): after every {@code every}-th training episode it records
 * {@code value_gap = V*(mu) - V^pi(mu)}, the optimal team value minus the team value of the learner's current
 * policy from the initial distribution mu, both exact by backward induction on the environment's
 * {@link TabularModel}: {@code Q_h(s, a) = rbar_h(s, a) + sum_s' P_h(s' | s, a) V_{h+1}(s')}, {@code V_H = 0},
 * {@code V*_h(s) = max_a Q*_h(s, a)}, {@code V^pi_h(s) = sum_a pi_h(a | s) Q^pi_h(s, a)}, where {@code rbar} is the
 * mean reward over agents and every agent observes the state.
 *
 * <p>It reads the exact model, which learners must not: evaluators are the experimenter's instruments, outside the
 * privacy boundary, and release nothing.
 */
public final class ValueGapEvaluator implements Evaluator {
    /** Metric name of the gap. */
    public static final String VALUE_GAP = "value_gap";
    private final TabularModel model;
    private final int every;
    private final double optimal;

    /**
     * @param model the environment's exact model
     * @param every record after every this many training episodes, at least 1
     */
    public ValueGapEvaluator(TabularModel model, int every) {
        this.model = model;
        this.every = Checks.atLeast("every", every, 1);
        this.optimal = value(Optional.empty());
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        if ((context.episode() + 1) % every == 0) {
            context.metrics().record(VALUE_GAP, gap(context.learner().policy()));
        }
    }

    /** {@code V*(mu) - V^pi(mu)}. */
    public double gap(Policy policy) {
        return optimal - value(Optional.of(policy));
    }

    /** The value from the initial distribution of {@code policy}, or the optimal value when it is empty. */
    private double value(Optional<Policy> policy) {
        int states = model.numStates();
        int actions = model.jointActions().size();
        int agents = model.actionCounts().length;
        double[] next = new double[states];
        for (int stage = model.horizon() - 1; stage >= 0; stage--) {
            double[] current = new double[states];
            for (int state = 0; state < states; state++) {
                double[] q = new double[actions];
                for (int action = 0; action < actions; action++) {
                    double total = 0;
                    for (int agent = 0; agent < agents; agent++) {
                        total += model.reward(stage, state, action, agent) / agents;
                    }
                    double[] row = model.transition(stage, state, action);
                    for (int successor = 0; successor < states; successor++) {
                        total += row[successor] * next[successor];
                    }
                    q[action] = total;
                }
                if (policy.isEmpty()) {
                    current[state] = Arrays.stream(q).max().orElseThrow();
                } else {
                    Observation[] observations = new Observation[agents];
                    Arrays.fill(observations, Observation.discrete(state));
                    double[] distribution = policy.get().jointDistribution(stage, observations);
                    for (int action = 0; action < actions; action++) {
                        current[state] += distribution[action] * q[action];
                    }
                }
            }
            next = current;
        }
        double[] initial = model.initialDistribution();
        double total = 0;
        for (int state = 0; state < states; state++) {
            total += initial[state] * next[state];
        }
        return total;
    }
}
