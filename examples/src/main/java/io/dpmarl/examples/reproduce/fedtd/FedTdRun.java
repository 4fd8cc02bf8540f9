package io.dpmarl.examples.reproduce.fedtd;

import io.dpmarl.core.experiment.MetricRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metric rows of one federated-TD run directory, indexed by series label, metric, trial and step (episode,
 * from 1). Steps are episodes of {@code roundsPerStep} rounds, so step s ends at round s * roundsPerStep.
 *
 * @param rows          label -&gt; metric -&gt; trial -&gt; step -&gt; value
 * @param roundsPerStep the spec's step limit
 */
record FedTdRun(Map<String, Map<String, Map<Integer, TreeMap<Long, Double>>>> rows, int roundsPerStep) {

    static FedTdRun of(List<MetricRecord> records, int roundsPerStep) {
        Map<String, Map<String, Map<Integer, TreeMap<Long, Double>>>> rows = new LinkedHashMap<>();
        for (MetricRecord record : records) {
            rows.computeIfAbsent(record.experiment(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(record.metric(), k -> new TreeMap<>())
                    .computeIfAbsent(record.trial(), k -> new TreeMap<>())
                    .put(record.step(), record.value());
        }
        return new FedTdRun(rows, roundsPerStep);
    }

    /** The one label of a run without a grid. */
    String onlyLabel() {
        if (rows.size() != 1) {
            throw new IllegalStateException("expected one series, got " + rows.keySet());
        }
        return rows.keySet().iterator().next();
    }

    private Map<Integer, TreeMap<Long, Double>> series(String label, String metric) {
        Map<String, Map<Integer, TreeMap<Long, Double>>> byMetric = rows.get(label);
        if (byMetric == null || !byMetric.containsKey(metric)) {
            throw new IllegalArgumentException("no metric " + metric + " for series '" + label + "'; series: "
                    + rows.keySet());
        }
        return byMetric.get(metric);
    }

    /** The number of trials of a series. */
    int trials(String label, String metric) {
        return series(label, metric).size();
    }

    /** Per trial: the mean of the metric over the steps whose round lies in [from, to]. */
    List<Double> windowMeans(String label, String metric, long from, long to) {
        List<Double> means = new ArrayList<>();
        for (TreeMap<Long, Double> trial : series(label, metric).values()) {
            double sum = 0;
            int count = 0;
            for (Map.Entry<Long, Double> entry : trial.entrySet()) {
                long round = entry.getKey() * roundsPerStep;
                if (round >= from && round <= to) {
                    sum += entry.getValue();
                    count++;
                }
            }
            if (count == 0) {
                throw new IllegalArgumentException("series '" + label + "' has no " + metric + " between rounds "
                        + from + " and " + to);
            }
            means.add(sum / count);
        }
        return means;
    }

    /** Per trial: the mean of |metric| over all steps. */
    List<Double> meanAbsolute(String label, String metric) {
        List<Double> means = new ArrayList<>();
        for (TreeMap<Long, Double> trial : series(label, metric).values()) {
            means.add(trial.values().stream().mapToDouble(Math::abs).average().orElseThrow());
        }
        return means;
    }

    /** The value of a metric that is the same in every row (for example j_fixed_point). */
    double constant(String label, String metric) {
        return series(label, metric).values().iterator().next().firstEntry().getValue();
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }
}
