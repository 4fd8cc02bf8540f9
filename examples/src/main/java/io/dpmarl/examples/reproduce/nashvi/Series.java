package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.core.experiment.MetricRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One experiment of a DP-Nash-VI run read back from its metric rows: the instance, the privatizer (kind and
 * epsilon), the E multiplier, and per trial the cumulative regret at the recorded episodes, the last output Nash
 * gap, the last certified gap and the mean post-processing fallback rate. Trials are paired across the series of
 * a run (the runner gives trial i the same seed in every experiment).
 *
 * @param instance     the bundled spec name (the game)
 * @param privatizer   {@code non-private}, {@code central} or {@code local}
 * @param epsilon      epsilon (infinity for non-private)
 * @param eScale       the E multiplier of practical mode
 * @param steps        the episodes at which regret was recorded, increasing, common to all trials
 * @param regret       {@code regret[trial][i]}: cumulative regret at {@code steps[i]}
 * @param nashGap      the last recorded output Nash gap per trial
 * @param certifiedGap the last certified gap per trial
 * @param fallbackRate the mean over episodes of the fallback rate, per trial
 */
public record Series(String instance, String privatizer, double epsilon, double eScale, long[] steps,
                     double[][] regret, double[] nashGap, double[] certifiedGap, double[] fallbackRate) {
    private static final Pattern KIND = Pattern.compile("nashvi-(non-private|central-counts|local-counts)");
    private static final Pattern EPSILON = Pattern.compile("epsilon=([0-9.eE+-]+)");
    private static final Pattern E_SCALE = Pattern.compile("e-scale=([0-9.eE+-]+)");

    /** The series of one run's metric rows, in the order the experiments first appear; unparsable labels skipped. */
    public static List<Series> of(String instance, List<MetricRecord> records) {
        Map<String, List<MetricRecord>> byExperiment = new LinkedHashMap<>();
        for (MetricRecord record : records) {
            byExperiment.computeIfAbsent(record.experiment(), label -> new ArrayList<>()).add(record);
        }
        List<Series> series = new ArrayList<>();
        for (Map.Entry<String, List<MetricRecord>> experiment : byExperiment.entrySet()) {
            Matcher kind = KIND.matcher(experiment.getKey());
            if (!kind.find()) {
                continue;
            }
            String privatizer = kind.group(1).replace("-counts", "");
            Matcher epsilonMatch = EPSILON.matcher(experiment.getKey());
            double epsilon = privatizer.equals("non-private") || !epsilonMatch.find() ? Double.POSITIVE_INFINITY
                    : Double.parseDouble(epsilonMatch.group(1));
            Matcher scaleMatch = E_SCALE.matcher(experiment.getKey());
            double eScale = scaleMatch.find() ? Double.parseDouble(scaleMatch.group(1)) : 0.001;
            series.add(build(instance, privatizer, epsilon, eScale, experiment.getValue()));
        }
        return series;
    }

    private static Series build(String instance, String privatizer, double epsilon, double eScale,
                                List<MetricRecord> records) {
        TreeMap<Integer, TreeMap<Long, Double>> regret = new TreeMap<>();
        TreeMap<Integer, TreeMap<Long, Double>> gap = new TreeMap<>();
        TreeMap<Integer, TreeMap<Long, Double>> certified = new TreeMap<>();
        TreeMap<Integer, double[]> fallback = new TreeMap<>();
        for (MetricRecord record : records) {
            switch (record.metric()) {
                case "cumulative_regret" -> regret.computeIfAbsent(record.trial(), t -> new TreeMap<>())
                        .put(record.step(), record.value());
                case "nash_gap" -> gap.computeIfAbsent(record.trial(), t -> new TreeMap<>())
                        .put(record.step(), record.value());
                case "certified_gap" -> certified.computeIfAbsent(record.trial(), t -> new TreeMap<>())
                        .put(record.step(), record.value());
                case "fallback_rate" -> {
                    double[] sum = fallback.computeIfAbsent(record.trial(), t -> new double[2]);
                    sum[0] += record.value();
                    sum[1]++;
                }
                default -> { }
            }
        }
        TreeSet<Long> common = null;
        for (TreeMap<Long, Double> trial : regret.values()) {
            if (common == null) {
                common = new TreeSet<>(trial.keySet());
            } else {
                common.retainAll(trial.keySet());
            }
        }
        long[] steps = common == null ? new long[0] : common.stream().mapToLong(Long::longValue).toArray();
        int trials = regret.size();
        double[][] curves = new double[trials][steps.length];
        double[] gaps = new double[trials];
        double[] certifiedGaps = new double[trials];
        double[] rates = new double[trials];
        int index = 0;
        for (Map.Entry<Integer, TreeMap<Long, Double>> trial : regret.entrySet()) {
            for (int i = 0; i < steps.length; i++) {
                curves[index][i] = trial.getValue().get(steps[i]);
            }
            gaps[index] = last(gap.get(trial.getKey()));
            certifiedGaps[index] = last(certified.get(trial.getKey()));
            double[] sum = fallback.get(trial.getKey());
            rates[index] = sum == null ? Double.NaN : sum[0] / sum[1];
            index++;
        }
        return new Series(instance, privatizer, epsilon, eScale, steps, curves, gaps, certifiedGaps, rates);
    }

    private static double last(TreeMap<Long, Double> values) {
        return values == null || values.isEmpty() ? Double.NaN : values.lastEntry().getValue();
    }

    /** A short label, for example {@code "central eps=1"} (with the E multiplier if not the practical 0.001). */
    public String label() {
        String base = privatizer.equals("non-private") ? "non-private" : privatizer + " eps=" + format(epsilon);
        return eScale == 0.001 ? base : base + " e-scale=" + format(eScale);
    }

    static String format(double value) {
        return value == Math.rint(value) && !Double.isInfinite(value) ? String.valueOf((long) value)
                : String.valueOf(value);
    }

    /** Number of trials. */
    public int trials() {
        return regret.length;
    }

    /** The last step index. */
    public int last() {
        return steps.length - 1;
    }

    /** Mean cumulative regret over trials at step index i. */
    public double meanRegret(int index) {
        double sum = 0;
        for (double[] trial : regret) {
            sum += trial[index];
        }
        return sum / regret.length;
    }

    /** Mean of a per-trial quantity. */
    static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** Standard error of the mean of a per-trial quantity (0 for one trial). */
    static double standardError(double[] values) {
        int n = values.length;
        double mean = mean(values);
        double sum = 0;
        for (double value : values) {
            sum += (value - mean) * (value - mean);
        }
        return n < 2 ? 0 : Math.sqrt(sum / (n - 1) / n);
    }

    /** Regret at step index i per trial. */
    double[] regretAt(int index) {
        double[] values = new double[regret.length];
        for (int t = 0; t < regret.length; t++) {
            values[t] = regret[t][index];
        }
        return values;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s %s (%d trials)", instance, label(), trials());
    }
}
