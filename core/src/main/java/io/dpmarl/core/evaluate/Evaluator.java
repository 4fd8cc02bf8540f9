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
 * {@link io.dpmarl.core.spi.PluginKind#EVALUATOR}.
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
