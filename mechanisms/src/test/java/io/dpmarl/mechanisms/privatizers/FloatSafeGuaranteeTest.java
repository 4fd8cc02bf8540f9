package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Review finding 2: the float-safe privatizers round every coordinate to the noise grid r, so neighbours can be
 * {@code Delta + m r} (L1) or {@code Delta + sqrt(m) r} (L2) apart for m coordinates; the reported guarantee and
 * event must hold at that effective sensitivity for {@code m = max-coordinates}. Expected values are derived in
 * the tests from the closed forms (zCDP of the Gaussian, Bun-Steinke Prop. 1.6; pure epsilon of Laplace; total
 * variation of the grid uniform). Deterministic: no false rejections.
 */
class FloatSafeGuaranteeTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Privatizer create(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    /**
     * The true rho of Gaussian noise sigma on grid r for m rounded coordinates: (Delta + sqrt(m) r)^2 / (2 sigma^2).
     */
    private static double trueRho(double sensitivity, int coordinates, double grid, double sigma) {
        double shift = sensitivity + Math.sqrt(coordinates) * grid;
        return shift * shift / (2 * sigma * sigma);
    }

    /**
     * The reviewer's example gaussian-zcdp(rho = 1e-4, Delta = 1): sigma = 70.7 and r = 2^(6 - 19) = 2^-13. With
     * the noise calibrated at Delta (the old behaviour) the true rho is 2.5% (m = 10^4) and 18% (m = 5e5) above the
     * reported one: the check below rejects that variant. Calibrated at Delta' = 1 + sqrt(m) 2^-13 (sigma stays
     * below 128, so the grid is unchanged) the true rho is at most the reported 1e-4.
     */
    @ParameterizedTest
    @CsvSource({"10000, 0.02", "500000, 0.17"})
    void zcdpHoldsAtTheEffectiveSensitivity(int coordinates, double oldExcessAtLeast) {
        double rho = 1e-4;
        double oldSigma = 1 / Math.sqrt(2 * rho);
        double grid = 0x1p-13;
        assertEquals(grid, Samplers.gaussianGranularity(oldSigma));
        assertTrue(trueRho(1, coordinates, grid, oldSigma) > rho * (1 + oldExcessAtLeast),
                "the uncorrected calibration understates rho (the variant this test must reject)");

        AdditiveNoisePrivatizer privatizer = GaussianZcdpPrivatizerProvider.create(rho, 1, coordinates,
                Neighbouring.RECORD);
        assertEquals(new PrivacyGuarantee.Zcdp(rho), privatizer.guarantee());
        double expectedSensitivity = 1 + Math.sqrt(coordinates) * grid;
        double expectedSigma = expectedSensitivity / Math.sqrt(2 * rho);
        PrivacyEvent.GaussianEvent event = (PrivacyEvent.GaussianEvent) privatizer.event();
        assertEquals(expectedSigma, event.sigma(), 1e-12 * expectedSigma);
        assertEquals(expectedSensitivity, event.sensitivity(), 1e-14);
        assertEquals(grid, privatizer.distribution().granularity());
        assertTrue(trueRho(1, coordinates, privatizer.distribution().granularity(), event.sigma()) <= rho * (1 + 1e-15),
                "true rho " + trueRho(1, coordinates, grid, event.sigma()));
        assertEquals(coordinates, privatizer.maxCoordinates());
    }

    /**
     * For every float-safe factory and several m: the event's sensitivity covers Delta plus the rounding excess
     * of m coordinates on the privatizer's actual grid, so the reported guarantee is an upper bound.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "laplace(epsilon=0.5, sensitivity=2, max-coordinates=1)| 1",
        "laplace(epsilon=1e-3, sensitivity=1, max-coordinates=100000)| 100000",
        "gaussian(epsilon=0.5, delta=1e-5, sensitivity=2, max-coordinates=7)| 7",
        "gaussian(epsilon=2, delta=1e-6, sensitivity=1, calibration=analytic, max-coordinates=100000)| 100000",
        "gaussian-zcdp(rho=0.01, sensitivity=3)| 4096",
        "ma-ldp(mechanism=gaussian, calibration=sound, epsilon=1)| 4096",
        "ma-ldp(mechanism=gaussian, calibration=paper-literal, epsilon=1, max-coordinates=10)| 10",
        "ma-ldp(mechanism=laplace, calibration=paper-literal, epsilon=1, release=matrix)| 4096",
        "ma-ldp(mechanism=laplace, calibration=sound, epsilon=1, release=matrix, max-coordinates=10)| 10",
    })
    void eventSensitivityCoversTheRoundingExcess(String spec, int coordinates) {
        AdditiveNoisePrivatizer privatizer = (AdditiveNoisePrivatizer) create(spec);
        double grid = privatizer.distribution().granularity();
        double declared = privatizer.sensitivity().value();
        PrivacyEvent event = privatizer.event();
        if (event instanceof PrivacyEvent.GaussianEvent gaussian) {
            double needed = declared + Math.sqrt(coordinates) * grid;
            assertTrue(gaussian.sensitivity() >= needed, gaussian.sensitivity() + " < " + needed);
            PrivacyGuarantee guarantee = privatizer.guarantee();
            if (guarantee instanceof PrivacyGuarantee.ApproxDp dp) {
                // the exact Gaussian profile (Balle-Wang Thm 8) at the true shift stays within the reported delta
                double exact = GaussianCalibration.exactDelta(gaussian.sigma(), dp.epsilon(), needed);
                assertTrue(exact <= dp.delta() * (1 + 1e-9), "exact delta " + exact + " above " + dp.delta());
            }
        } else {
            PrivacyEvent.LaplaceEvent laplace = (PrivacyEvent.LaplaceEvent) event;
            double needed = declared + coordinates * grid;
            assertTrue(laplace.sensitivity() >= needed, laplace.sensitivity() + " < " + needed);
            double epsilon = ((PrivacyGuarantee.PureDp) privatizer.guarantee()).epsilon();
            assertTrue(needed / laplace.scale() <= epsilon * (1 + 1e-15), "true epsilon above the reported one");
        }
    }

    /**
     * Uniform noise: the grid uniform on {-K..K} r, K = floor(a / r), and an L1 shift of at most Delta + m r give
     * total variation at most (Delta + m r) / ((2K + 1) r). From a target delta the half-width is widened so this
     * stays at most the target; from a half-width it is the reported delta.
     */
    @Test
    void uniformDeltaCoversTheRoundingExcess() {
        int coordinates = 100_000;
        AdditiveNoisePrivatizer fromDelta = (AdditiveNoisePrivatizer) create("uniform(delta=0.01, sensitivity=1, "
                + "max-coordinates=100000)");
        double grid = fromDelta.distribution().granularity();
        double halfWidthSteps = Math.floor(0.5 / 0.01 / grid); // a is at least 1 / (2 delta) = 50
        double bound = (1 + coordinates * grid) / ((2 * halfWidthSteps + 1) * grid);
        assertTrue(bound > 0.01, "at a = 50 exactly the target would be exceeded: " + bound);
        double reported = ((PrivacyGuarantee.ApproxDp) fromDelta.guarantee()).delta();
        assertTrue(reported <= 0.01, "reported " + reported);
        assertEquals(0.01, reported, 1e-9);

        AdditiveNoisePrivatizer fromWidth = UniformPrivatizerProvider.create("uniform", 50, 1, coordinates,
                java.util.Optional.empty(), Neighbouring.RECORD);
        double widthGrid = Samplers.uniformGranularity(50);
        double expected = (1 + coordinates * widthGrid) / ((2 * Math.floor(50 / widthGrid) + 1) * widthGrid);
        assertEquals(expected, ((PrivacyGuarantee.ApproxDp) fromWidth.guarantee()).delta(), 1e-15);
    }

    /** Bounded Laplace: epsilon and the non-overlap delta (bounded Laplace) at Delta + m r. */
    @Test
    void boundedLaplaceReportsAtTheEffectiveSensitivity() {
        AdditiveNoisePrivatizer privatizer = BoundedLaplacePrivatizerProvider.create("bounded-laplace", 1000, 3000, 100,
                1 << 20, java.util.Optional.empty(), Neighbouring.RECORD);
        double effective = 100 + (1 << 20) * 0x1p-30; // b = 1000 has grid 2^(9 - 39)
        PrivacyGuarantee.ApproxDp guarantee = (PrivacyGuarantee.ApproxDp) privatizer.guarantee();
        assertEquals(effective / 1000, guarantee.epsilon(), 1e-15);
        double delta = (Math.exp(-(3000 - effective) / 1000) - Math.exp(-3.0)) / (2 * (1 - Math.exp(-3.0)));
        assertEquals(delta, guarantee.delta(), 1e-15);
    }

    /** Calibration that cannot converge (the grid grows as fast as the excess) is refused, naming the parameter. */
    @Test
    void anAbsurdMaxCoordinatesIsRefused() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> GaussianZcdpPrivatizerProvider.create(1e-12, 1, Integer.MAX_VALUE, Neighbouring.RECORD));
        assertTrue(error.getMessage().contains("max-coordinates"), error.getMessage());
    }

    /** The excess formulas themselves: m r (L1), sqrt(m) r (L2), r (L-infinity). */
    @Test
    void excessFormulas() {
        assertEquals(4096 * 0x1p-39, FloatSafeSensitivity.excess(io.dpmarl.core.privacy.Sensitivity.Norm.L1, 4096,
                0x1p-39), 1e-23);
        assertEquals(64 * 0x1p-19, FloatSafeSensitivity.excess(io.dpmarl.core.privacy.Sensitivity.Norm.L2, 4096,
                0x1p-19), 1e-19);
        assertEquals(0x1p-19, FloatSafeSensitivity.excess(io.dpmarl.core.privacy.Sensitivity.Norm.LINF, 4096,
                0x1p-19), 1e-20);
    }
}
