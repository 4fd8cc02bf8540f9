package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;

/**
 * Privacy of the uniform mechanism (MA-LDP section 6.1, Theorem 5): noise {@code U[-a, a]} per
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
        return Math.min(1, SafeRounding.divideUp(sensitivity, 2 * halfWidth));
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

    /**
     * The delta of the float-safe uniform privatizer ({@link io.dpmarl.mechanisms.noise.Samplers#uniform}) with
     * at most {@code coordinates} coordinates rounded to its grid {@code r}: the noise is uniform on
     * {@code {-K..K} r} with {@code K = floor(a / r)}, neighbours differ after rounding by at most
     * {@code Delta + m r} in L1, i.e. by integer multiples {@code j_i} of {@code r} with {@code sum |j_i| r <=
     * Delta + m r}, and the total variation of the shifted product law is at most {@code sum |j_i| / (2K + 1)}.
     * Hence {@code delta = min(1, (Delta + m r) / ((2K + 1) r))}, slightly above {@code Delta / (2a)}.
     *
     * @throws IllegalArgumentException if halfWidth or sensitivity is not in (0, inf) or coordinates is below 1
     */
    public static double floatSafeDelta(double halfWidth, double sensitivity, int coordinates) {
        Checks.positiveFinite("a", halfWidth);
        Checks.positiveFinite("sensitivity", sensitivity);
        double granularity = io.dpmarl.mechanisms.noise.Samplers.uniformGranularity(halfWidth);
        double steps = Math.floor(halfWidth / granularity);
        double effective = FloatSafeSensitivity.effective(io.dpmarl.core.privacy.Sensitivity.Norm.L1, sensitivity,
                coordinates, granularity);
        return Math.min(1, Math.nextUp(effective / ((2 * steps + 1) * granularity)));
    }

    /**
     * The smallest half-width found by iteration whose {@link #floatSafeDelta} is at most {@code delta}.
     *
     * @throws IllegalArgumentException if delta is not in (0, 1), sensitivity not in (0, inf) or coordinates below 1
     */
    public static double floatSafeHalfWidthFor(double delta, double sensitivity, int coordinates) {
        double halfWidth = halfWidthFor(delta, sensitivity);
        for (int i = 0; i < 64 && floatSafeDelta(halfWidth, sensitivity, coordinates) > delta; i++) {
            double granularity = io.dpmarl.mechanisms.noise.Samplers.uniformGranularity(halfWidth);
            double effective = FloatSafeSensitivity.effective(io.dpmarl.core.privacy.Sensitivity.Norm.L1, sensitivity,
                    coordinates, granularity);
            // (2K + 1) r >= 2a - r > effective / delta once a >= effective / (2 delta) + r
            halfWidth = Math.nextUp(Math.max(Math.nextUp(halfWidth), effective / (2 * delta) + granularity));
        }
        if (floatSafeDelta(halfWidth, sensitivity, coordinates) > delta) {
            throw new IllegalArgumentException("max-coordinates must be small enough that the grid rounding of that "
                    + "many coordinates stays below the sensitivity (use a smaller max-coordinates), got "
                    + coordinates);
        }
        return halfWidth;
    }

    /** The half-width {@code a = sensitivity / (2 delta)} that gives (0, delta). */
    public static double halfWidthFor(double delta, double sensitivity) {
        Checks.openUnit("delta", delta);
        Checks.positiveFinite("sensitivity", sensitivity);
        return SafeRounding.divideUp(sensitivity, 2 * delta);
    }
}
