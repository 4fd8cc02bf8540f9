package io.dpmarl.core.evaluate;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;

/**
 * What an {@link Evaluator} sees: the environment (with its exact-model capabilities), the learner (its current
 * policy), the training episode from 0, and where to record.
 *
 * @param environment the environment of the trial
 * @param learner     the learner under evaluation
 * @param episode     the training episode, from 0
 * @param metrics     where to record, at the loop's current step: the training episode counted from 1, so a record
 *                    made after episode {@code e} (from 0) lands at step {@code e + 1}
 */
public record EvaluationContext(Environment environment, Learner learner, long episode, TrialMetrics metrics) {
}
