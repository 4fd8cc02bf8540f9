package io.dpmarl.examples.reproduce.planning;

import io.dpmarl.core.experiment.MetricRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The metrics of one dp-planning run directory, by experiment label (the grid point, or the run name), metric and
 * step (trial 0 only: every bundled spec runs one trial).
 */
public final class PlanningRuns {
    private final Map<String, Map<String, TreeMap<Long, Double>>> series = new LinkedHashMap<>();

    /** The runs of {@code records}. */
    public PlanningRuns(List<MetricRecord> records) {
        for (MetricRecord record : records) {
            if (record.trial() == 0) {
                series.computeIfAbsent(record.experiment(), label -> new LinkedHashMap<>())
                        .computeIfAbsent(record.metric(), metric -> new TreeMap<>()).put(record.step(), record.value());
            }
        }
    }

    /** The experiment labels. */
    public List<String> labels() {
        return List.copyOf(series.keySet());
    }

    /**
     * The first label whose grid assignments ("key=value" separated by blanks) match every fragment: a fragment
     * {@code key=number} matches an assignment of the same key with a numerically equal value ("10" and "10.0"),
     * any other fragment matches an assignment that starts with it.
     */
    public Optional<String> label(String... fragments) {
        for (String label : series.keySet()) {
            boolean all = true;
            for (String fragment : fragments) {
                all &= matches(label, fragment);
            }
            if (all) {
                return Optional.of(label);
            }
        }
        return Optional.empty();
    }

    private static boolean matches(String label, String fragment) {
        for (String token : label.split(" ")) {
            int equals = fragment.indexOf('=');
            if (equals > 0 && token.startsWith(fragment.substring(0, equals + 1))) {
                try {
                    double wanted = Double.parseDouble(fragment.substring(equals + 1));
                    double value = Double.parseDouble(token.substring(equals + 1));
                    if (wanted == value) {
                        return true;
                    }
                    continue;
                } catch (NumberFormatException notNumeric) {
                    // fall through to the prefix match
                }
            }
            if (token.startsWith(fragment) || (equals < 0 && token.contains(fragment))) {
                return true;
            }
        }
        return false;
    }

    /** The values of {@code metric} by step, empty if absent. */
    public TreeMap<Long, Double> series(String label, String metric) {
        return series.getOrDefault(label, Map.of()).getOrDefault(metric, new TreeMap<>());
    }

    /** The value of {@code metric} at its first step. */
    public Optional<Double> first(String label, String metric) {
        TreeMap<Long, Double> values = series(label, metric);
        return values.isEmpty() ? Optional.empty() : Optional.of(values.firstEntry().getValue());
    }

    /** The value of {@code metric} at its last step. */
    public Optional<Double> last(String label, String metric) {
        TreeMap<Long, Double> values = series(label, metric);
        return values.isEmpty() ? Optional.empty() : Optional.of(values.lastEntry().getValue());
    }

    /** The mean of {@code metric} over its steps (the private success: the mean of episode_return). */
    public Optional<Double> mean(String label, String metric) {
        TreeMap<Long, Double> values = series(label, metric);
        return values.isEmpty() ? Optional.empty()
                : Optional.of(values.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow());
    }

    /** Number of values of {@code metric}. */
    public int count(String label, String metric) {
        return series(label, metric).size();
    }

    /** The first label matching {@code fragments} whose {@code metric} starts at {@code value}. */
    public Optional<String> labelWith(String metric, double value, String... fragments) {
        for (String label : series.keySet()) {
            boolean all = true;
            for (String fragment : fragments) {
                all &= matches(label, fragment);
            }
            if (all && first(label, metric).map(v -> v == value).orElse(false)) {
                return Optional.of(label);
            }
        }
        return Optional.empty();
    }
}
