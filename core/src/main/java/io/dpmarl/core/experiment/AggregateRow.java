package io.dpmarl.core.experiment;

/**
 * One row of {@code aggregate.csv}: the mean of a metric at one step over the trials of one experiment,
 * with the 95% Student-t confidence interval {@code mean +- t_{n-1,0.975} sd / sqrt(n)}.
 *
 * @param experiment the series label
 * @param metric     the metric name
 * @param step       the step, episode or round
 * @param n          number of trials with a value at this step
 * @param mean       sample mean
 * @param std        sample standard deviation (denominator n-1); 0 when n = 1
 * @param ciLow      lower end of the 95% t-interval (the mean when n = 1)
 * @param ciHigh     upper end of the 95% t-interval (the mean when n = 1)
 */
public record AggregateRow(String experiment, String metric, long step, int n, double mean, double std,
                           double ciLow, double ciHigh) {

    /** The header of {@code aggregate.csv}. */
    public static final String HEADER = "experiment,metric,step,n,mean,std,ci_low,ci_high";

    /** This row as a CSV line. */
    public String toCsv() {
        return Csv.line(experiment, metric, Long.toString(step), Integer.toString(n), Csv.number(mean),
                Csv.number(std), Csv.number(ciLow), Csv.number(ciHigh));
    }
}
