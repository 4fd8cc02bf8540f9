package io.dpmarl.core.env;

import java.util.Arrays;

/**
 * What one agent observes: a discrete state index (or {@code -1} when the observation is continuous)
 * and a feature vector (empty when the observation is discrete only).
 */
public record Observation(int state, double[] features) {
    private static final double[] NONE = new double[0];

    /** A discrete observation. */
    public static Observation discrete(int state) {
        return new Observation(state, NONE);
    }

    /** A continuous observation. */
    public static Observation vector(double... features) {
        return new Observation(-1, features);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Observation o && o.state == state && Arrays.equals(features, o.features);
    }

    @Override
    public int hashCode() {
        return 31 * state + Arrays.hashCode(features);
    }

    @Override
    public String toString() {
        return features.length == 0 ? "s" + state : "s" + state + Arrays.toString(features);
    }
}
