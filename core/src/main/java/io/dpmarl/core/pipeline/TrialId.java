package io.dpmarl.core.pipeline;

/**
 * Names one trial in the metric rows it produces.
 *
 * @param experiment the series label (one point of the parameter grid)
 * @param trial      the trial index within the series, from 0
 * @param seed       the trial's seed, {@code RandomStreams.of(experimentSeed).child("trial/" + trial).seed()}
 */
public record TrialId(String experiment, int trial, long seed) {
}
