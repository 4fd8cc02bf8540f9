package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.validation.Checks;

/**
 * Privacy of the uniform mechanism (MA-LDP section 6.1, spec 000 section 3.4): noise {@code U[-a, a]} per
 * coordinate. Its privacy loss is 0 or infinite, so it gives a (0, delta) guarantee with delta the total
 * variation between the shifted laws: {@code 1 - prod_j max(0, 1 - |v_j|/(2a)) <= min(1, ||v||_1 / (2a))}.
 */
public final class UniformCalibration {
    private UniformCalibration() {
    }

    /** The delta bound {@code min(1, sensitivity / (2a))} for an L1 sensitivity. */
    public static double delta(double halfWidth, double sensitivity) {
        Checks.positiveFinite("a", halfWidth);
        Checks.positiveFinite("sensitivity", sensitivity);
        return Math.min(1, sensitivity / (2 * halfWidth));
    }

    /** The exact total variation {@code 1 - prod_j max(0, 1 - |v_j|/(2a))} for a shift vector. */
    public static double exactDelta(double halfWidth, double[] shift) {
        Checks.positiveFinite("a", halfWidth);
        double overlap = 1;
        for (double component : shift) {
            overlap *= Math.max(0, 1 - Math.abs(component) / (2 * halfWidth));
        }
        return 1 - overlap;
    }

    /** The half-width {@code a = sensitivity / (2 delta)} that gives (0, delta). */
    public static double halfWidthFor(double delta, double sensitivity) {
        Checks.openUnit("delta", delta);
        Checks.positiveFinite("sensitivity", sensitivity);
        return Math.nextUp(sensitivity / (2 * delta));
    }
}
