package io.dpmarl.algorithms.tabular.evaluate;

import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.TabularModel;
import java.util.OptionalLong;

/**
 * The evaluator {@code nash-gap}: the Nash gap {@code V^{dagger, nu}_1(s_1) - V^{mu, dagger}_1(s_1)} of the
 * learner's output policy (its marginals {@code mu, nu}; Qiao and Wang 2024, Section 2), computed exactly on the
 * environment's model and recorded as {@code nash_gap} after every {@code every}-th episode and after the
 * schedule's last one. Outside the privacy boundary.
 */
public final class NashGapEvaluator implements Evaluator {
    /** Metric name. */
    public static final String NASH_GAP = "nash_gap";
    private final TabularModel model;
    private final ZeroSumOracle oracle;
    private final int every;
    private final OptionalLong last;

    /**
     * An evaluator on the exact model.
     *
     * @param every record after episodes {@code every, 2 every, ...}, at least 1
     * @param last  the schedule's number of episodes, if known (always recorded there)
     */
    public NashGapEvaluator(TabularModel model, int every, OptionalLong last) {
        this.model = model;
        this.oracle = new ZeroSumOracle(model);
        this.every = io.dpmarl.core.validation.Checks.atLeast("every", every, 1);
        this.last = last;
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        long episode = context.episode() + 1;
        if (episode % every == 0 || (last.isPresent() && episode == last.getAsLong())) {
            context.metrics().record(NASH_GAP,
                    oracle.nashGap(ExactPolicyTables.correlated(context.learner().policy(), model)));
        }
    }
}
