package io.dpmarl.core.experiment;

/**
 * One row of a long-format {@code metrics.csv}: {@code experiment,trial,seed,step,metric,value}.
 *
 * @param experiment the series (configuration) label, for example {@code "central eps=1"}
 * @param trial      the trial index within the series, from 0
 * @param seed       the trial's seed
 * @param step       the step, episode or round
 * @param metric     the metric name ({@code episode_return}, {@code cumulative_regret}, {@code nash_gap},
 *                   {@code epsilon_spent}, ...)
 * @param value      the value
 */
public record MetricRecord(String experiment, int trial, long seed, long step, String metric, double value) {
}
