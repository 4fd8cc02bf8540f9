package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.mechanisms.privatizers.BoundedLaplaceCalibration;
import io.dpmarl.mechanisms.privatizers.MaLdpCalibration;

/**
 * The noise mechanisms of MA-LDP ("Local differential privacy preserving mechanisms for multi-agent reinforcement
 * learning", Sections 5-6) and the non-private baseline {@link #NONE} (not in the paper). {@link #noiseStd} is the
 * per-entry standard deviation of the paper-literal calibration (Gaussian {@code sigma}, Laplace {@code sqrt(2) b},
 * uniform {@code a / sqrt(3)}, bounded Laplace {@code sqrt(zeta)} with {@code B = b}), used by the generic bonus
 * (App. C eq. 19), the bounded-Laplace bonus (eq. 23) and the analysis shift (App. C) when the privatizer's
 * calibration is paper-literal (the sound calibration's noise differs; its std is then given as {@code noise-std}).
 */
public enum Mechanism {
    /** No noise: the non-private baseline. */
    NONE,
    /** Gaussian noise (Thm 1). */
    GAUSSIAN,
    /** Laplace noise (Thm 3). */
    LAPLACE,
    /** Uniform noise (Thm 5). */
    UNIFORM,
    /** Bounded Laplace noise with {@code B = b} (Thm 7). */
    BOUNDED_LAPLACE;

    /**
     * The registry label: {@code none}, {@code gaussian}, {@code laplace}, {@code uniform}, {@code bounded-laplace}.
     */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The mechanism of a label. */
    public static Mechanism parse(String label) {
        for (Mechanism mechanism : values()) {
            if (mechanism.label().equals(label)) {
                return mechanism;
            }
        }
        throw new IllegalArgumentException("mechanism must be one of none, gaussian, laplace, uniform, "
                + "bounded-laplace, got '" + label + "'");
    }

    /**
     * The per-entry noise standard deviation of the paper-literal calibration (0 for {@link #NONE}), the uniform
     * half-width by Theorem 5 ({@code 4H^3 sqrt(ln(2H/delta))}).
     */
    public double noiseStd(double epsilon, double delta, int horizon, int nd) {
        return noiseStd(epsilon, delta, horizon, nd, true);
    }

    /**
     * The per-entry noise standard deviation of the paper-literal calibration (0 for {@link #NONE}).
     *
     * @param uniformSquareRoot the uniform half-width of Theorem 5 (true) or of App. D.3, {@code 4H^3 ln(2H/delta)}
     *                          without the root (false, {@code uniform-formula=no-sqrt})
     */
    public double noiseStd(double epsilon, double delta, int horizon, int nd, boolean uniformSquareRoot) {
        if (this == NONE) {
            return 0.0;
        }
        MaLdpCalibration.Setting setting = new MaLdpCalibration.Setting(epsilon, delta, horizon, nd);
        return switch (this) {
            case GAUSSIAN -> MaLdpCalibration.paperSigma(setting);
            case LAPLACE -> Math.sqrt(2) * MaLdpCalibration.paperLaplaceScale(setting);
            case UNIFORM -> MaLdpCalibration.paperUniformHalfWidth(setting, uniformSquareRoot) / Math.sqrt(3);
            default -> {
                double b = MaLdpCalibration.paperLaplaceScale(setting);
                yield Math.sqrt(BoundedLaplaceCalibration.variance(b, b));
            }
        };
    }
}
