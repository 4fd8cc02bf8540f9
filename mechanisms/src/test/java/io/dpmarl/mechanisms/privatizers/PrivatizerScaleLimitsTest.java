package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

/**
 * Every privatizer plugin refuses, when it is built, parameters whose derived noise parameter its exact sampler
 * cannot draw, naming the plugin's own parameters and the accepted range ({@link ScaleLimits}); just inside each
 * limit it builds and releases once. The limits are derived in {@link ScaleLimits}'s Javadoc: a float-safe Laplace
 * scale below 2^1011 and a Gaussian sigma below 2^991 (every sample {@code k r} with {@code |k| < 2^53} and grid
 * {@code r <= 2^971} is finite), a discrete parameter at most 2^61 (the samplers' own range), a finite uniform
 * half-width, a fixed point of the float-safe calibration ({@code epsilon >= m 2^-38} always settles,
 * {@code epsilon <= m 2^-40 16/15} never does), and a positive per-step level {@code epsilon / k}.
 */
class PrivatizerScaleLimitsTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Privatizer create(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    private static String refusal(String spec) {
        return assertThrows(IllegalArgumentException.class, () -> create(spec)).getMessage();
    }

    /** Builds the spec and releases the scalar 0 once: the output must be finite. */
    private static double releaseOnce(String spec) {
        Statistic released = create(spec).release(new Statistic.Scalar(0), NoiseSource.seeded(7),
                PrivacyLedger.unaccounted(), LedgerKey.global());
        double value = ((Statistic.Scalar) released).value();
        assertTrue(Double.isFinite(value), spec + " released " + value);
        return value;
    }

    private static void assertNames(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), "'" + part + "' missing from: " + message);
        }
    }

    @Test
    void theLaplaceLimitIsWhereTheSamplersGridLetsASampleOverflow() {
        // just below 2^1011 the grid is 2^971 and every |k| < 2^53 gives at most (2^53 - 1) 2^971 = Double.MAX_VALUE;
        // at 2^1011 the grid is 2^972 and |k| = 2^52 already overflows
        assertEquals(0x1p971, Samplers.laplaceGranularity(ScaleLimits.LAPLACE_MAX_SCALE), 0);
        assertEquals(0x1p972, Samplers.laplaceGranularity(0x1p1011), 0);
        assertEquals(Double.MAX_VALUE, (0x1p53 - 1) * 0x1p971, 0);
        assertEquals(Double.POSITIVE_INFINITY, 0x1p52 * 0x1p972, 0);
        // the same for the Gaussian grid 2^-19 sigma: 2^971 just below 2^991, 2^972 at it
        assertEquals(0x1p971, Samplers.gaussianGranularity(ScaleLimits.GAUSSIAN_MAX_SIGMA), 0);
        assertEquals(0x1p972, Samplers.gaussianGranularity(0x1p991), 0);
        // far beyond the limit the overflow is common: at scale Double.MAX_VALUE, |X| >= 1 (probability e^-1 per
        // draw) overflows; among 100 seeded draws some are infinite (P(none) = (1 - e^-1)^100 < 1e-19)
        NoiseSource noise = NoiseSource.seeded(11);
        int infinite = 0;
        for (int i = 0; i < 100; i++) {
            infinite += Double.isInfinite(Samplers.laplace(noise, Double.MAX_VALUE)) ? 1 : 0;
        }
        assertTrue(infinite > 0, "no overflow at Double.MAX_VALUE");
    }

    @Test
    void laplaceRefusesTheAuditedCasesNamingItsParameters() {
        assertEquals("laplace: sensitivity / epsilon must be " + ScaleLimits.LAPLACE_LIMIT_TEXT
                + "; got epsilon=1.0E-320, sensitivity=1.0", refusal("laplace(epsilon=1e-320, sensitivity=1)"));
        assertEquals("laplace: sensitivity / epsilon must be " + ScaleLimits.LAPLACE_LIMIT_TEXT
                + "; got epsilon=1.0, sensitivity=1.0E308", refusal("laplace(epsilon=1, sensitivity=1e308)"));
        // epsilon = 1e-300: the scale 1e300 is drawable, but the grid rounding of 4096 coordinates cannot be covered
        assertNames(refusal("laplace(epsilon=1e-300, sensitivity=1)"), "laplace: ", "epsilon must be at least about"
                + " max-coordinates * 2^-39 = " + 4096 * 0x1p-39, "got epsilon=1.0E-300, sensitivity=1.0, "
                + "max-coordinates=4096");
    }

    @Test
    void laplaceBuildsJustInsideItsLimits() {
        // sensitivity 2^1010, one coordinate: scale 2^1010 (1 + 2^-39) < 2^1011, grid 2^971
        releaseOnce("laplace(epsilon=1, sensitivity=" + 0x1p1010 + ", max-coordinates=1)");
        assertNames(refusal("laplace(epsilon=1, sensitivity=" + 0x1p1011 + ", max-coordinates=1)"),
                "laplace: sensitivity / epsilon must be at most", "got epsilon=1.0, sensitivity=" + 0x1p1011);
        // the calibration settles from epsilon = m 2^-38 and never at m 2^-40 16/15 (m = 4096)
        releaseOnce("laplace(epsilon=" + 4096 * 0x1p-38 + ")");
        assertNames(refusal("laplace(epsilon=" + 4096 * 0x1p-40 * 16 / 15 + ")"), "laplace: ",
                "max-coordinates=4096", "epsilon=" + 4096 * 0x1p-40 * 16 / 15);
    }

    @Test
    void boundedLaplaceUsesTheLaplaceLimitAndNamesItsBound() {
        releaseOnce("bounded-laplace(epsilon=1, sensitivity=" + 0x1p1010 + ", bound=" + 0x1p1011
                + ", max-coordinates=1)");
        assertNames(refusal("bounded-laplace(epsilon=1, sensitivity=" + 0x1p1011 + ", bound=" + Double.MAX_VALUE
                + ", max-coordinates=1)"), "bounded-laplace: sensitivity / epsilon must be at most",
                "got epsilon=1.0, sensitivity=" + 0x1p1011);
        assertEquals("bounded-laplace: parameter 'bound' must be in (1.0, inf) (above the sensitivity), got 1.0",
                refusal("bounded-laplace(epsilon=1, sensitivity=1, bound=1)"));
        assertNames(refusal("bounded-laplace(epsilon=1e-300, bound=2)"), "bounded-laplace: ",
                "got epsilon=1.0E-300, sensitivity=1.0, max-coordinates=4096");
    }

    @Test
    void gaussiansRefuseASigmaAbove2To991() {
        // gaussian-zcdp with rho = 1/2: sigma = sensitivity (times 1 + 2^-19 at most after the grid excess, m = 1)
        releaseOnce("gaussian-zcdp(rho=0.5, sensitivity=" + 0x1p990 + ", max-coordinates=1)");
        assertEquals("gaussian-zcdp: sigma = sensitivity / sqrt(2 rho) must be " + ScaleLimits.GAUSSIAN_LIMIT_TEXT
                        + "; got rho=0.5, sensitivity=" + 0x1p991,
                refusal("gaussian-zcdp(rho=0.5, sensitivity=" + 0x1p991 + ", max-coordinates=1)"));
        // classic: sigma = sqrt(2 ln(1.25e5)) 2^980 / 0.5, about 9.7 2^980 < 2^991
        releaseOnce("gaussian(epsilon=0.5, delta=1e-5, sensitivity=" + 0x1p980 + ", max-coordinates=1)");
        assertEquals("gaussian: sigma = sqrt(2 ln(1.25 / delta)) sensitivity / epsilon must be "
                + ScaleLimits.GAUSSIAN_LIMIT_TEXT + "; got epsilon=1.0E-300, delta=0.5, sensitivity=1.0",
                refusal("gaussian(epsilon=1e-300, delta=0.5)"));
        // analytic: the bisection's upper end overflows (sigma of about 6.4 sensitivity), refused in the same terms;
        // a tiny epsilon does not (as epsilon -> 0 the analytic sigma tends to about sensitivity / (delta sqrt(2 pi)))
        assertNames(refusal("gaussian(epsilon=1, delta=1e-10, sensitivity=1e308, calibration=analytic)"),
                "gaussian: the analytic sigma (Balle-Wang) of epsilon, delta and sensitivity must be at most",
                "got epsilon=1.0, delta=1.0E-10, sensitivity=1.0E308");
        releaseOnce("gaussian(epsilon=1e-300, delta=0.5, calibration=analytic)");
    }

    @Test
    void gaussianCalibrationFailuresNameTheBudgetAndMaxCoordinates() {
        // sigma / sensitivity = 1/sqrt(2 rho); with m = 4096 the grid excess 64 * 2^-19 sigma needs it below ~2^13
        releaseOnce("gaussian-zcdp(rho=" + 4096 * 0x1p-36 + ")"); // sigma / Delta = 2^17 / 64 = 2^11
        assertNames(refusal("gaussian-zcdp(rho=" + 4096 * 0x1p-44 + ")"), "gaussian-zcdp: ", // ratio 2^15
                "2^19 / sqrt(max-coordinates) = 8192.0",
                "got rho=" + 4096 * 0x1p-44 + ", sensitivity=1.0, max-coordinates=4096");
    }

    @Test
    void theClassicGaussianCalibrationFailureStatesTheRatioItFound() {
        // sigma / sensitivity = sqrt(2 ln(1.25 / 1e-5)) / 1e-4 = sqrt(23.4721...) 1e4 = 48448.0..., above 2^19 / 64
        assertNames(refusal("gaussian(epsilon=1e-4, delta=1e-5, sensitivity=2)"), "gaussian: ",
                "sigma / sensitivity must be"
                + " at most about 2^19 / sqrt(max-coordinates) = 8192.0 (here 48448.05", "got epsilon=1.0E-4, "
                + "delta=1.0E-5, sensitivity=2.0, max-coordinates=4096");
    }

    @Test
    void boundedLaplaceNeedsABoundAboveTheSensitivityPlusItsGridRounding() {
        // epsilon 1, sensitivity 1, 4096 coordinates: scale about 1, grid 2^-39, covered sensitivity about
        // 1 + 4096 2^-39 = 1 + 2^-27 = 1.0000000074505806
        String spec = "bounded-laplace(epsilon=1, sensitivity=1, bound=";
        String message = refusal(spec + (1 + 0x1p-28) + ")");
        assertNames(message, "bounded-laplace: parameter 'bound' must be in (1.00000000745058", "got " + (1 + 0x1p-28));
        releaseOnce(spec + (1 + 0x1p-26) + ")");
        // the stated range is the enforced one: its lower end is refused, the next double accepted
        double covered = Double.parseDouble(message.substring(message.indexOf("must be in (") + 12, message.indexOf(",",
                message.indexOf("must be in ("))));
        assertNames(refusal(spec + covered + ")"), "bounded-laplace: parameter 'bound' must be in (" + covered);
        releaseOnce(spec + Math.nextUp(covered) + ")");
    }

    @Test
    void discreteSamplersRefuseParametersAbove2To61() {
        releaseOnce("discrete-laplace(epsilon=1, sensitivity=" + 0x1p61 + ")");
        assertEquals("discrete-laplace: sensitivity / epsilon must be " + ScaleLimits.DISCRETE_LIMIT_TEXT
                + "; got epsilon=1.0E-320, sensitivity=1.0", refusal("discrete-laplace(epsilon=1e-320)"));
        releaseOnce("discrete-gaussian(sigma=" + 0x1p61 + ")");
        assertNames(refusal("discrete-gaussian(sigma=" + Math.nextUp(0x1p61) + ")"),
                "discrete-gaussian: sigma must be at most 2^61", "got sigma=" + Math.nextUp(0x1p61));
        // from rho: sigma = 1 / sqrt(2 rho) = 2^61 at rho = 2^-123 (rounded up one ulp: refused); 2^60 builds
        releaseOnce("discrete-gaussian(rho=" + 0x1p-121 + ")");
        assertNames(refusal("discrete-gaussian(rho=1e-300)"), "discrete-gaussian: sigma = sensitivity / sqrt(2 rho)",
                "got rho=1.0E-300, sensitivity=1.0");
        // a sigma so small that rho = 1 / (2 sigma^2) overflows: 1e-150 gives 5e299, 1e-160 gives infinity
        releaseOnce("discrete-gaussian(sigma=1e-150)");
        assertNames(refusal("discrete-gaussian(sigma=1e-160)"), "discrete-gaussian: rho = sensitivity^2 / (2 sigma^2)",
                "got sigma=1.0E-160, sensitivity=1.0");
    }

    @Test
    void uniformRefusesAHalfWidthThatIsNotFinite() {
        releaseOnce("uniform(a=" + Double.MAX_VALUE + ")");
        releaseOnce("uniform(delta=" + 0x1p-30 + ", max-coordinates=1)");
        assertEquals("uniform: a = sensitivity / (2 delta) must be " + ScaleLimits.FINITE_LIMIT_TEXT
                + "; got delta=1.0E-320, sensitivity=1.0", refusal("uniform(delta=1e-320)"));
        // the widening for 4096 coordinates cannot settle at delta = 2^-45 (grid excess 2^12 2^-40 / delta = 2^17)
        assertNames(refusal("uniform(delta=" + 0x1p-45 + ")"), "uniform: ", "delta must be at least about "
                        + "max-coordinates * 2^-40 = " + 0x1p-28,
                "got delta=" + 0x1p-45 + ", sensitivity=1.0, max-coordinates=4096");
    }

    @Test
    void symbolicTrajectoryNeedsAPositivePerStepLevel() {
        String graph = ", successors=0>0 1|1>0 1)";
        Privatizer inside = create("symbolic-trajectory(epsilon=" + Double.MIN_VALUE + ", k=1" + graph);
        Statistic released = inside.release(new Statistic.Category(1, 2), NoiseSource.seeded(3),
                PrivacyLedger.unaccounted(), LedgerKey.global());
        assertTrue(released instanceof Statistic.Category, "" + released);
        // MIN_VALUE / 2 rounds (to even) to 0
        assertEquals("symbolic-trajectory: epsilon / k (the level of each step's exact randomized response) must be"
                + " at least 4.9E-324 (the smallest positive double: it rounds to 0 below); got epsilon=4.9E-324, k=2",
                refusal("symbolic-trajectory(epsilon=" + Double.MIN_VALUE + ", k=2" + graph));
    }

    @Test
    void maLdpRefusesReleaseNoiseTheSamplersCannotDraw() {
        // paper-literal Laplace with H = 1, nd = 1: b = 4 H^3 sqrt(nd) / epsilon = 4 / epsilon
        String laplace = "ma-ldp(mechanism=laplace, calibration=paper-literal, horizon=1, nd=1, epsilon=";
        releaseOnce(laplace + 0x1p-1008 + ")"); // b = 2^1010
        assertNames(refusal(laplace + 0x1p-1009 + ")"), "ma-ldp: the Laplace scale of one release ("
                + 0x1p1011 + ", from epsilon, horizon and nd) must be at most 2^1011", "got epsilon=" + 0x1p-1009
                + ", delta=0.1, horizon=1, nd=1, mechanism=laplace, calibration=paper-literal, max-coordinates=4096");
        // paper-literal Gaussian: sigma = 4 sqrt(2 ln(25)) / epsilon, about 10.1 / epsilon
        String gaussian = "ma-ldp(mechanism=gaussian, calibration=paper-literal, horizon=1, nd=1, epsilon=";
        releaseOnce(gaussian + 0x1p-980 + ")"); // sigma about 2^983.3
        assertNames(refusal(gaussian + "1e-300)"), "ma-ldp: the Gaussian sigma of one release",
                "must be at most 2^991", "got epsilon=1.0E-300");
        // sound Laplace: the per-release epsilon 1e-300 / 2 cannot be calibrated for 4096 coordinates
        assertNames(refusal("ma-ldp(mechanism=laplace, calibration=sound, epsilon=1e-300)"), "ma-ldp: ",
                "epsilon / (2 horizon) at least about max-coordinates * 2^-39", "got epsilon=1.0E-300, delta=0.1,"
                        + " horizon=5, nd=4, mechanism=laplace, calibration=sound, max-coordinates=4096");
        releaseOnce("ma-ldp(mechanism=laplace, calibration=sound, epsilon=1)");
    }
}
