package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.validation.Checks;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An empirical audit of a declared sensitivity: the statistic that a release privatises is computed on coupled
 * neighbouring inputs and the largest observed distance is compared with the bound the privacy accounting uses.
 *
 * <p>The calibration of every additive mechanism (Laplace, Gaussian, their discrete versions) rests on one
 * number, the sensitivity {@code Delta = max over neighbours D ~ D' of ||f(D) - f(D')||}. A sensitivity that is
 * declared too small silently weakens the guarantee by the same factor, and no noise audit can see it, because
 * the noise audits take the inputs as given. This kit checks the statistic itself: the caller supplies
 * instances, a neighbouring relation (each instance mapped to its neighbours) and the computation of the
 * statistic <em>before</em> any privacy noise. The computation must be deterministic given its input: every
 * non-private random choice (exploration, sampling of transitions, initial states) is drawn from a seed stored
 * in the instance, so that an instance and its neighbour share the same randomness and the pair is
 * <em>coupled</em>. A computation that adds privacy noise must draw it identically on both sides so that it
 * cancels; the simplest is to add none.
 *
 * <p>The audit is a lower bound on the true sensitivity: it can prove a declared bound wrong (an observed
 * distance above {@code declared}, up to a relative floating-point tolerance), never prove it right. So the
 * instances should include adversarial ones (extreme values, the worst-case user) next to random ones.
 *
 * <pre>{@code
 * SensitivityAudit.Report<int[]> report = SensitivityAudit.of("clipped sum", 2.0, SensitivityAudit.Norm.L1)
 *         .check(instances, data -> neighboursOf(data), data -> new double[] {clippedSum(data)});
 * report.assertHolds();   // AssertionError naming the witness pair if observed > declared
 * }</pre>
 */
public final class SensitivityAudit {

    /** Default relative tolerance for floating-point rounding: {@code 1e-9}. */
    public static final double DEFAULT_TOLERANCE = 1e-9;

    /** The norm in which a sensitivity is declared. */
    public enum Norm {
        /** Sum of absolute differences: the norm of the Laplace mechanism. */
        L1,
        /** Euclidean norm: the norm of the Gaussian mechanism. */
        L2,
        /** Largest absolute difference. */
        LINF;

        /**
         * The distance between two vectors of the same length in this norm. The L2 distance is summed scaled by the
         * largest coordinate difference, so that no square underflows (differences below about 1e-154) or
         * overflows (above about 1e154); a NaN coordinate gives NaN.
         */
        public double distance(double[] first, double[] second) {
            if (first.length != second.length) {
                throw new IllegalArgumentException("neighbouring outputs must have the same length, got "
                        + first.length + " and " + second.length);
            }
            if (this == L2) {
                return euclidean(first, second);
            }
            double total = 0;
            for (int i = 0; i < first.length; i++) {
                double d = Math.abs(first[i] - second[i]);
                total = this == L1 ? total + d : Math.max(total, d);
            }
            return total;
        }

        private static double euclidean(double[] first, double[] second) {
            double largest = 0;
            for (int i = 0; i < first.length; i++) {
                largest = Math.max(largest, Math.abs(first[i] - second[i]));
            }
            if (largest == 0 || largest == Double.POSITIVE_INFINITY) {
                return largest;
            }
            double scaled = 0;
            for (int i = 0; i < first.length; i++) {
                double d = Math.abs(first[i] - second[i]) / largest;
                scaled += d * d;
            }
            return largest * Math.sqrt(scaled);
        }
    }

    /**
     * A neighbouring pair of inputs.
     *
     * @param first       one input
     * @param second      its neighbour
     * @param description what differs between them, for the report (for example "user 3 replaced")
     * @param <I>         the input type
     */
    public record Pair<I>(I first, I second, String description) {
        /** Checks that both inputs are present. */
        public Pair {
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(second, "second");
            Objects.requireNonNull(description, "description");
        }
    }

    /**
     * The neighbouring relation: the neighbours of an instance that the audit compares it with.
     *
     * @param <I> the input type
     */
    @FunctionalInterface
    public interface Neighbours<I> {
        /** The neighbouring pairs {@code (instance, neighbour)} to check. */
        List<Pair<I>> of(I instance);
    }

