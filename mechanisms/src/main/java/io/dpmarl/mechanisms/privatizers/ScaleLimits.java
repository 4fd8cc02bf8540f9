package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.Sensitivity;
import java.util.function.DoubleUnaryOperator;

/**
 * The noise scales the exact samplers of {@code io.dpmarl.mechanisms.noise.Samplers} can draw, derived from their
 * code, and the build-time checks that refuse a privatizer whose parameters derive a scale outside them, with a
 * message in the plugin's own parameters (no privacy guarantee of its own: it only refuses).
 *
 * <h2>Derivations</h2>
 * <ul>
 *   <li>Float-safe Laplace (and the Laplace of MA-LDP): a sample is {@code k r} with {@code r = 2^(e - 39)},
 *       {@code e = floor(log2 b)}, and {@code |k| < 2^53} but for a tail of probability below
 *       {@code exp(-2^13)}. Every such {@code k r} is a finite double iff {@code (2^53 - 1) r <= Double.MAX_VALUE
 *       = (2^53 - 1) 2^971}, that is {@code r <= 2^971}, {@code e <= 1010}: the scale must be below
 *       {@code 2^1011} ({@link #LAPLACE_MAX_SCALE}). Beyond it samples inside the sampler's exact range overflow
 *       to infinity: rarely just above the limit (from {@code |k| = 2^52} on the grid {@code 2^972}), with
 *       probability about {@code e^-1} per draw at {@code b} near {@code Double.MAX_VALUE}.</li>
 *   <li>Float-safe Gaussian: the grid is {@code r = 2^(e - 19)}, {@code e = floor(log2 sigma)}, and the same
 *       argument gives {@code r <= 2^971}, {@code sigma < 2^991} ({@link #GAUSSIAN_MAX_SIGMA}).</li>
 *   <li>Exact discrete Laplace and discrete Gaussian: the samplers refuse a parameter above {@code 2^61}
 *       ({@link #DISCRETE_MAX_SCALE}), the range of their long arithmetic (CKS 2020 Algorithms 2 and 3).</li>
 *   <li>Float-safe uniform and bounded Laplace: every sample lies in {@code [-a, a]} (resp. {@code [-bound, bound]}),
 *       so every finite parameter is drawable; only a derived parameter that is not finite is refused.</li>
 *   <li>Float-safe calibration ({@link FloatSafeSensitivity#calibrate}): the grid rounding of {@code m}
 *       coordinates adds about {@code m 2^-39 Delta' / epsilon} (Laplace, L1) or {@code sqrt(m) 2^-19 sigma}
 *       (Gaussian, L2) to the sensitivity; the fixed point {@code Delta'} exists below {@code 16 Delta} when that
 *       excess is at most half of {@code Delta'} (for Laplace: always when {@code epsilon >= m 2^-38}) and never
 *       when it is at least {@code 15/16} of it (for Laplace: {@code epsilon <= m 2^-40 16/15}). The grid is never
 *       below {@code 2^-1061} (Laplace) or {@code 2^-1041} (Gaussian), so a sensitivity of about that times
 *       {@code m} or less cannot be calibrated either.</li>
 * </ul>
 */
public final class ScaleLimits {
    /** The largest float-safe Laplace scale: {@code 2^1011} less one ulp (about 2.19E304). */
    public static final double LAPLACE_MAX_SCALE = Math.nextDown(0x1p1011);
    /** The largest float-safe Gaussian sigma: {@code 2^991} less one ulp (about 2.09E298). */
    public static final double GAUSSIAN_MAX_SIGMA = Math.nextDown(0x1p991);
    /** The largest discrete Laplace scale or discrete Gaussian sigma: {@code 2^61}. */
    public static final double DISCRETE_MAX_SCALE = 0x1p61;
    /** The largest finite double, the limit of a uniform half-width or a bounded Laplace scale. */
    public static final double FINITE_MAX = Double.MAX_VALUE;

