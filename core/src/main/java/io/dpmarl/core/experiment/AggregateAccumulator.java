package io.dpmarl.core.experiment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The running state of {@link Aggregator} for one key (experiment, metric, step) at a time, so that aggregation
 * needs memory for the aggregate rows only, never for the metric rows. Two passes over the same rows in the same
 * order: the first ({@link #count}) sums the values and counts them, the second ({@link #spread}) sums the squared
 * deviations from the mean of the first pass. This is the textbook two-pass sample variance, computed in the same
 * order as summing a list of the key's values, so the results are bit-identical to the list-based computation.
 */
final class AggregateAccumulator {
    private final Map<String, Map<String, TreeMap<Long, Sums>>> grouped = new LinkedHashMap<>();
    private boolean spreading;
    private String lastExperiment;
    private Map<String, TreeMap<Long, Sums>> lastByMetric;

    private static final class Sums {
        final int id;
        int n;
        /** The trial of the last value counted (meaningful once {@code n > 0}). */
        int lastTrial;
        /**
         * The sum of the values counted, from {@code -0.0}, the additive identity of IEEE 754 ({@code -0.0 + x = x} for
         * every x, where {@code +0.0 + -0.0 = +0.0}): a single trial's value is its mean bit for bit, {@code -0.0}
         * included.
         */
        double sum = -0.0;
        double squares;

        Sums(int id) {
            this.id = id;
        }
    }

    private final List<Sums> byId = new ArrayList<>();

    /**
     * The refusal of a trial that records a metric twice at one step, naming the experiment, trial, metric and step;
     * it keeps the experiment and trial so that the run's assembly can name the trial's file ({@link RunFiles}).
     */
    static final class RepeatedMetric extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String experiment;
        private final int trial;

        RepeatedMetric(MetricRecord record) {
            super("trial " + record.trial() + " of experiment '" + record.experiment() + "' records metric '"
                    + record.metric() + "' twice at step " + record.step()
                    + "; aggregate.csv counts trials, so a trial must record a metric once per step");
            this.experiment = record.experiment();
            this.trial = record.trial();
        }

        /** The experiment label of the repeat. */
        String experiment() {
            return experiment;
        }

        /** The trial index of the repeat. */
        int trial() {
            return trial;
        }
    }

    /** First pass: adds one row to its key's count and sum. */
    void count(MetricRecord record) {
        countKey(record);
    }

    /**
     * First pass: adds one row to its key's count and sum, and returns the key's index (from 0, in first-seen order),
     * for {@link #spread(int, double)}.
     *
     * @throws IllegalArgumentException if the key's previous value came from the same trial (a trial that records a
     *                                  metric twice at one step; the runner assembles the rows trial by trial, so
     *                                  every repeat in its files is caught)
     */
    int countKey(MetricRecord record) {
        if (spreading) {
            throw new IllegalStateException("the first pass is over");
        }
        Sums sums = byMetric(record.experiment()).computeIfAbsent(record.metric(), k -> new TreeMap<>())
                .computeIfAbsent(record.step(), k -> {
                    Sums created = new Sums(byId.size());
                    byId.add(created);
                    return created;
                });
        if (sums.n > 0 && sums.lastTrial == record.trial()) {
            // n counts trials: a second value of one trial would count as another trial and narrow the band.
            throw new RepeatedMetric(record);
        }
        sums.lastTrial = record.trial();
        sums.n++;
        sums.sum += record.value();
        return sums.id;
    }

    /** Second pass by key index: adds one value's squared deviation from the mean of key {@code id}. */
    void spread(int id, double value) {
        spreading = true;
        if (id < 0 || id >= byId.size()) {
            throw new IllegalStateException("key " + id + " of the second pass not seen in the first");
        }
        Sums sums = byId.get(id);
        if (sums.n > 1) {
            double mean = sums.sum / sums.n;
            sums.squares += (value - mean) * (value - mean);
        }
    }

    /** The number of keys (experiment, metric, step): the accumulator's state, whatever the number of rows. */
    int keys() {
        return byId.size();
    }

    /** Second pass: adds one row's squared deviation from its key's mean; the rows must be those of the first pass. */
    void spread(MetricRecord record) {
        spreading = true;
        Map<String, TreeMap<Long, Sums>> byMetric = record.experiment() == lastExperiment ? lastByMetric
                : grouped.get(record.experiment());
        if (byMetric != null) {
            lastExperiment = record.experiment();
            lastByMetric = byMetric;
        }
        TreeMap<Long, Sums> bySteps = byMetric == null ? null : byMetric.get(record.metric());
        Sums sums = bySteps == null ? null : bySteps.get(record.step());
        if (sums == null) {
            throw new IllegalStateException("row of the second pass not seen in the first: " + record);
        }
        if (sums.n > 1) {
            double mean = sums.sum / sums.n;
            sums.squares += (record.value() - mean) * (record.value() - mean);
        }
    }

    /**
     * The metrics of an experiment; consecutive rows of a file carry the same label instance (see {@link CsvReader}),
     * so the last one is checked by identity before the map is searched.
     */
    private Map<String, TreeMap<Long, Sums>> byMetric(String experiment) {
        if (experiment != lastExperiment) {
            lastByMetric = grouped.computeIfAbsent(experiment, k -> new TreeMap<>());
            lastExperiment = experiment;
        }
        return lastByMetric;
    }

    /** True if some key has more than one value (only then is a second pass needed). */
    boolean needsSpread() {
        return grouped.values().stream().flatMap(m -> m.values().stream()).flatMap(s -> s.values().stream())
                .anyMatch(sums -> sums.n > 1);
    }

    /** The aggregate rows: experiments in first-seen order, metrics and steps sorted. */
    List<AggregateRow> rows() {
        Map<Integer, Double> quantiles = new HashMap<>();
        List<AggregateRow> rows = new ArrayList<>();
        grouped.forEach((experiment, byMetric) -> byMetric.forEach((metric, bySteps) ->
                bySteps.forEach((step, sums) -> {
                    int n = sums.n;
                    double mean = sums.sum / n;
                    if (n == 1) {
                        rows.add(new AggregateRow(experiment, metric, step, 1, mean, 0.0, mean, mean));
                        return;
                    }
                    double std = Math.sqrt(sums.squares / (n - 1));
                    double halfWidth = quantiles.computeIfAbsent(n, Aggregator::tQuantile) * std / Math.sqrt(n);
                    rows.add(new AggregateRow(experiment, metric, step, n, mean, std, mean - halfWidth,
                            mean + halfWidth));
                })));
        return rows;
    }
}
