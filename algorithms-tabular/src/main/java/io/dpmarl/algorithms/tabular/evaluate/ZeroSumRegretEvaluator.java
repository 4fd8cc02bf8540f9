package io.dpmarl.algorithms.tabular.evaluate;

import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;

/**
 * The evaluator {@code zero-sum-regret}: the cumulative regret of a two-player zero-sum Markov game as in Qiao and
 * Wang 2024, Section 2 ({@code Regret(K) = sum_k [V^{dagger, nu^k}_1(s_1) - V^{mu^k, dagger}_1(s_1)]}, the Nash
 * gap of the marginals {@code mu^k, nu^k} of the policy played in episode k), computed exactly on the
 * environment's model after each episode and recorded as {@code cumulative_regret} after every {@code every}-th
 * episode (the sum always covers every episode). Outside the privacy boundary.
 */
public final class ZeroSumRegretEvaluator implements Evaluator {
    /** Metric name. */
    public static final String CUMULATIVE_REGRET = "cumulative_regret";
    private final ZeroSumOracle oracle;
    private final io.dpmarl.core.model.TabularModel model;
    private final int every;
    private double cumulative;

    /** An evaluator on the exact model recording after every {@code every}-th episode (at least 1). */
    public ZeroSumRegretEvaluator(io.dpmarl.core.model.TabularModel model, int every) {
        this.model = model;
        this.oracle = new ZeroSumOracle(model);
        this.every = io.dpmarl.core.validation.Checks.atLeast("every", every, 1);
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        double gap = oracle.nashGap(ExactPolicyTables.correlated(ExactPolicyTables.deployed(context.learner()), model));
        cumulative += Math.max(0.0, gap);
        if ((context.episode() + 1) % every == 0) {
            context.metrics().record(CUMULATIVE_REGRET, cumulative);
        }
    }
}
