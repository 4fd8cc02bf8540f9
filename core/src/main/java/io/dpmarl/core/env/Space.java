package io.dpmarl.core.env;

import java.util.Arrays;

/** An observation or action space: a finite set {@link Discrete} or a box of reals {@link Box}. */
public sealed interface Space {

    /** True if {@code observation} or action lies in this space. */
    boolean contains(Observation observation);

    /** The finite set {@code {0, ..., size-1}}. */
    record Discrete(int size) implements Space {
        public Discrete {
            if (size < 1) {
                throw new IllegalArgumentException("size must be in [1, inf), got " + size);
            }
        }

        @Override
        public boolean contains(Observation observation) {
            return observation.state() >= 0 && observation.state() < size;
        }

        /** True if the index lies in the space. */
        public boolean contains(int index) {
            return index >= 0 && index < size;
        }
    }

    /** The box {@code [low_i, high_i]} of real vectors. */
    record Box(double[] low, double[] high) implements Space {
        public Box {
            if (low.length != high.length) {
                throw new IllegalArgumentException("low and high must have the same length");
            }
        }

        @Override
        public boolean contains(Observation observation) {
            double[] x = observation.features();
            if (x.length != low.length) {
                return false;
            }
            for (int i = 0; i < x.length; i++) {
                if (!(x[i] >= low[i] && x[i] <= high[i])) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Box b && Arrays.equals(low, b.low) && Arrays.equals(high, b.high);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(low) + Arrays.hashCode(high);
        }

        /** {@code Box[low=[...], high=[...]]} with the bounds' values, so that error messages show them. */
        @Override
        public String toString() {
            return "Box[low=" + Arrays.toString(low) + ", high=" + Arrays.toString(high) + "]";
        }
    }
}
