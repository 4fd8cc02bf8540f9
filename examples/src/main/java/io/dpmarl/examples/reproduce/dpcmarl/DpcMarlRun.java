package io.dpmarl.examples.reproduce.dpcmarl;

import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.environments.platoon.PlatoonEvaluator;
import io.dpmarl.algorithms.linear.dpcmarl.DpcMarlA2c;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The evaluation series of one DPC-MARL run directory, per trial: the CAPC metric of the greedy policy, the same
 * for uniformly random actions from the same initial states, and whether training collapsed. "Final" follows the
 * paper's "Final Rewards": per trial the mean of the metric over the last 10% of evaluation points (at least one).
 *
 * @param evaluation trial -&gt; episode -&gt; greedy-policy metric
 * @param random     trial -&gt; episode -&gt; random-policy metric
 * @param collapsed  trial -&gt; true if training collapsed (non-finite parameters)
 * @param training   trial -&gt; episode -&gt; training return
 * @param fixed      trial -&gt; episode -&gt; fixed-controller metric (every vehicle (0.5, 0.5)); empty for runs
 *                   recorded before the evaluator wrote it
 */
record DpcMarlRun(Map<Integer, TreeMap<Long, Double>> evaluation, Map<Integer, TreeMap<Long, Double>> random,
                  Map<Integer, Boolean> collapsed, Map<Integer, TreeMap<Long, Double>> training,
                  Map<Integer, TreeMap<Long, Double>> fixed) {

    /** The metrics {@link #of} reads; a claims step reads only these rows of a run. */
    static final java.util.Set<String> METRICS = java.util.Set.of(PlatoonEvaluator.METRIC, PlatoonEvaluator.RANDOM,
            DpcMarlA2c.COLLAPSED, Pipeline.EPISODE_RETURN, PlatoonEvaluator.FIXED_CONTROLLER);

    static DpcMarlRun of(List<MetricRecord> records) {
        Map<Integer, TreeMap<Long, Double>> evaluation = new TreeMap<>();
        Map<Integer, TreeMap<Long, Double>> random = new TreeMap<>();
        Map<Integer, Boolean> collapsed = new TreeMap<>();
        Map<Integer, TreeMap<Long, Double>> training = new TreeMap<>();
        Map<Integer, TreeMap<Long, Double>> fixed = new TreeMap<>();
        for (MetricRecord record : records) {
            switch (record.metric()) {
                case PlatoonEvaluator.METRIC -> evaluation.computeIfAbsent(record.trial(), k -> new TreeMap<>())
                        .put(record.step(), record.value());
                case PlatoonEvaluator.RANDOM -> random.computeIfAbsent(record.trial(), k -> new TreeMap<>())
                        .put(record.step(), record.value());
                case DpcMarlA2c.COLLAPSED -> collapsed.merge(record.trial(), record.value() > 0, Boolean::logicalOr);
                case Pipeline.EPISODE_RETURN -> training.computeIfAbsent(record.trial(), k -> new TreeMap<>())
                        .put(record.step(), record.value());
                case PlatoonEvaluator.FIXED_CONTROLLER -> fixed.computeIfAbsent(record.trial(), k -> new TreeMap<>())
                        .put(record.step(), record.value());
                default -> { }
            }
        }
        if (evaluation.isEmpty()) {
            throw new IllegalArgumentException("the run has no " + PlatoonEvaluator.METRIC + " rows: add the "
                    + "capc-evaluation evaluator to the spec");
        }
        return new DpcMarlRun(evaluation, random, collapsed, training, fixed);
    }

    /** Per trial: the mean of the last 10% of the series (at least one point). */
    static List<Double> finals(Map<Integer, TreeMap<Long, Double>> series) {
        List<Double> finals = new ArrayList<>();
        for (TreeMap<Long, Double> trial : series.values()) {
            List<Double> values = new ArrayList<>(trial.values());
            int count = Math.max(1, (int) Math.ceil(values.size() * 0.1));
            double sum = 0;
            for (int k = values.size() - count; k < values.size(); k++) {
                sum += values.get(k);
            }
            finals.add(sum / count);
        }
        return finals;
    }

    /** Episodes between evaluation points (from the first trial's first two points; 1 if only one). */
    int evaluateEvery() {
        TreeMap<Long, Double> first = evaluation.values().iterator().next();
        if (first.size() < 2) {
            return 1;
        }
        Long a = first.firstKey();
        Long b = first.higherKey(a);
        return (int) (b - a);
    }

    /** Per trial: the mean training return over the first and over the last {@code fraction} of episodes. */
    List<double[]> trainingEnds(double fraction) {
        List<double[]> ends = new ArrayList<>();
        for (TreeMap<Long, Double> trial : training.values()) {
            List<Double> values = new ArrayList<>(trial.values());
            int count = Math.max(1, (int) Math.ceil(values.size() * fraction));
            ends.add(new double[] {mean(values.subList(0, count)), mean(values.subList(values.size() - count,
                    values.size()))});
        }
        return ends;
    }

    /** Per-trial final rewards of the learned (greedy) policy. */
    List<Double> finals() {
        return finals(evaluation);
    }

    /** True if any trial collapsed or ended with a non-finite reward (the paper's "None"). */
    boolean anyCollapsed() {
        return collapsed.values().stream().anyMatch(Boolean::booleanValue)
                || finals().stream().anyMatch(value -> !Double.isFinite(value));
    }

    /** Per trial: learned final minus random final over the same evaluation points. */
    List<Double> pairedGains() {
        return gainsOver(random);
    }

    /** Per trial: learned final minus the fixed controller's final (empty if the run did not record it). */
    List<Double> gainsOverFixedController() {
        return fixed.isEmpty() ? List.of() : gainsOver(fixed);
    }

    private List<Double> gainsOver(Map<Integer, TreeMap<Long, Double>> referenceSeries) {
        List<Double> learned = finals(evaluation);
        List<Double> reference = finals(referenceSeries);
        List<Double> gains = new ArrayList<>();
        for (int k = 0; k < learned.size(); k++) {
            gains.add(learned.get(k) - reference.get(k));
        }
        return gains;
    }

    /** Per trial: the final fixed-controller reward (empty if the run did not record it). */
    List<Double> fixedFinals() {
        return finals(fixed);
    }

    /** Per trial: the final random-policy reward. */
    List<Double> randomFinals() {
        return finals(random);
    }

    /**
     * The mean curve over trials, smoothed by a trailing moving average over {@code window} evaluation points;
     * returns the smoothed values at the start and at the end of the last {@code fraction} of the points.
     */
    double[] smoothedTail(int window, double fraction) {
        TreeMap<Long, Double> mean = new TreeMap<>();
        for (TreeMap<Long, Double> trial : evaluation.values()) {
            trial.forEach((step, value) -> mean.merge(step, value / evaluation.size(), Double::sum));
        }
        List<Double> values = new ArrayList<>(mean.values());
        int start = Math.max(0, (int) Math.floor(values.size() * (1 - fraction)) - 1);
        return new double[] {trailing(values, start, window), trailing(values, values.size() - 1, window)};
    }

    private static double trailing(List<Double> values, int end, int window) {
        int from = Math.max(0, end - window + 1);
        double sum = 0;
        for (int k = from; k <= end; k++) {
            sum += values.get(k);
        }
        return sum / (end - from + 1);
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Sample standard deviation (0 for one value). */
    static double std(List<Double> values) {
        if (values.size() < 2) {
            return 0;
        }
        double mean = mean(values);
        double sum = 0;
        for (double value : values) {
            sum += (value - mean) * (value - mean);
        }
        return Math.sqrt(sum / (values.size() - 1));
    }
}