    /** How the Laplace limit reads in a message and in {@code dpmarl list}. */
    public static final String LAPLACE_LIMIT_TEXT = "at most 2^1011 less one ulp = " + LAPLACE_MAX_SCALE
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";
    /** How the Gaussian limit reads in a message. */
    public static final String GAUSSIAN_LIMIT_TEXT = "at most 2^991 less one ulp = " + GAUSSIAN_MAX_SIGMA
            + " (the exact Gaussian sampler's largest sigma: beyond it a sample can overflow to infinity)";
    /** How the discrete samplers' limit reads in a message. */
    public static final String DISCRETE_LIMIT_TEXT = "at most 2^61 = " + DISCRETE_MAX_SCALE
            + " (the exact discrete sampler's largest parameter)";
    /** How the finite-double limit reads in a message. */
    public static final String FINITE_LIMIT_TEXT = "at most " + FINITE_MAX + " (a finite double)";

    private ScaleLimits() {
    }

    /**
     * Refuses a derived noise parameter above {@code max} (or NaN, or infinite) with
     * {@code "<plugin>: <formula> must be <limit>; got <given>"}; returns it otherwise.
     *
     * @param plugin  the plugin's name
     * @param formula how the parameter derives from the user's parameters, e.g. {@code "sensitivity / epsilon"}
     * @param value   the derived parameter
     * @param max     its largest drawable value
     * @param limit   the limit in words, e.g. {@link #LAPLACE_LIMIT_TEXT}
     * @param given   the user's parameters, e.g. {@code "epsilon=1.0E-320, sensitivity=1.0"}
     * @throws IllegalArgumentException if {@code value} is not at most {@code max}
     */
    public static double require(String plugin, String formula, double value, double max, String limit, String given) {
        if (!(value <= max)) {
            throw new IllegalArgumentException(plugin + ": " + formula + " must be " + limit + "; got " + given);
        }
        return value;
    }

    /**
     * {@link FloatSafeSensitivity#calibrate}, with a refusal in the plugin's parameters when no effective
     * sensitivity below 16 times the declared one exists.
     *
     * @param noiseTerms the noise parameter, e.g. {@code "sensitivity / epsilon"}, whose grid is rounded
     * @param condition  the accepted range in the user's terms, e.g. {@code "epsilon must be at least about ..."}
     * @throws IllegalArgumentException naming the plugin if the norm is {@code HAMMING} (no numeric noise scale can
     *                                  be calibrated to it), and naming its parameters if the calibration fails
     */
    static double calibrate(String plugin, Sensitivity.Norm norm, double sensitivity, int maxCoordinates,
                            DoubleUnaryOperator gridForSensitivity, String noiseTerms, String condition,
                            String given) {
        Sensitivity.requireNumeric(plugin, norm);
        try {
            return FloatSafeSensitivity.calibrate(norm, sensitivity, maxCoordinates, gridForSensitivity);
        } catch (IllegalArgumentException failed) {
            throw new IllegalArgumentException(plugin + ": the float-safe grid rounding of max-coordinates coordinates"
                    + " (a grid about " + noiseTerms + ") must stay below 15 times the sensitivity: " + condition
                    + "; got " + given + " (use a larger budget or a smaller max-coordinates)", failed);
        }
    }

    /** The Laplace calibration condition in the user's terms, for {@code m = maxCoordinates}. */
    static String laplaceCondition(int maxCoordinates) {
        return "epsilon must be at least about max-coordinates * 2^-39 = " + maxCoordinates * 0x1p-39
                + " (always accepted from max-coordinates * 2^-38) and sensitivity at least about max-coordinates"
                + " * 2^-1061 / 15";
    }

    /** Renders {@code name=value} pairs (an even number of arguments) for a message. */
    public static String given(Object... namesAndValues) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (i > 0) {
                text.append(", ");
            }
            text.append(namesAndValues[i]).append('=').append(namesAndValues[i + 1]);
        }
        return text.toString();
    }
}