    /**
     * The audit's outcome.
     *
     * @param name      the name of the audited statistic
     * @param norm      the norm of the declared sensitivity
     * @param declared  the declared sensitivity
     * @param observed  the largest distance observed over all pairs
     * @param pairs     number of pairs checked
     * @param tolerance relative tolerance for floating-point rounding
     * @param witness   the first pair that attained {@code observed}; empty when no pair was checked
     * @param <I>       the input type
     */
    public record Report<I>(String name, Norm norm, double declared, double observed, long pairs, double tolerance,
                            Optional<Pair<I>> witness) {

        /** {@code observed / declared}: above 1 means the declared sensitivity is refuted. */
        public double ratio() {
            return observed / declared;
        }

        /** True if no pair exceeded {@code declared (1 + tolerance)}. */
        public boolean holds() {
            return observed <= declared * (1 + tolerance);
        }

        /**
         * Throws an {@link AssertionError} naming the witness if the declared sensitivity is exceeded, or if no pair
         * was checked (an audit of nothing shows nothing).
         */
        public void assertHolds() {
            if (pairs == 0) {
                throw new AssertionError(name + ": no neighbouring pair was checked (the neighbouring relation gave"
                        + " none), so nothing was shown");
            }
            if (!holds()) {
                throw new AssertionError(this + " exceeds the declared sensitivity");
            }
        }

        /** Throws an {@link AssertionError} if the declared sensitivity was NOT refuted (for mutants). */
        public void assertRefuted() {
            if (holds()) {
                throw new AssertionError(this + " was expected to exceed the declared sensitivity");
            }
        }

        @Override
        public String toString() {
            return String.format("%s: observed %s sensitivity %.6g vs declared %.6g (ratio %.4f) over %d pairs%s",
                    name, norm, observed, declared, ratio(), pairs,
                    witness.map(w -> ", attained by [" + w.description() + "] on " + w.first()).orElse(""));
        }
    }

    private final String name;
    private final double declared;
    private final Norm norm;
    private final double tolerance;

    private SensitivityAudit(String name, double declared, Norm norm, double tolerance) {
        this.name = Objects.requireNonNull(name, "name");
        this.declared = Checks.positiveFinite("declared", declared);
        this.norm = Objects.requireNonNull(norm, "norm");
        this.tolerance = Checks.nonNegativeFinite("tolerance", tolerance);
    }

    /** An audit of the statistic {@code name} against the sensitivity {@code declared} in {@code norm}. */
    public static SensitivityAudit of(String name, double declared, Norm norm) {
        return new SensitivityAudit(name, declared, norm, DEFAULT_TOLERANCE);
    }

    /** The same audit with another relative floating-point tolerance (at least 0). */
    public SensitivityAudit withTolerance(double relativeTolerance) {
        return new SensitivityAudit(name, declared, norm, relativeTolerance);
    }

    /**
     * Computes the statistic on every instance and each of its neighbours and reports the largest distance.
     *
     * @param instances   the inputs (random and adversarial)
     * @param neighbours  the neighbouring relation
     * @param computation the statistic before privacy noise, deterministic given its input
     * @param <I>         the input type
     * @return the report; call {@link Report#assertHolds()} or {@link Report#assertRefuted()}
     */
    public <I> Report<I> check(List<I> instances, Neighbours<I> neighbours, Function<I, double[]> computation) {
        List<Pair<I>> pairs = new ArrayList<>();
        for (I instance : instances) {
            pairs.addAll(neighbours.of(instance));
        }
        return check(pairs, computation);
    }

    /** Computes the statistic on both sides of each given pair and reports the largest distance. */
    public <I> Report<I> check(List<Pair<I>> pairs, Function<I, double[]> computation) {
        double observed = 0;
        Pair<I> witness = null;
        for (Pair<I> pair : pairs) {
            double[] first = computation.apply(pair.first());
            double[] second = computation.apply(pair.second());
            double distance = norm.distance(first, second);
            if (Double.isNaN(distance)) {
                throw new IllegalStateException(name + ": the statistic is NaN on [" + pair.description() + "]");
            }
            if (witness == null || distance > observed) {
                observed = distance;
                witness = pair;
            }
        }
        return new Report<>(name, norm, declared, observed, pairs.size(), tolerance, Optional.ofNullable(witness));
    }

    /** Flattens a matrix row by row, for statistics that are matrices. */
    public static double[] flatten(double[][] matrix) {
        int total = 0;
        for (double[] row : matrix) {
            total += row.length;
        }
        double[] out = new double[total];
        int at = 0;
        for (double[] row : matrix) {
            System.arraycopy(row, 0, out, at, row.length);
            at += row.length;
        }
        return out;
    }
}
