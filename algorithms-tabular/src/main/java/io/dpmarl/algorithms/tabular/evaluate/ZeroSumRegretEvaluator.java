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
 *
 * <p>The exact gap is {@code >= 0} by definition; the computed one can fall below 0 only by rounding. A gap in
 * {@code [-tolerance, 0)} counts as 0; a gap below {@code -tolerance} means a broken model or policy table and is
 * refused with an {@link IllegalStateException} naming the episode and the value (it used to be clamped to 0
 * silently). The tolerance is {@link #tolerance}{@code = 4 (H + 1) (S + A B + 2) H R ulp(1)}, with
 * {@code R = max |r_h(s, a, b)|}: every value the oracle forms is at most {@code H R} in absolute value; each
 * backward-induction stage adds the rounding of a sum of {@code S + 1} terms (the reward and
 * {@code sum_s' P V_{h+1}}) and of a policy-weighted sum over at most {@code A B} terms, at most
 * {@code (n - 1) u} times the sum of the absolute terms for a sum of n terms ({@code u = ulp(1) / 2}); stochastic
 * weights do not amplify the error carried from stage {@code h + 1}; the initial-state average is one more sum, so
 * each side of the gap is off by at most {@code (H + 1) (S + A B + 2) u H R}; both sides, and a factor 2 for the
 * second-order terms and for marginals that sum to 1 only up to rounding, give the tolerance.
 */
public final class ZeroSumRegretEvaluator implements Evaluator {
    /** Metric name. */
    public static final String CUMULATIVE_REGRET = "cumulative_regret";
    private final ZeroSumOracle oracle;
    private final io.dpmarl.core.model.TabularModel model;
    private final int every;
    private final double tolerance;
    private double cumulative;

    /** An evaluator on the exact model recording after every {@code every}-th episode (at least 1). */
    public ZeroSumRegretEvaluator(io.dpmarl.core.model.TabularModel model, int every) {
        this.model = model;
        this.oracle = new ZeroSumOracle(model);
        this.every = io.dpmarl.core.validation.Checks.atLeast("every", every, 1);
        this.tolerance = tolerance(model);
    }

    /**
     * The rounding tolerance {@code 4 (H + 1) (S + A B + 2) H R ulp(1)} of a model's Nash gaps (class comment), with
     * {@code A B} the number of joint actions and {@code R} the largest absolute reward of the max player.
     */
    static double tolerance(io.dpmarl.core.model.TabularModel model) {
        int joint = 1;
        for (int count : model.actionCounts()) {
            joint *= count;
        }
        double bound = 0;
        for (int h = 0; h < model.horizon(); h++) {
            for (int s = 0; s < model.numStates(); s++) {
                for (int j = 0; j < joint; j++) {
                    bound = Math.max(bound, Math.abs(model.reward(h, s, j, 0)));
                }
            }
        }
        int horizon = model.horizon();
        return 4.0 * (horizon + 1) * (model.numStates() + joint + 2) * horizon * bound * Math.ulp(1.0);
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        double gap = oracle.nashGap(ExactPolicyTables.correlated(ExactPolicyTables.deployed(context.learner()), model));
        if (gap < -tolerance) {
            throw new IllegalStateException("zero-sum-regret: the Nash gap of episode " + context.episode() + " is "
                    + gap + ", below -" + tolerance + " (the rounding tolerance; an exact gap is >= 0): the model "
                    + "or the policy table is broken");
        }
        cumulative += Math.max(0.0, gap);
        if ((context.episode() + 1) % every == 0) {
            context.metrics().record(CUMULATIVE_REGRET, cumulative);
        }
    }
}
