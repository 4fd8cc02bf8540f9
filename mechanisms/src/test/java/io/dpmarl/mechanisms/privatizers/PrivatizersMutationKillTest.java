package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

/**
 * Boundary cases of the privatizers' calibrations and validations, each with its expected value derived by hand:
 * the closed and open ends of every documented range (an end that is in the range is accepted, one that is not is
 * refused, naming the parameter), calibrations at inputs where the formula is exact in binary floating point, and
 * the scale invariance of the analytic Gaussian calibration (Balle and Wang, "Improving the Gaussian mechanism for
 * differential privacy", Theorem 8: the condition depends on {@code Delta / sigma} only, so {@code sigma(Delta) =
 * Delta sigma(1)}).
 */
class PrivatizersMutationKillTest {

    private static final Registry REGISTRY = Registry.discover();

    private static Privatizer create(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    private static double rhoOf(String spec) {
        PrivacyGuarantee guarantee = ((DiscreteNoisePrivatizer) create(spec)).guarantee();
        return assertInstanceOf(PrivacyGuarantee.Zcdp.class, guarantee).rho();
    }

    @Test
    void theClassicGaussianCalibrationRefusesEpsilonOne() {
        // Dwork-Roth Theorem A.1 holds for epsilon < 1 only: epsilon = 1 is outside (0, 1)
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> GaussianCalibration.classic(1.0, 1e-5, 1));
        assertTrue(error.getMessage().contains("epsilon must be in (0, 1)"), error.getMessage());
        assertDoesNotThrow(() -> GaussianCalibration.classic(Math.nextDown(1.0), 1e-5, 1));
    }

    @Test
    void theGaussianDeltaIsAProbabilityAndNeverUnderstated() {
        // sigma = 1, epsilon = 50: Phi(0.5 - 50) underflows; the delta is a probability, never negative
        double tiny = GaussianCalibration.exactDelta(1, 50, 1);
        assertTrue(tiny >= 0 && tiny <= 1e-300, "" + tiny);
        // epsilon = 0: delta = TV(N(0, s^2), N(1, s^2)) = 2 Phi(1/(2s)) - 1, about 1/(s sqrt(2 pi)) for large s;
        // s = 5e19 gives 7.9788e-21. In doubles both Phi terms round to 0.5, so only the added rounding margin
        // keeps the returned delta at or above the true one.
        double trueDelta = 1 / (5e19 * Math.sqrt(2 * Math.PI));
        double computed = GaussianCalibration.exactDelta(5e19, 0, 1);
        assertTrue(computed >= trueDelta * (1 - 1e-6) && computed <= 1e-14, "" + computed);
    }

    @Test
    void theAnalyticSigmaScalesWithTheSensitivity() {
        // Balle-Wang Theorem 8 depends on Delta/sigma only: sigma(Delta) = Delta sigma(1), to the calibration's
        // documented relative precision 1e-12 (both sides), also far below 1 and far above it
        double unit = GaussianCalibration.analytic(1, 1e-5, 1);
        for (double sensitivity : new double[] {1e-9, 1e-3, 1e3, 1e9}) {
            double scaled = GaussianCalibration.analytic(1, 1e-5, sensitivity);
            assertEquals(sensitivity * unit, scaled, 1e-11 * sensitivity * unit, "sensitivity " + sensitivity);
        }
    }

    @Test
    void theZcdpSigmaIsExactWhereTheFormulaIs() {
        // sigma = Delta / sqrt(2 rho): rho = 2, Delta = 1 gives sigma = 1/2 exactly, whose rho 1/(2 * 1/4) = 2
        // meets the target with equality, so no rounding up is needed
        assertEquals(0.5, GaussianCalibration.zcdp(2, 1), 0);
    }

