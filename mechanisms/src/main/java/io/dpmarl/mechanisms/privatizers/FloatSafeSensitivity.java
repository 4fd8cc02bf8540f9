package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.validation.Checks;
import java.util.function.DoubleUnaryOperator;

/**
 * The sensitivity a float-safe additive privatizer really has. Before adding noise on the power-of-two grid
 * {@code r}, {@link AdditiveNoisePrivatizer} rounds each of at most {@code m} coordinates to the nearest multiple
 * of {@code r}, which moves each coordinate by at most {@code r / 2}. Two neighbouring inputs at distance at most
 * {@code Delta} are therefore at most {@code Delta' = Delta + m r} apart in L1, {@code Delta + sqrt(m) r} in L2
 * and {@code Delta + r} in L-infinity after rounding (triangle inequality). The privatizers report their
 * guarantee and event at {@code Delta'} and, where a target guarantee is given, calibrate the noise for
 * {@code Delta'} (Mironov 2012 granularity construction; review finding 2).
 *
 * <p>{@code m} is the {@code max-coordinates} parameter, fixed when the privatizer is built; a release with more
 * perturbed coordinates is refused before anything is charged.
 */
public final class FloatSafeSensitivity {
    /** Default largest number of perturbed coordinates of one release. */
    public static final int DEFAULT_MAX_COORDINATES = 4096;
    private static final int MAX_ITERATIONS = 64;

    private FloatSafeSensitivity() {
    }

    /**
     * The rounding excess for {@code coordinates} coordinates on the grid {@code granularity}: {@code m r} (L1),
     * {@code sqrt(m) r} (L2) or {@code r} (L-infinity), rounded up. A Hamming sensitivity is refused: it bounds
     * how many coordinates differ, not by how much, so no grid rounding or noise scale can be calibrated to it.
     *
     * @throws IllegalArgumentException if norm is {@code HAMMING}, coordinates is below 1 or granularity is not in
     *                                  (0, inf)
     */
    public static double excess(Sensitivity.Norm norm, int coordinates, double granularity) {
        Sensitivity.requireNumeric("float-safe sensitivity", norm);
        Checks.atLeast("max-coordinates", coordinates, 1);
        Checks.positiveFinite("granularity", granularity);
        double factor = switch (norm) {
            case L1 -> coordinates;
            case L2 -> Math.nextUp(Math.sqrt(coordinates));
            case LINF, HAMMING -> 1;
        };
        return Math.nextUp(factor * granularity);
    }

    /**
     * The effective sensitivity {@code Delta + excess}, rounded up, of a release whose noise grid is fixed.
     *
     * @throws IllegalArgumentException if norm is {@code HAMMING}, sensitivity is not in (0, inf) or coordinates is
     *                                  below 1
     */
    public static double effective(Sensitivity.Norm norm, double sensitivity, int coordinates, double granularity) {
        Checks.positiveFinite("sensitivity", sensitivity);
        return Math.nextUp(sensitivity + excess(norm, coordinates, granularity));
    }

    /**
     * The smallest fixed point found by iteration of {@code Delta' = Delta + excess(r(Delta'))}, where
     * {@code gridForSensitivity} gives the noise grid of the noise calibrated for a sensitivity (non-decreasing).
     * Noise calibrated for the returned {@code Delta'} meets its target at the effective sensitivity.
     *
     * @throws IllegalArgumentException if norm is {@code HAMMING} (no numeric calibration), or if the iteration
     *                                  does not settle below {@code 16 Delta} (the excess grows
     *                                  about as fast as the sensitivity: max-coordinates is too large for this noise,
     *                                  which happens when {@code sqrt(m) 2^-19 sigma / Delta'} (Gaussian) or
     *                                  {@code m 2^-39 / epsilon} (Laplace) approaches 1)
     */
    public static double calibrate(Sensitivity.Norm norm, double sensitivity, int coordinates,
                                   DoubleUnaryOperator gridForSensitivity) {
        Sensitivity.requireNumeric("float-safe sensitivity", norm);
        Checks.positiveFinite("sensitivity", sensitivity);
        Checks.atLeast("max-coordinates", coordinates, 1);
        double candidate = sensitivity;
        for (int i = 0; i < MAX_ITERATIONS; i++) {
            double needed = effective(norm, sensitivity, coordinates, gridForSensitivity.applyAsDouble(candidate));
            if (needed <= candidate) {
                return candidate;
            }
            candidate = needed;
            if (!(candidate < 16 * sensitivity)) {
                break;
            }
        }
        throw new IllegalArgumentException("max-coordinates must be small enough that the grid rounding of that many "
                + "coordinates stays below 15 times the sensitivity (use a smaller max-coordinates or a larger privacy "
                + "budget: the grid is about 2^-19 sigma or 2^-39 b), got " + coordinates);
    }
}
