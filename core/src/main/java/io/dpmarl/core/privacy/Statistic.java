package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;
import java.util.Arrays;

/**
 * A statistic a {@link Privatizer} can release: a scalar, a vector, a symmetric matrix, a vector of
 * counts or a categorical value. Arrays are not copied (hot loops); callers must not mutate an array
 * after handing it to a privatizer.
 */
public sealed interface Statistic {

    /** One real number. */
    record Scalar(double value) implements Statistic {
    }

    /** A real vector. */
    record Vector(double[] values) implements Statistic {
        @Override
        public boolean equals(Object other) {
            return other instanceof Vector v && Arrays.equals(values, v.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return "Vector" + Arrays.toString(values);
        }
    }

    /**
     * A symmetric {@code dimension x dimension} matrix stored row-major in full. Privatizers perturb the
     * upper triangle (diagonal included) and mirror it, so the release stays symmetric (MA-LDP Alg. 1).
     */
    record SymmetricMatrix(int dimension, double[] values) implements Statistic {
        public SymmetricMatrix {
            Checks.atLeast("dimension", dimension, 1);
            if (values.length != dimension * dimension) {
                throw new IllegalArgumentException("values must have dimension^2 = " + dimension * dimension
                        + " entries, got " + values.length);
            }
        }

        /** Entry (row, column). */
        public double get(int row, int column) {
            return values[row * dimension + column];
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SymmetricMatrix m && m.dimension == dimension && Arrays.equals(values, m.values);
        }

        @Override
        public int hashCode() {
            return 31 * dimension + Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return "SymmetricMatrix(" + dimension + ")" + Arrays.toString(values);
        }
    }

    /** Integer counts (visit counts, one step of a count stream). */
    record Counts(long[] counts) implements Statistic {
        @Override
        public boolean equals(Object other) {
            return other instanceof Counts c && Arrays.equals(counts, c.counts);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(counts);
        }

        @Override
        public String toString() {
            return "Counts" + Arrays.toString(counts);
        }
    }

    /** A categorical value in {@code 0..categories-1} (a symbolic state, a vote). */
    record Category(int value, int categories) implements Statistic {
        public Category {
            Checks.atLeast("categories", categories, 1);
            if (value < 0 || value >= categories) {
                throw new IllegalArgumentException("value must be in [0, " + (categories - 1) + "], got " + value);
            }
        }
    }
}