    @Test
    void theBoundedLaplaceDeltaNeedsABoundAboveTheSensitivity() {
        // Delta < B is required (at B = Delta the supports [x - B, x + B] and [x', x' + 2B] only touch)
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> BoundedLaplaceCalibration.delta(1, 1, 1));
        assertTrue(error.getMessage().contains("bound must be in (1.0, inf)"), error.getMessage());
    }

    @Test
    void theBoundedLaplaceNoiseAcceptsABoundOfOneGridStep() {
        // the documented range of the bound is [granularity, inf): its lower end is accepted, below it refused
        double granularity = Samplers.laplaceGranularity(1.0);
        assertDoesNotThrow(() -> NoiseDistribution.boundedLaplace(1.0, granularity));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> NoiseDistribution.boundedLaplace(1.0, Math.nextDown(granularity)));
        assertTrue(error.getMessage().contains("bound must be in [" + granularity + ", inf)"), error.getMessage());
    }

    @Test
    void theExactUniformDeltaDividesByTheFullWidth() {
        // a = 2, shift 1: overlap 1 - 1/(2 * 2) = 3/4, delta 1/4 (a = 1 would not tell 2a from 2/a)
        assertEquals(0.25, UniformCalibration.exactDelta(2, new double[] {1}), 0);
    }

    @Test
    void aUniformDeltaOfOneIsNoGuarantee() {
        // delta = 1 bounds nothing: the guarantee is NonPrivate; just below 1 it is (0, delta)
        assertInstanceOf(PrivacyGuarantee.NonPrivate.class, UniformPrivatizerProvider.zeroEpsilon(1.0));
        assertEquals(new PrivacyGuarantee.ApproxDp(0, Math.nextDown(1.0)),
                UniformPrivatizerProvider.zeroEpsilon(Math.nextDown(1.0)));
    }

    @Test
    void discreteNoiseScalesUpTo2To61AreAccepted() {
        // the documented ranges are (0, 2^61] for sigma and for sensitivity / epsilon: the upper end is accepted
        assertDoesNotThrow(() -> DiscreteGaussianPrivatizerProvider.create(0x1p61, 1, Neighbouring.RECORD));
        assertThrows(IllegalArgumentException.class,
                () -> DiscreteGaussianPrivatizerProvider.create(Math.nextUp(0x1p61), 1, Neighbouring.RECORD));
        assertDoesNotThrow(() -> DiscreteLaplacePrivatizerProvider.create(1, 0x1p61, Neighbouring.RECORD));
        assertThrows(IllegalArgumentException.class,
                () -> DiscreteLaplacePrivatizerProvider.create(0.5, 0x1p61, Neighbouring.RECORD));
    }

    @Test
    void theDiscreteGaussianPluginKeepsExactSigmasAtTheEndsOfTheFastPath() {
        // rho = 2, Delta = 1: sigma = 1/sqrt(4) = 1/2, the lower end of [1/2, 2^20], already 20 significant bits:
        // rho stays 1/(2 * 1/4) = 2
        assertEquals(2.0, rhoOf("discrete-gaussian(rho=2)"), 0);
        // rho = 1/2, Delta = 2^20: sigma = 2^20 / sqrt(1) = 2^20, the upper end: rho stays 2^40 / 2^41 = 1/2
        assertEquals(0.5, rhoOf("discrete-gaussian(rho=0.5, sensitivity=1048576)"), 0);
        // a given sigma = 1/4 (outside the fast path, not derived from rho) is kept: rho = 1/(2/16) = 8
        assertEquals(8.0, rhoOf("discrete-gaussian(sigma=0.25)"), 0);
    }

    @Test
    void theDiscreteGaussianPluginRoundsSigmaUpTo20SignificantBits() {
        // sigma = 1 + 2^-30 has 31 significant bits; rounded up to 20 it is 1 + 2^-19, so rho = 1/(2 (1 + 2^-19)^2),
        // about 0.5 (1 - 2^-18) = 0.5 - 1.907e-6 (unrounded it would be 0.5 - 9.3e-10)
        double sigma = 1 + 0x1p-19;
        double expected = 1 / (2 * sigma * sigma);
        assertEquals(expected, rhoOf("discrete-gaussian(sigma=" + (1 + 0x1p-30) + ")"), 1e-12);
    }

    @Test
    void countsOfMagnitude2To53AreReleased() {
        // the documented range of a count is [-2^53, 2^53]: both ends are released (and charged once)
        for (long count : new long[] {-(1L << 53), 1L << 53}) {
            PrivacyLedger ledger = PrivacyLedger.unaccounted();
            create("discrete-laplace(epsilon=1)").release(new Statistic.Counts(new long[] {count}),
                    NoiseSource.seeded(1), ledger, LedgerKey.agent(0));
            assertEquals(1, ledger.charges(), "count " + count);
        }
    }

    @Test
    void theFloatSafeIterationRefusesAFixedPointAt16TimesTheSensitivity() {
        // Delta = 1, one L1 coordinate, a fixed grid r = 15 - 2^-48: excess = nextUp(r) = 15 - 2^-49, and
        // nextUp(1 + 15 - 2^-49) = 16 = 16 Delta. The documented contract settles strictly below 16 Delta, so the
        // fixed point 16 is refused.
        double grid = 15 - 0x1p-48;
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> FloatSafeSensitivity.calibrate(Sensitivity.Norm.L1, 1, 1, candidate -> grid));
        assertTrue(error.getMessage().contains("max-coordinates must be small enough"), error.getMessage());
        // a grid of 14 (fixed point nextUp(1 + nextUp(14)) just above 15) settles
        double settled = FloatSafeSensitivity.calibrate(Sensitivity.Norm.L1, 1, 1, candidate -> 14);
        assertTrue(settled > 15 && settled < 15 + 1e-13, "" + settled);
    }

    @Test
    void theMaLdpL2SensitivityIsTwiceTheSquaredHorizon() {
        // MA-LDP Appendix D: Delta_2 = 2 H^2; H = 3 gives 18
        assertEquals(18.0, new MaLdpCalibration.Setting(1, 0.1, 3, 2).l2Sensitivity(), 0);
    }

    @Test
    void theSoundMaLdpGaussianGuaranteeIsThePerReleaseTarget() {
        // SOUND calibrates the analytic Gaussian for (epsilon / (2H), delta / (2H)) = (1/6, 0.1/6) with H = 3, and
        // states exactly that target as its guarantee
        AdditiveNoisePrivatizer sound = MaLdpCalibration.SOUND.privatizer(MaLdpCalibration.Mechanism.GAUSSIAN,
                MaLdpCalibration.Release.VECTOR, new MaLdpCalibration.Setting(1, 0.1, 3, 2), true, Neighbouring.USER);
        assertEquals(new PrivacyGuarantee.ApproxDp(1 / 6.0, 0.1 / 6.0), sound.guarantee());
    }
}
