package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import org.junit.jupiter.api.Test;

/**
 * The additive privatizers' {@code max-coordinates} checked when a stream opens with a declared shape: a shape of
 * more coordinates than the guarantee covers is refused there, with the parameter and its accepted range, before any
 * charge or noise draw; exactly {@code max-coordinates} opens. Coordinates per shape: a vector of n entries n, a
 * symmetric d x d matrix its upper triangle d (d + 1) / 2.
 */
class AdditiveStreamOpeningTest {

    private static PrivacyLedger ledger() {
        return PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
    }

    private static StreamRequest request(PrivacyLedger ledger, StreamRequest.Shape shape) {
        return StreamRequest.of(ledger, LedgerKey.user(0), ScriptedNoiseSource.of(), "test").withShape(shape);
    }

    @Test
    void aMatrixOverTheCapIsRefusedWhenTheStreamOpens() {
        AdditiveNoisePrivatizer laplace = LaplacePrivatizerProvider.create(1, 1, 10, Neighbouring.RECORD);
        PrivacyLedger ledger = ledger();
        // 5 x 5: 5 * 6 / 2 = 15 coordinates > 10.
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> laplace.openStream(request(ledger, StreamRequest.Shape.symmetricMatrix(5))));
        assertEquals("laplace: a stream of SymmetricMatrix(5) releases perturbs 15 coordinates per release, but "
                + "max-coordinates must be in [15, inf) for it, got 10 (build the privatizer with a larger "
                + "max-coordinates)", refused.getMessage());
        assertEquals(0, ledger.charges());
        // 4 x 4: 10 coordinates, exactly the cap.
        ReleaseStream open = laplace.openStream(request(ledger, StreamRequest.Shape.symmetricMatrix(4)));
        assertEquals(0, open.released());
        assertEquals(0, ledger.charges(), "a per-release stream charges nothing when it opens");
    }

    @Test
    void aVectorOverTheCapIsRefusedAndOneAtTheCapOpens() {
        AdditiveNoisePrivatizer gaussian = GaussianPrivatizerProvider.create(0.5, 1e-5, 1,
                GaussianCalibration.Kind.ANALYTIC, 3, Neighbouring.RECORD);
        PrivacyLedger ledger = ledger();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> gaussian.openStream(request(ledger, StreamRequest.Shape.vector(4))));
        assertTrue(refused.getMessage().contains("perturbs 4 coordinates per release, but max-coordinates must be in "
                + "[4, inf) for it, got 3"), refused.getMessage());
        gaussian.openStream(request(ledger, StreamRequest.Shape.vector(3)));
        gaussian.openStream(request(ledger, StreamRequest.Shape.scalar()));
        assertEquals(0, ledger.charges());
    }

    @Test
    void aTypeThePrivatizerDoesNotAcceptIsRefusedWhenTheStreamOpens() {
        AdditiveNoisePrivatizer laplace = LaplacePrivatizerProvider.create(1, 1, 10, Neighbouring.RECORD);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> laplace.openStream(request(ledger(), StreamRequest.Shape.category(3))));
        assertTrue(refused.getMessage().endsWith("but the stream was opened for Category(3)"), refused.getMessage());
    }

    @Test
    void theMaLdpPluginRefusesAtOpeningAndStillAtTheRelease() {
        Privatizer maLdp = Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                "ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal, max-coordinates=2)");
        PrivacyLedger ledger = ledger();
        IllegalArgumentException atOpening = assertThrows(IllegalArgumentException.class,
                () -> maLdp.openStream(request(ledger, StreamRequest.Shape.symmetricMatrix(2))));
        assertTrue(atOpening.getMessage().contains("max-coordinates must be in [3, inf) for it, got 2"),
                atOpening.getMessage());
        ReleaseStream unshaped = maLdp.openStream(StreamRequest.of(ledger, LedgerKey.user(0), ScriptedNoiseSource.of(),
                "test"));
        IllegalArgumentException atRelease = assertThrows(IllegalArgumentException.class,
                () -> unshaped.release(new Statistic.SymmetricMatrix(2, new double[4])));
        assertTrue(atRelease.getMessage().contains("max-coordinates must be in [3, inf) for it, got 2"),
                atRelease.getMessage());
        assertEquals(0, ledger.charges());
    }

    @Test
    void theDescriptionsStateWhenTheCapIsChecked() {
        Registry registry = Registry.discover();
        for (String name : new String[] {"laplace", "gaussian", "uniform", "bounded-laplace", "ma-ldp"}) {
            String description = registry.provider(PluginKind.PRIVATIZER, name).description();
            assertTrue(description.contains("max-coordinates"), name + ": " + description);
            assertTrue(description.contains("refused when it opens"), name + ": " + description);
            assertTrue(description.contains("when the run is checked"), name + ": " + description);
        }
    }
}
