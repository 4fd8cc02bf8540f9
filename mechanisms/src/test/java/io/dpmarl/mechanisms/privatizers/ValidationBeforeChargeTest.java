package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/**
 * Review finding 3 (and the max-coordinates check of finding 2): an input the privatizer cannot release is refused
 * in {@code validate}, before the ledger is charged or any noise is drawn, and the message never quotes the
 * private value. Deterministic: no false rejections.
 */
class ValidationBeforeChargeTest {
    private static final Registry REGISTRY = Registry.discover();

    /** A noise source that fails the test if a refused release draws from it. */
    private static final NoiseSource NO_DRAW = new NoiseSource() {
        @Override
        public long nextLong() {
            throw new AssertionError("a refused release must not draw noise");
        }

        @Override
        public boolean isSeeded() {
            return true;
        }
    };

    private static Privatizer create(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    private static IllegalArgumentException refusedWithoutCharge(Privatizer privatizer, Statistic input) {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> privatizer.release(input, NO_DRAW, ledger, LedgerKey.agent(3)));
        assertEquals(0, ledger.charges(), "a refused input was charged");
        return error;
    }

    @Test
    void randomizedResponseRefusesAWrongCategoryCountBeforeCharging() {
        Privatizer response = create("randomized-response(epsilon=1, k=5)");
        IllegalArgumentException error = refusedWithoutCharge(response, new Statistic.Category(3, 7));
        assertTrue(error.getMessage().contains("k = 5") && error.getMessage().contains("got 7"), error.getMessage());
        assertFalse(error.getMessage().contains("3"), "the private category 3 is quoted: " + error.getMessage());
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        response.release(new Statistic.Category(3, 5), NoiseSource.seeded(1), ledger, LedgerKey.agent(3));
        assertEquals(1, ledger.charges(), "a valid release still charges once");
    }

    @Test
    void discreteNoiseRefusesANonIntegerScalarWithoutQuotingIt() {
        for (String spec : new String[] {"discrete-laplace(epsilon=1)", "discrete-gaussian(sigma=4)"}) {
            Privatizer discrete = create(spec);
            for (double value : new double[] {12345.678, 0x1p54, Double.NaN}) {
                IllegalArgumentException error = refusedWithoutCharge(discrete, new Statistic.Scalar(value));
                String message = error.getMessage();
                assertTrue(message.contains("integer in [-2^53, 2^53]"), message);
                assertFalse(message.contains("12345") || message.contains(String.valueOf(value)),
                        "the private value is quoted: " + message);
            }
        }
    }

    @Test
    void additivePrivatizersRefuseMoreCoordinatesThanMaxCoordinates() {
        Privatizer laplace = create("laplace(epsilon=1, max-coordinates=3)");
        IllegalArgumentException vector = refusedWithoutCharge(laplace, new Statistic.Vector(new double[4]));
        assertTrue(vector.getMessage().contains("max-coordinates must be in [4, inf)")
                && vector.getMessage().contains("got 3"), vector.getMessage());
        // a 3x3 symmetric matrix perturbs its 6 upper-triangle entries; a 2x2 one perturbs 3
        refusedWithoutCharge(laplace, new Statistic.SymmetricMatrix(3, new double[9]));
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        laplace.release(new Statistic.SymmetricMatrix(2, new double[4]), NoiseSource.seeded(2), ledger,
                LedgerKey.global());
        laplace.release(new Statistic.Vector(new double[3]), NoiseSource.seeded(2), ledger, LedgerKey.global());
        assertEquals(2, ledger.charges());
        // the default is 4096
        refusedWithoutCharge(create("gaussian-zcdp(rho=0.5)"), new Statistic.Vector(new double[4097]));
        refusedWithoutCharge(create("ma-ldp(epsilon=1, max-coordinates=2)"), new Statistic.Vector(new double[4]));
    }

    @Test
    void maxCoordinatesBelowOneIsABadParameter() {
        for (String spec : new String[] {"laplace(epsilon=1, max-coordinates=0)", "gaussian(epsilon=0.5, delta=1e-5, "
                + "max-coordinates=0)", "gaussian-zcdp(rho=1, max-coordinates=-1)", "uniform(a=1, max-coordinates=0)",
            "bounded-laplace(epsilon=1, bound=3, max-coordinates=0)", "ma-ldp(epsilon=1, max-coordinates=0)"}) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> create(spec));
            assertTrue(error.getMessage().contains("max-coordinates") && error.getMessage().contains("[1, inf)"),
                    spec + ": " + error.getMessage());
        }
    }
}
