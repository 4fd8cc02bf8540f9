package io.dpmarl.core.pipeline;

import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.spi.SpecString;
import io.dpmarl.core.validation.Checks;
import java.util.List;
import java.util.Optional;

/**
 * The components of one pipeline, as plugin spec strings: what {@link PipelineModule} builds for each
 * trial. The learner spec already carries its privatizer (for example
 * {@code independent-q(privatizer=laplace(epsilon=1, sensitivity=1))}).
 *
 * @param environment    environment spec, for example {@code coordination-game(horizon=3)}
 * @param learner        learner spec
 * @param accountant     accountant spec used for every ledger key, for example {@code basic}
 * @param reportingDelta the delta at which running epsilons are reported, in [0, 1)
 * @param budgetPerKey   an optional (epsilon, delta) budget enforced per ledger principal
 * @param evaluators     evaluator specs, for example {@code nash-gap}
 * @param schedule       the run's schedule, which plugins may read at creation
 */
public record PipelineSpec(String environment, String learner, String accountant, double reportingDelta,
                           Optional<PrivacyBudget> budgetPerKey, List<String> evaluators,
                           Optional<Schedule> schedule) {
    public PipelineSpec {
        SpecString.parse(environment);
        SpecString.parse(learner);
        SpecString.parse(accountant);
        Checks.delta("delta", reportingDelta);
        budgetPerKey = budgetPerKey == null ? Optional.empty() : budgetPerKey;
        evaluators = List.copyOf(evaluators);
        evaluators.forEach(SpecString::parse);
        schedule = schedule == null ? Optional.empty() : schedule;
    }

    /** A spec without evaluators or schedule. */
    public PipelineSpec(String environment, String learner, String accountant, double reportingDelta,
                        Optional<PrivacyBudget> budgetPerKey) {
        this(environment, learner, accountant, reportingDelta, budgetPerKey, List.of(), Optional.empty());
    }
}
