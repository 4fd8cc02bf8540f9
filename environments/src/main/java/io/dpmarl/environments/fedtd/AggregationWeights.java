package io.dpmarl.environments.fedtd;

import io.dpmarl.core.validation.Checks;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * The aggregation weights c = (c^1, ..., c^N) of the DP federated TD(lambda) paper (Section 3): every c^i > 0 and sum_i
 * c^i = 1. They define the target value J (the c-weighted team cost), the master's aggregate sum_j c^j theta^j and the
 * row-stochastic weight matrix W = 1_N c^T.
 *
 * @param values the weights; copied, validated: each in (0, 1], sum within 1e-9 of 1
 */
public record AggregationWeights(double[] values) implements io.dpmarl.core.model.FederatedWeights {
    /** Absolute tolerance on |sum_i c^i - 1|. */
    public static final double SUM_TOLERANCE = 1e-9;

    public AggregationWeights {
        Checks.atLeast("number of weights", values.length, 1);
        values = values.clone();
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("weight c^" + (i + 1) + " must be in (0, 1], got " + values[i]);
            }
            sum += values[i];
        }
        if (!(Math.abs(sum - 1) <= SUM_TOLERANCE)) {
            throw new IllegalArgumentException("weights c must sum to 1 (within " + SUM_TOLERANCE + "), got sum "
                    + sum);
        }
    }

    /** Uniform weights c^i = 1/N (our default; the paper does not state c). */
    public static AggregationWeights uniform(int numAgents) {
        Checks.atLeast("numAgents", numAgents, 1);
        double[] c = new double[numAgents];
        Arrays.fill(c, 1.0 / numAgents);
        // make the sum exact up to round-off by putting the remainder on the last weight
        double sum = 0;
        for (int i = 0; i < numAgents - 1; i++) {
            sum += c[i];
        }
        c[numAgents - 1] = 1 - sum;
        return new AggregationWeights(c);
    }

    /** Non-uniform weights c proportional to U[0.5, 1.5] draws, normalised (our variant, to exercise a row-stochastic,
     * not doubly stochastic, weight matrix). */
    public static AggregationWeights random(int numAgents, RandomGenerator random) {
        Checks.atLeast("numAgents", numAgents, 1);
        double[] c = new double[numAgents];
        double sum = 0;
        for (int i = 0; i < numAgents; i++) {
            c[i] = 0.5 + random.nextDouble();
            sum += c[i];
        }
        for (int i = 0; i < numAgents; i++) {
            c[i] /= sum;
        }
        return new AggregationWeights(c);
    }

    /** Number of agents N. */
    @Override
    public int size() {
        return values.length;
    }

    /** Weight c^{i+1} of agent index {@code agent} (0-based). */
    @Override
    public double get(int agent) {
        return values[agent];
    }

    /** A copy of the weights. */
    @Override
    public double[] values() {
        return values.clone();
    }

    /** c_min = min_i c^i. */
    public double min() {
        return Arrays.stream(values).min().orElseThrow();
    }

    /** c_max = max_i c^i. */
    public double max() {
        return Arrays.stream(values).max().orElseThrow();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AggregationWeights w && Arrays.equals(values, w.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "AggregationWeights" + Arrays.toString(values);
    }
}
