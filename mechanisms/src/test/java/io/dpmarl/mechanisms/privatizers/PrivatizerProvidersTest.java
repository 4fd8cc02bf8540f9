package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Registration, parameters, bad input, guarantees and release structure of every privatizer plugin. */
class PrivatizerProvidersTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Privatizer create(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    private static Statistic release(Privatizer privatizer, Statistic input, long seed) {
        return privatizer.release(input, NoiseSource.seeded(seed), PrivacyLedger.unaccounted(), LedgerKey.global());
    }

    /** Classic calibration needs epsilon below 1 (its sigma formula is proved only there); analytic takes any. */
    @Test
    void gaussianEpsilonOfOneOrMoreNeedsTheAnalyticCalibration() {
        assertEquals(new PrivacyGuarantee.ApproxDp(0.999, 1e-5), create("gaussian(epsilon=0.999, delta=1e-5)")
                .guarantee());
        assertEquals(new PrivacyGuarantee.ApproxDp(1, 1e-5),
                create("gaussian(epsilon=1, delta=1e-5, calibration=analytic)").guarantee());
        assertEquals(new PrivacyGuarantee.ApproxDp(2.5, 1e-5),
                create("gaussian(epsilon=2.5, delta=1e-5, calibration=analytic)").guarantee());
    }

    @Test
    void everyPrivatizerIsRegisteredAndNaiveNoiseIsNot() {
        Set<String> names = REGISTRY.list(PluginKind.PRIVATIZER).stream().map(PluginProvider::name)
                .collect(Collectors.toSet());
        assertTrue(names.containsAll(Set.of("laplace", "gaussian", "gaussian-zcdp", "discrete-laplace",
                "discrete-gaussian", "uniform", "bounded-laplace", "randomized-response", "non-private", "ma-ldp")),
                names.toString());
        assertFalse(names.stream().anyMatch(name -> name.contains("naive")), names.toString());
    }

    /** Bad input for every provider: the message names the parameter and the accepted range. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "laplace(epsilon=0, sensitivity=1)|epsilon|(0, inf)",
        "laplace(epsilon=NaN)|epsilon|(0, inf)",
        "laplace(epsilon=inf)|epsilon|(0, inf)",
        "laplace(epsilon=-1)|epsilon|(0, inf)",
        "laplace(epsilon=1, sensitivity=0)|sensitivity|(0, inf)",
        "laplace(epsilon=1, sensitivity=NaN)|sensitivity|(0, inf)",
        "laplace(epsilon=1, neighbouring=planet)|neighbouring|one of",
        "gaussian(epsilon=0.5, delta=0)|delta|(0, 1)",
        "gaussian(epsilon=0.5, delta=1)|delta|(0, 1)",
        "gaussian(epsilon=0.5, delta=-0.1)|delta|(0, 1)",
        "gaussian(epsilon=0, delta=1e-5)|epsilon|(0, inf)",
        "gaussian(epsilon=1.5, delta=1e-5, calibration=classic)|epsilon|(0, 1)",
        "gaussian(epsilon=1, delta=1e-5)|epsilon|(0, 1) with calibration=classic",
        "gaussian(epsilon=0.5, delta=1e-5, sensitivity=-2)|sensitivity|(0, inf)",
        "gaussian(epsilon=0.5, delta=1e-5, calibration=magic)|calibration|classic, analytic",
        "gaussian-zcdp(rho=0)|rho|(0, inf)",
        "gaussian-zcdp(rho=0.1, sensitivity=NaN)|sensitivity|(0, inf)",
        "discrete-laplace(epsilon=0)|epsilon|(0, inf)",
        "discrete-laplace(epsilon=1, sensitivity=0)|sensitivity|(0, inf)",
        "discrete-gaussian(sensitivity=1)|sigma|(0, inf)",
        "discrete-gaussian(sigma=1, rho=1)|sigma|(0, inf)",
        "discrete-gaussian(sigma=-1)|sigma|[0, inf)",
        "uniform(sensitivity=1)|delta|(0, 1)",
        "uniform(delta=1)|delta|[0, 1)",
        "uniform(a=-2)|a|[0, inf)",
        "bounded-laplace(epsilon=1, bound=0)|bound|(0, inf)",
        "bounded-laplace(epsilon=1, bound=0.5, sensitivity=1)|bound|(1.0, inf)",
        "bounded-laplace(epsilon=0, bound=2)|epsilon|(0, inf)",
        "randomized-response(epsilon=1, k=1)|k|[2, inf)",
        "randomized-response(epsilon=0, k=3)|epsilon|(0, inf)",
        "ma-ldp(epsilon=0)|epsilon|(0, inf)",
        "ma-ldp(epsilon=1, delta=0)|delta|(0, 1)",
        "ma-ldp(epsilon=1, horizon=0)|horizon|[1, inf)",
    })
    void badInputIsRefusedWithParameterAndRange(String spec, String parameter, String range) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> create(spec));
        assertTrue(error.getMessage().contains(parameter) && error.getMessage().contains(range), error.getMessage());
    }

    @Test
    void laplaceReportsPureEpsilonAndLaplaceEvent() {
        Privatizer laplace = create("laplace(epsilon=0.5, sensitivity=2)");
        assertEquals(new PrivacyGuarantee.PureDp(0.5), laplace.guarantee());
        // finding 2: b = 4 has grid 2^(2 - 39); 4096 rounded coordinates add 4096 * 2^-37 = 2^-25 to the L1
        // sensitivity, and the noise is calibrated for Delta' = 2 + 2^-25 (b' = 2 Delta' has the same grid)
        double effective = 2 + 0x1p-25;
        PrivacyEvent.LaplaceEvent event = (PrivacyEvent.LaplaceEvent) laplace.event();
        assertEquals(effective, event.sensitivity(), 1e-14);
        assertEquals(effective / 0.5, event.scale(), 1e-14);
        assertEquals(Sensitivity.l1(2), laplace.sensitivity());
        assertEquals(Neighbouring.RECORD, laplace.neighbouring());
        assertEquals(Neighbouring.AGENT_REWARD, create("laplace(epsilon=1, neighbouring=agent-reward)").neighbouring());
    }

    @Test
    void gaussianClassicUsesTheDworkRothFormula() {
        Privatizer gaussian = create("gaussian(epsilon=0.5, delta=1e-5, sensitivity=2)");
        // sigma = sqrt(2 ln(1.25/delta)) Delta' / epsilon (Dwork-Roth Theorem A.1) at the effective L2 sensitivity
        // Delta' = 2 + sqrt(4096) 2^-15 = 2 + 2^-9 (finding 2: sigma ~ 19.4 has grid 2^(4 - 19), 4096 coordinates)
        double effective = 2 + 0x1p-9;
        double sigma = Math.sqrt(2 * Math.log(1.25 / 1e-5)) * effective / 0.5;
        PrivacyEvent.GaussianEvent event = (PrivacyEvent.GaussianEvent) gaussian.event();
        assertEquals(sigma, event.sigma(), 1e-12);
        assertEquals(effective, event.sensitivity(), 1e-14);
        assertEquals(new PrivacyGuarantee.ApproxDp(0.5, 1e-5), gaussian.guarantee());
        assertEquals(Sensitivity.l2(2), gaussian.sensitivity());
    }

    @Test
    void zcdpAndDiscreteGaussianReportRho() {
        Privatizer zcdp = create("gaussian-zcdp(rho=0.125, sensitivity=1)");
        assertEquals(new PrivacyGuarantee.Zcdp(0.125), zcdp.guarantee());
        // 1 / sqrt(2 * 0.125) = 2 at Delta = 1; finding 2: grid 2^(1 - 19), sqrt(4096) * 2^-18 = 2^-12 added to
        // the L2 sensitivity, so sigma = 2 (1 + 2^-12) (same grid, so this is the fixed point)
        assertEquals(2 + 0x1p-11, ((PrivacyEvent.GaussianEvent) zcdp.event()).sigma(), 1e-14);
        assertEquals(1 + 0x1p-12, ((PrivacyEvent.GaussianEvent) zcdp.event()).sensitivity(), 1e-14);
        Privatizer discrete = create("discrete-gaussian(sigma=4, sensitivity=1)");
        assertEquals(new PrivacyGuarantee.Zcdp(1.0 / 32), discrete.guarantee()); // OpenDP Q25-style: 1/(2*16)
        assertEquals(new PrivacyEvent.ZcdpEvent(1.0 / 32), discrete.event());
        Privatizer fromRho = create("discrete-gaussian(rho=0.5, sensitivity=1)");
        assertTrue(((PrivacyGuarantee.Zcdp) fromRho.guarantee()).rho() <= 0.5);
    }

    @Test
    void discreteLaplaceIsPureAndReleasesIntegers() {
        Privatizer discrete = create("discrete-laplace(epsilon=1, sensitivity=1)");
        assertEquals(new PrivacyGuarantee.PureDp(1), discrete.guarantee());
        Statistic.Counts released = (Statistic.Counts) release(discrete, new Statistic.Counts(new long[] {5, 7, 9}), 3);
        assertEquals(3, released.counts().length);
        Statistic.Scalar scalar = (Statistic.Scalar) release(discrete, new Statistic.Scalar(4), 3);
        assertEquals(Math.rint(scalar.value()), scalar.value());
        assertThrows(IllegalArgumentException.class, () -> release(discrete, new Statistic.Scalar(0.5), 3));
    }

    @Test
    void uniformReportsZeroEpsilonDeltaFromSpec000() {
        Privatizer uniform = create("uniform(a=5, sensitivity=1)");
        // delta = sensitivity / (2a) = 0.1 ideally; finding 2: the grid is r = 2^(2 - 39), the noise is uniform on
        // {-K..K} r with K = 5 / r, and 4096 rounded coordinates add 4096 r = 2^-25 to the L1 shift:
        // delta = (1 + 2^-25) / ((2K + 1) r) = (1 + 2^-25) / (10 + 2^-37)
        double delta = (1 + 0x1p-25) / (10 + 0x1p-37);
        assertEquals(delta, ((PrivacyGuarantee.ApproxDp) uniform.guarantee()).delta(), 1e-15);
        assertEquals(0, ((PrivacyEvent.ApproxEvent) uniform.event()).epsilon());
        assertEquals(delta, ((PrivacyEvent.ApproxEvent) uniform.event()).delta(), 1e-15);
        Privatizer fromDelta = create("uniform(delta=0.2, sensitivity=1)");
        assertTrue(((PrivacyGuarantee.ApproxDp) fromDelta.guarantee()).delta() <= 0.2);
    }

    @Test
    void boundedLaplaceReportsComputedDeltaAndThePaperClaim() {
        Privatizer bounded = create("bounded-laplace(epsilon=1, bound=2.5, sensitivity=1)");
        // bounded Laplace: delta = (e^{-(B - D)/b} - e^{-B/b}) / (2 (1 - e^{-B/b})), B = 2.5, at the effective
        // D = b = 1 + 4096 * 2^-39 (finding 2: grid 2^-39 of b = 1, 4096 rounded coordinates; b calibrated for D)
        double effective = 1 + 0x1p-27;
        double delta = (Math.exp(-(2.5 - effective) / effective) - Math.exp(-2.5 / effective))
                / (2 * (1 - Math.exp(-2.5 / effective)));
        PrivacyGuarantee.ApproxDp computed = (PrivacyGuarantee.ApproxDp) bounded.guarantee();
        assertEquals(1.0, computed.epsilon(), 1e-15);
        assertEquals(delta, computed.delta(), 1e-15);
        assertEquals(new PrivacyGuarantee.PureDp(1), bounded.claimedGuarantee().orElseThrow());
    }

    @Test
    void randomizedResponseAndNonPrivate() {
        Privatizer response = create("randomized-response(epsilon=2, k=5)");
        assertEquals(new PrivacyGuarantee.PureDp(2), response.guarantee());
        assertEquals(new PrivacyEvent.RandomizedResponseEvent(2, 5), response.event());
        Statistic.Category released = (Statistic.Category) release(response, new Statistic.Category(3, 5), 1);
        assertEquals(5, released.categories());
        assertThrows(IllegalArgumentException.class, () -> release(response, new Statistic.Category(1, 4), 1));
        assertThrows(IllegalArgumentException.class, () -> release(response, new Statistic.Scalar(1), 1));
        Privatizer none = create("non-private");
        assertEquals(new PrivacyGuarantee.NonPrivate(), none.guarantee());
        assertEquals(new PrivacyEvent.NonPrivateEvent(), none.event());
        assertEquals(new Statistic.Scalar(0.3), release(none, new Statistic.Scalar(0.3), 1));
    }

    @Test
    void symmetricMatrixGetsNoiseOnTheUpperTriangleMirrored() {
        AdditiveNoisePrivatizer gaussian = GaussianPrivatizerProvider.create(0.5, 1e-3, 1,
                GaussianCalibration.Kind.CLASSIC, Neighbouring.USER);
        double[] input = {1, 2, 3, 2, 4, 5, 3, 5, 6};
        Statistic.SymmetricMatrix released = (Statistic.SymmetricMatrix) release(gaussian,
                new Statistic.SymmetricMatrix(3, input), 9);
        for (int row = 0; row < 3; row++) {
            for (int column = 0; column < 3; column++) {
                assertEquals(released.get(row, column), released.get(column, row));
            }
        }
        // exactly 6 draws (upper triangle incl. diagonal), in row-major order of the upper triangle
        NoiseSource replay = NoiseSource.seeded(9);
        double[] expectedUpper = new double[6];
        for (int i = 0; i < 6; i++) {
            expectedUpper[i] = gaussian.distribution().sample(replay);
        }
        double[] actualUpper = {released.get(0, 0) - 1, released.get(0, 1) - 2, released.get(0, 2) - 3,
            released.get(1, 1) - 4, released.get(1, 2) - 5, released.get(2, 2) - 6};
        assertArrayEquals(expectedUpper, actualUpper, 1e-9);
    }

    @Test
    void releasesAreOnTheGridAndDeterministicPerSeed() {
        AdditiveNoisePrivatizer laplace = LaplacePrivatizerProvider.create(1, 1, Neighbouring.RECORD);
        double grid = laplace.distribution().granularity();
        assertEquals(Samplers.laplaceGranularity(1.0), grid);
        for (double input : new double[] {0.1, 1.0 / 3, 12345.678}) {
            double value = ((Statistic.Scalar) release(laplace, new Statistic.Scalar(input), 4)).value();
            assertEquals(Math.rint(value / grid), value / grid, "not a multiple of the grid: " + value);
            assertEquals(value, ((Statistic.Scalar) release(laplace, new Statistic.Scalar(input), 4)).value());
        }
        Statistic.Vector vector = (Statistic.Vector) release(laplace, new Statistic.Vector(new double[] {1, 2, 3}), 5);
        assertEquals(3, vector.values().length);
    }

    @Test
    void releaseChargesTheLedgerOnce() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<io.dpmarl.core.privacy.LedgerEntry> entries = new java.util.ArrayList<>();
        ledger.addListener(entries::add);
        Privatizer laplace = create("laplace(epsilon=1)");
        laplace.release(new Statistic.Vector(new double[] {1, 2}), NoiseSource.seeded(1), ledger, LedgerKey.agent(0));
        assertEquals(1, entries.size());
        // laplace(epsilon=1): b = Delta' = 1 + 4096 * 2^-39 (grid of b = 1 is 2^-39; finding 2)
        PrivacyEvent.LaplaceEvent charged = (PrivacyEvent.LaplaceEvent) entries.get(0).event();
        assertEquals(1 + 0x1p-27, charged.scale(), 1e-15);
        assertEquals(1 + 0x1p-27, charged.sensitivity(), 1e-15);
    }
}
