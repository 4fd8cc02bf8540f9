package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;

/**
 * How far a statistic can move between two neighbouring inputs, measured in one norm. A Laplace
 * mechanism needs the L1 sensitivity, a Gaussian mechanism the L2 sensitivity. A categorical or symbolic
 * release (randomized response; the word-DP trajectories of "Differential Privacy in Cooperative Multiagent
 * Planning") declares a {@link Norm#HAMMING} sensitivity instead: how many coordinates may differ, whatever their
 * values, to which no numeric noise scale can be calibrated.
 *
 * @param norm  the norm the distance is measured in
 * @param value the largest distance, in (0, inf)
 */
public record Sensitivity(Norm norm, double value) {

    /** The norm of a sensitivity. */
    public enum Norm {
        /** Sum of absolute differences (Laplace, discrete Laplace). */
        L1,
        /** Euclidean distance (Gaussian, discrete Gaussian). */
        L2,
        /** Largest absolute coordinate difference. */
        LINF,
        /**
         * Number of coordinates that may differ, whatever their values: categorical and symbolic releases; no
         * numeric noise scale can be calibrated to it.
         */
        HAMMING
    }

    /**
     * @throws IllegalArgumentException if norm is null or value is not in (0, inf)
     */
    public Sensitivity {
        if (norm == null) {
            throw new IllegalArgumentException("sensitivity norm must be one of L1, L2, LINF, HAMMING, got null");
        }
        Checks.positiveFinite("sensitivity", value);
    }

    /** An L1 sensitivity. */
    public static Sensitivity l1(double value) {
        return new Sensitivity(Norm.L1, value);
    }

    /** An L2 sensitivity. */
    public static Sensitivity l2(double value) {
        return new Sensitivity(Norm.L2, value);
    }

    /**
     * A Hamming sensitivity: at most {@code coordinates} coordinates (categories, symbols) of neighbouring releases
     * differ, by any amount.
     *
     * @throws IllegalArgumentException if coordinates is below 1
     */
    public static Sensitivity hamming(int coordinates) {
        return new Sensitivity(Norm.HAMMING, Checks.atLeast("sensitivity", coordinates, 1));
    }

    /**
     * Returns {@code norm} if numeric noise can be calibrated to it (L1, L2, L-infinity); refuses
     * {@link Norm#HAMMING} with a one-line message naming {@code owner} (the privatizer or parameter).
     *
     * @param owner who calibrates, for the message, e.g. {@code "laplace"}
     * @param norm  the declared norm
     * @throws IllegalArgumentException if norm is {@link Norm#HAMMING} or null
     */
    public static Norm requireNumeric(String owner, Norm norm) {
        if (norm == null || norm == Norm.HAMMING) {
            throw new IllegalArgumentException(owner + ": the sensitivity norm must be one of L1, L2, LINF to calibrate"
                    + " numeric noise, got " + norm + " (a Hamming sensitivity counts the coordinates that may differ,"
                    + " whatever their values: no noise scale can be calibrated to it)");
        }
        return norm;
    }
}
