package io.dpmarl.examples.reproduce.dpqd;

import io.dpmarl.core.experiment.MetricRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metric rows of one dp-qd run directory: metric, trial, recorded step (episode from 1) to value, plus the
 * sample statistics the claims use.
 *
 * @param rows metric -&gt; trial -&gt; step -&gt; value
 */
record QdRuns(Map<String, Map<Integer, TreeMap<Long, Double>>> rows) {

    static QdRuns of(List<MetricRecord> records) {
        Map<String, Map<Integer, TreeMap<Long, Double>>> rows = new LinkedHashMap<>();
        for (MetricRecord record : records) {
            rows.computeIfAbsent(record.metric(), k -> new TreeMap<>())
                    .computeIfAbsent(record.trial(), k -> new TreeMap<>()).put(record.step(), record.value());
        }
        return new QdRuns(rows);
    }

    boolean has(String metric) {
        return rows.containsKey(metric);
    }

    private Map<Integer, TreeMap<Long, Double>> series(String metric) {
        Map<Integer, TreeMap<Long, Double>> series = rows.get(metric);
        if (series == null) {
            throw new IllegalArgumentException("no metric " + metric + "; metrics: " + rows.keySet());
        }
        return series;
    }

    /** The trials that recorded the metric. */
    List<Integer> trials(String metric) {
        return new ArrayList<>(series(metric).keySet());
    }

    /** The recorded steps of a metric (of its first trial). */
    List<Long> steps(String metric) {
        return new ArrayList<>(series(metric).values().iterator().next().keySet());
    }

    /** The last recorded step of a metric. */
    long lastStep(String metric) {
        return series(metric).values().iterator().next().lastKey();
    }

    /** Per trial, the value at {@code step}. */
    Map<Integer, Double> at(String metric, long step) {
        Map<Integer, Double> values = new TreeMap<>();
        for (Map.Entry<Integer, TreeMap<Long, Double>> trial : series(metric).entrySet()) {
            Double value = trial.getValue().get(step);
            if (value == null) {
                throw new IllegalArgumentException("metric " + metric + " has no value at step " + step
                        + " in trial " + trial.getKey());
            }
            values.put(trial.getKey(), value);
        }
        return values;
    }

    /** Per trial, the last value. */
    Map<Integer, Double> last(String metric) {
        return at(metric, lastStep(metric));
    }

    /**
     * The environment steps done at the end of recorded window {@code step} of a dp-qd run with the
     * {@code qd-messages} evaluator: its {@code eavesdropper_step} there (the step t, from 0, of the window's last
     * message; largest over the trials) plus 1. The bundled specs' windows are 100 steps (window 1 ends at t = 100),
     * but a run's own spec may set any {@code schedule.step-limit}, so the claims read the steps from here.
     *
     * @throws IllegalArgumentException if the run has no {@code eavesdropper_step} at that window
     */
    long stepsDone(long step) {
        return at("eavesdropper_step", step).values().stream().mapToLong(Math::round).max().orElseThrow() + 1;
    }

    /**
     * The environment steps of recorded window {@code step}: its end ({@link #stepsDone}) less the end of the window
     * before, {@code (step - 1) W}, with W the windows' length, the first recorded window's end over its number.
     * Every window but a run's last is full (a CBMP episode ends only at its step limit, and a schedule of steps
     * cuts only the last), so window k starts after k - 1 full windows, whether or not those were recorded.
     */
    long windowSteps(long step) {
        long firstWindow = steps("eavesdropper_step").get(0);
        long length = stepsDone(firstWindow) / firstWindow;
        return stepsDone(step) - (step - 1) * length;
    }

    /**
     * The length of the recorded windows, from {@link #stepsDone}: {@code "W steps"} with W the first window's, and
     * {@code "W steps (the last of L)"} when the last window is shorter (a schedule whose steps are not a multiple of
     * its step limit cuts the last window).
     */
    String windowLengths() {
        List<Long> windows = steps("eavesdropper_step");
        long first = stepsDone(windows.get(0));
        long last = windows.size() < 2 ? first
                : stepsDone(windows.get(windows.size() - 1)) - stepsDone(windows.get(windows.size() - 2));
        return first + " steps" + (last == first ? "" : " (the last of " + last + ")");
    }

    /** The metric names with a prefix. */
    List<String> metricsStartingWith(String prefix) {
        return rows.keySet().stream().filter(m -> m.startsWith(prefix)).sorted().toList();
    }

    static double mean(Iterable<Double> values) {
        double sum = 0;
        int n = 0;
        for (double value : values) {
            sum += value;
            n++;
        }
        return sum / n;
    }

    /** Sample standard deviation (n - 1). */
    static double sd(List<Double> values) {
        double mean = mean(values);
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return Math.sqrt(squares / (values.size() - 1));
    }

    /** Sample skewness g1 = m3 / m2^1.5 (central moments with 1/n). */
    static double skewness(List<Double> values) {
        double mean = mean(values);
        double m2 = 0;
        double m3 = 0;
        for (double value : values) {
            double d = value - mean;
            m2 += d * d / values.size();
            m3 += d * d * d / values.size();
        }
        return m3 / Math.pow(m2, 1.5);
    }

    /** Sample excess kurtosis g2 = m4 / m2^2 - 3. */
    static double excessKurtosis(List<Double> values) {
        double mean = mean(values);
        double m2 = 0;
        double m4 = 0;
        for (double value : values) {
            double d = value - mean;
            m2 += d * d / values.size();
            m4 += d * d * d * d / values.size();
        }
        return m4 / (m2 * m2) - 3;
    }

    static String format(double value) {
        return String.format(java.util.Locale.ROOT, "%.4g", value);
    }
}
