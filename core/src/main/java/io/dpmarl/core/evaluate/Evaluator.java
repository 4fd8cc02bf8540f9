package io.dpmarl.core.evaluate;

/**
 * Measures a run against the environment's exact model: regret against the optimum, the Nash gap, the TD error
 * against the true fixed point. Evaluators may read capabilities such as {@link io.dpmarl.core.model.TabularModel}
 * that learners must not, and they release nothing: they are the experimenter's instruments, outside the privacy
 * boundary. They record through {@link EvaluationContext#metrics()}.
 *
 * <p>The run loop calls {@link #beforeEpisode} after the learner has begun a training episode (so the policy it
 * is about to play is {@code learner.policy()}), {@link #afterEpisode} after the learner has ended it, and
 * {@link #atEvaluation} at the schedule's evaluation points. Implementations are plugins of kind
 * {@link io.dpmarl.core.spi.PluginKind#EVALUATOR}. The pipeline creates them with the learner's
 * {@link io.dpmarl.core.spi.PluginContext}, so a provider finds the environment with
 * {@code context.requireEnvironment(name)} and its model with {@code environment.capability(TabularModel.class)};
 * refuse an environment without the model there, with an {@link IllegalArgumentException}, and a spec that pairs
 * them is refused before it runs. Declare every metric recorded in
 * {@link io.dpmarl.core.spi.PluginProvider#metrics()}. A worked third-party evaluator plugin is
 * {@code examples/custom-learner-plugin} in the dpmarl repository.
 */
public interface Evaluator {

    /** Called once the learner has begun training episode {@code context.episode()}. */
    default void beforeEpisode(EvaluationContext context) {
    }

    /** Called once the learner has ended training episode {@code context.episode()}. */
    default void afterEpisode(EvaluationContext context) {
    }

    /** Called at each evaluation point of the schedule, after the evaluation episodes. */
    default void atEvaluation(EvaluationContext context) {
    }
}
