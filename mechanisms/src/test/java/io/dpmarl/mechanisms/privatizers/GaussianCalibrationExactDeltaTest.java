package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.accounting.GaussianPrivacyCurve;
import org.junit.jupiter.api.Test;

/**
 * {@link GaussianCalibration#exactDelta} is the proven upper bound {@link GaussianPrivacyCurve#deltaOfScale} (whose
 * 50-digit checks are in {@code GaussianPrivacyCurveDirectedTest}), capped at 1, with its argument checks.
 */
class GaussianCalibrationExactDeltaTest {

    @Test
    void exactDeltaIsTheProvenBoundOfTheCurve() {
        double[][] cases = {{1, 1, 1}, {0.5, 2, 1}, {3, 0.1, 2}, {40, 1e-3, 7}, {1e-3, 0, 1e-3}};
        for (double[] row : cases) {
            double sigma = row[0];
            double epsilon = row[1];
            double sensitivity = row[2];
            assertEquals(GaussianPrivacyCurve.deltaOfScale(sigma, sensitivity, epsilon),
                    GaussianCalibration.exactDelta(sigma, epsilon, sensitivity), 0.0, java.util.Arrays.toString(row));
        }
    }

    @Test
    void exactDeltaIsAtMostOne() {
        // sigma far below the sensitivity: Phi(mu/2) is 1 and its upper bound a step above, so the bound of delta
        // would exceed 1 by rounding; delta is a probability, capped at 1 (still an upper bound)
        assertTrue(GaussianPrivacyCurve.deltaOfScale(1e-10, 1, 0) > 1.0);
        assertEquals(1.0, GaussianCalibration.exactDelta(1e-10, 0, 1), 0.0);
    }

    @Test
    void exactDeltaRefusesBadArguments() {
        IllegalArgumentException sigma = assertThrows(IllegalArgumentException.class,
                () -> GaussianCalibration.exactDelta(0, 1, 1));
        assertTrue(sigma.getMessage().contains("sigma"), sigma.getMessage());
        IllegalArgumentException epsilon = assertThrows(IllegalArgumentException.class,
                () -> GaussianCalibration.exactDelta(1, -1, 1));
        assertTrue(epsilon.getMessage().contains("epsilon"), epsilon.getMessage());
        IllegalArgumentException sensitivity = assertThrows(IllegalArgumentException.class,
                () -> GaussianCalibration.exactDelta(1, 1, Double.NaN));
        assertTrue(sensitivity.getMessage().contains("sensitivity"), sensitivity.getMessage());
    }
}
