package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;

/**
 * How far a statistic can move between two neighbouring inputs, measured in one norm. A Laplace
 * mechanism needs the L1 sensitivity, a Gaussian mechanism the L2 sensitivity.
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
        LINF
    }

    public Sensitivity {
        if (norm == null) {
            throw new IllegalArgumentException("sensitivity norm must be one of L1, L2, LINF, got null");
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
}
