package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind;

import java.util.List;

/**
 * One configuration of the protocol and its trials: a privatizer at one epsilon on one game.
 *
 * @param game       game label
 * @param privatizer privatizer
 * @param epsilon    epsilon (infinity for non-private)
 * @param trials     the trials, in seed order
 */
public record Series(String game, PrivatizerKind privatizer, double epsilon, List<TrialResult> trials) {

    /** The metric label, for example {@code "central eps=1"}. */
    public String label() {
        String base = privatizer == PrivatizerKind.NON_PRIVATE ? "non-private"
                : privatizer.label() + " eps=" + format(epsilon);
        return game.equals("rz-tiny") ? base : game + " " + base;
    }

    static String format(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }

    /** Mean over trials of a per-checkpoint quantity at checkpoint index i. */
    public double mean(int index, Quantity quantity) {
        double sum = 0;
        for (TrialResult trial : trials) {
            sum += quantity.of(trial)[index];
        }
        return sum / trials.size();
    }

    /** Standard error over trials at checkpoint index i. */
    public double standardError(int index, Quantity quantity) {
        double mean = mean(index, quantity);
        double sum = 0;
        for (TrialResult trial : trials) {
            double deviation = quantity.of(trial)[index] - mean;
            sum += deviation * deviation;
        }
        int n = trials.size();
        return n < 2 ? 0 : Math.sqrt(sum / (n - 1) / n);
    }

    /** The last checkpoint index. */
    public int last() {
        return trials.get(0).checkpoints().length - 1;
    }

    /** A per-checkpoint quantity of a trial. */
    @FunctionalInterface
    public interface Quantity {
        /** Its values at the checkpoints. */
        double[] of(TrialResult trial);

        /** Cumulative regret. */
        Quantity REGRET = TrialResult::cumulativeRegret;
        /** Output Nash gap. */
        Quantity NASH_GAP = TrialResult::nashGap;
        /** Minimal certified gap. */
        Quantity CERTIFIED_GAP = TrialResult::certifiedGap;
    }
}
