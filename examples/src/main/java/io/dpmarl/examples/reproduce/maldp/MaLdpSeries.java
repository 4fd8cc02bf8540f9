package io.dpmarl.examples.reproduce.maldp;

import io.dpmarl.core.experiment.MetricRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One experiment (grid point) of an MA-LDP run read back from its metric rows: the mechanism and epsilon from the
 * label, and per trial the cumulative regret curve ({@code cumulative_regret}, recorded every episode) and the last
 * value of every other metric. Trials are paired across the experiments of a run (trial i has the same seed in
 * every experiment).
 *
 * @param label     the experiment label
 * @param mechanism {@code none}, {@code gaussian}, {@code laplace}, {@code uniform}, {@code bounded-laplace}
 * @param epsilon   the per-user epsilon of one agent (infinity for none)
 * @param regret    per trial, cumulative regret by episode
 * @param last      per metric, its last value per trial (index = trial order)
 */
public record MaLdpSeries(String label, String mechanism, double epsilon, List<TreeMap<Long, Double>> regret,
                          Map<String, double[]> last) {
    private static final Pattern MECHANISM = Pattern.compile("mechanism=([a-z-]+)");
    private static final Pattern EPSILON = Pattern.compile("epsilon=([0-9.eE+-]+)");

    /** The series of one run with a regret curve, in the order the experiments first appear. */
    public static List<MaLdpSeries> of(List<MetricRecord> records) {
        Collector collector = new Collector();
        records.forEach(collector::accept);
        return collector.series();
    }

    /**
     * Builds the series from metric rows visited one at a time (for example streamed from a run's metrics file), so
     * that only the regret curves and the last value of every other metric are held, not the rows.
     */
    public static final class Collector {
        private final Map<String, TreeMap<Integer, TreeMap<Long, Double>>> curves = new LinkedHashMap<>();
        private final Map<String, Map<String, TreeMap<Integer, double[]>>> lastByMetric = new HashMap<>();

        /** Takes one row into account. */
        public void accept(MetricRecord row) {
            TreeMap<Integer, TreeMap<Long, Double>> byTrial = curves.computeIfAbsent(row.experiment(),
                    label -> new TreeMap<>());
            if (row.metric().equals("cumulative_regret")) {
                byTrial.computeIfAbsent(row.trial(), t -> new TreeMap<>()).put(row.step(), row.value());
            } else {
                double[] stepAndValue = lastByMetric.computeIfAbsent(row.experiment(), label -> new HashMap<>())
                        .computeIfAbsent(row.metric(), m -> new TreeMap<>())
                        .computeIfAbsent(row.trial(), t -> new double[] {Double.NEGATIVE_INFINITY, 0});
                if (row.step() >= stepAndValue[0]) {
                    stepAndValue[0] = row.step();
                    stepAndValue[1] = row.value();
                }
            }
        }

        /** The series with a regret curve, in the order the experiments first appeared. */
        public List<MaLdpSeries> series() {
            List<MaLdpSeries> series = new ArrayList<>();
            curves.forEach((label, byTrial) -> {
                if (!byTrial.isEmpty()) {
                    series.add(build(label, byTrial, lastByMetric.getOrDefault(label, Map.of())));
                }
            });
            return series;
        }
    }

    private static MaLdpSeries build(String label, TreeMap<Integer, TreeMap<Long, Double>> curves,
                                     Map<String, TreeMap<Integer, double[]>> lastByMetric) {
        Matcher mechanismMatch = MECHANISM.matcher(label);
        String mechanism = mechanismMatch.find() ? mechanismMatch.group(1) : "none";
        Matcher epsilonMatch = EPSILON.matcher(label);
        double epsilon = mechanism.equals("none") || !epsilonMatch.find() ? Double.POSITIVE_INFINITY
                : Double.parseDouble(epsilonMatch.group(1));
        Map<String, double[]> last = new HashMap<>();
        lastByMetric.forEach((metric, byTrial) -> last.put(metric,
                byTrial.values().stream().mapToDouble(v -> v[1]).toArray()));
        return new MaLdpSeries(label, mechanism, epsilon, new ArrayList<>(curves.values()), last);
    }

    /** Number of trials with a regret curve. */
    public int trials() {
        return regret.size();
    }

    /** The common last episode K over trials. */
    public long episodes() {
        return regret.stream().mapToLong(TreeMap::lastKey).min().orElse(0);
    }

    /** Per trial, the cumulative regret at episode {@code step} (the last recorded at or before it). */
    public double[] regretAt(long step) {
        double[] out = new double[regret.size()];
        for (int t = 0; t < out.length; t++) {
            Map.Entry<Long, Double> entry = regret.get(t).floorEntry(step);
            out[t] = entry == null ? 0.0 : entry.getValue();
        }
        return out;
    }

    /** Per trial, the mean per-episode regret over the last 10% of the K episodes. */
    public double[] lateRate() {
        long k = episodes();
        long start = k - Math.max(1, k / 10);
        double[] end = regretAt(k);
        double[] begin = regretAt(start);
        double[] out = new double[end.length];
        for (int t = 0; t < out.length; t++) {
            out[t] = (end[t] - begin[t]) / (k - start);
        }
        return out;
    }

    /** The last value of {@code metric} in trial 0, if recorded. */
    public java.util.OptionalDouble first(String metric) {
        double[] values = last.get(metric);
        return values == null || values.length == 0 ? java.util.OptionalDouble.empty()
                : java.util.OptionalDouble.of(values[0]);
    }

    /** A short label, for example {@code "laplace eps=0.1"}. */
    public String shortLabel() {
        if (mechanism.equals("none")) {
            return label.contains("selection=") ? "none " + label.substring(label.indexOf("selection=") + 10) : "none";
        }
        return mechanism.equals("uniform") ? "uniform delta=0.1" : mechanism + " eps=" + Stats.format(epsilon);
    }
}
