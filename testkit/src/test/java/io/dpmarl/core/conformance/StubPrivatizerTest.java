package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stub privatizer reports exactly what it was built with (or the documented defaults), releases through core's
 * release order (type check, one charge of its event, then the release function) without drawing noise, and its
 * builder refuses a misuse naming the parameter. Deterministic: no noise is drawn.
 */
class StubPrivatizerTest {

    private static PrivacyLedger countingLedger() {
        return PrivacyLedger.of(ReleaseCountingAccountant::new, 0.0);
    }

    @Test
    void reportsWhatItWasBuiltWith() {
        StubPrivatizer stub = StubPrivatizer.named("hamming-scalar")
                .accepts(Statistic.Scalar.class, Statistic.Vector.class, Statistic.Scalar.class)
                .sensitivity(Sensitivity.hamming(3))
                .guarantee(new PrivacyGuarantee.Zcdp(0.5), new PrivacyEvent.GaussianEvent(1, 1))
                .neighbouring(Neighbouring.AGENT).build();
        assertEquals("hamming-scalar", stub.name());
        assertEquals(Set.of(Statistic.Scalar.class, Statistic.Vector.class), stub.accepts(), "a repeated type once");
        assertEquals(Sensitivity.hamming(3), stub.sensitivity());
        assertEquals(new PrivacyGuarantee.Zcdp(0.5), stub.guarantee());
        assertEquals(new PrivacyEvent.GaussianEvent(1, 1), stub.event());
        assertEquals(Neighbouring.AGENT, stub.neighbouring());
    }

    @Test
    void theDefaultsAreTheDocumentedOnes() {
        StubPrivatizer stub = StubPrivatizer.named("plain").accepts(Statistic.Scalar.class).build();
        assertEquals(Sensitivity.l1(1), stub.sensitivity());
        assertEquals(new PrivacyGuarantee.PureDp(1.0), stub.guarantee());
        assertEquals(new PrivacyEvent.PureEvent(1.0), stub.event());
        assertEquals(Neighbouring.RECORD, stub.neighbouring());
        Statistic input = new Statistic.Scalar(2.5);
        assertSame(input, stub.release(input, NoiseSource.seeded(1), PrivacyLedger.unaccounted(), LedgerKey.agent(0)),
                "the default release is the identity");
    }

    /** Two releases: two charges of the declared event, each before the release function ran, and no draw. */
    @Test
    void chargesItsEventBeforeTheReleaseFunctionAndDrawsNothing() {
        PrivacyLedger ledger = countingLedger();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        List<Long> chargesSeen = new ArrayList<>();
        StubPrivatizer doubling = StubPrivatizer.named("doubling").accepts(Statistic.Scalar.class)
                .guarantee(new PrivacyGuarantee.PureDp(0.25), new PrivacyEvent.PureEvent(0.25))
                .release(input -> {
                    chargesSeen.add(ledger.charges());
                    return new Statistic.Scalar(2 * ((Statistic.Scalar) input).value());
                }).build();
        CountingNoiseSource noise = new CountingNoiseSource(NoiseSource.seeded(3));
        assertEquals(new Statistic.Scalar(3.0), doubling.release(new Statistic.Scalar(1.5), noise, ledger,
                LedgerKey.agent(2)));
        assertEquals(new Statistic.Scalar(-8.0), doubling.release(new Statistic.Scalar(-4), noise, ledger,
                LedgerKey.agent(2)));
        assertEquals(List.of(1L, 2L), chargesSeen, "each release is charged before the release function runs");
        assertEquals(2, entries.size());
        for (LedgerEntry entry : entries) {
            assertEquals(new PrivacyEvent.PureEvent(0.25), entry.event());
            assertEquals(LedgerKey.agent(2), entry.key());
            assertEquals("doubling", entry.source());
        }
        assertEquals(2, ledger.releases(LedgerKey.agent(2)));
        assertEquals(0, noise.draws(), "the stub adds no noise");
    }

    @Test
    void refusesAStatisticItDoesNotAcceptBeforeCharging() {
        PrivacyLedger ledger = countingLedger();
        StubPrivatizer scalarOnly = StubPrivatizer.named("scalar-only").accepts(Statistic.Scalar.class).build();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> scalarOnly.release(
                new Statistic.Vector(new double[] {1, 2}), NoiseSource.seeded(1), ledger, LedgerKey.agent(0)));
        assertEquals("scalar-only accepts Scalar, got Vector", refused.getMessage());
        IllegalArgumentException stream = assertThrows(IllegalArgumentException.class, () -> scalarOnly.openStream(
                StreamRequest.of(ledger, LedgerKey.agent(0), NoiseSource.seeded(1), "test")
                        .withShape(StreamRequest.Shape.vector(4))));
        assertEquals("scalar-only accepts Scalar, but the stream was opened for Vector(4)", stream.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
    }

    @Test
    void aReleaseFunctionReturningNullIsReportedAsTheTestsMistake() {
        StubPrivatizer broken = StubPrivatizer.named("broken").accepts(Statistic.Scalar.class)
                .release(input -> null).build();
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> broken.release(
                new Statistic.Scalar(1), NoiseSource.seeded(1), PrivacyLedger.unaccounted(), LedgerKey.agent(0)));
        assertEquals("stub privatizer 'broken': the release function returned null", thrown.getMessage());
    }

    @Test
    void aMissingOrBlankNameIsRefused() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> StubPrivatizer.named(null).accepts(Statistic.Scalar.class).build());
        assertEquals("stub privatizer: parameter 'name' must be a non-blank name, got null", missing.getMessage());
        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class,
                () -> StubPrivatizer.named(" ").accepts(Statistic.Scalar.class).build());
        assertEquals("stub privatizer: parameter 'name' must be a non-blank name, got ' '", blank.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> StubPrivatizer.named("").accepts(Statistic.Scalar.class).build());
        assertEquals("stub privatizer: parameter 'name' must be a non-blank name, got ''", empty.getMessage());
    }

    @Test
    void noAcceptedTypeIsRefused() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> StubPrivatizer.named("typeless").build());
        assertEquals("stub privatizer 'typeless': parameter 'accepts' must name at least one statistic type, got none",
                none.getMessage());
        IllegalArgumentException emptyList = assertThrows(IllegalArgumentException.class,
                () -> StubPrivatizer.named("typeless").accepts().build());
        assertEquals(none.getMessage(), emptyList.getMessage());
        IllegalArgumentException nullArray = assertThrows(IllegalArgumentException.class,
                () -> StubPrivatizer.named("typeless").accepts((Class<? extends Statistic>[]) null));
        assertEquals("stub privatizer 'typeless': parameter 'accepts' must list non-null statistic types, got null",
                nullArray.getMessage());
        IllegalArgumentException nullType = assertThrows(IllegalArgumentException.class,
                () -> StubPrivatizer.named("typeless").accepts(Statistic.Scalar.class, null));
        assertEquals("stub privatizer 'typeless': parameter 'accepts' must list non-null statistic types, got "
                + "[class io.dpmarl.core.privacy.Statistic$Scalar, null]", nullType.getMessage());
    }

    @Test
    void everyNullSettingIsRefusedNamingItsParameter() {
        StubPrivatizer.Builder builder = StubPrivatizer.named("n").accepts(Statistic.Scalar.class);
        assertEquals("stub privatizer 'n': parameter 'sensitivity' must be non-null, got null",
                assertThrows(IllegalArgumentException.class, () -> builder.sensitivity(null)).getMessage());
        assertEquals("stub privatizer 'n': parameter 'guarantee' must be non-null, got null",
                assertThrows(IllegalArgumentException.class,
                        () -> builder.guarantee(null, new PrivacyEvent.PureEvent(1))).getMessage());
        assertEquals("stub privatizer 'n': parameter 'event' must be non-null, got null",
                assertThrows(IllegalArgumentException.class,
                        () -> builder.guarantee(new PrivacyGuarantee.PureDp(1), null)).getMessage());
        assertEquals("stub privatizer 'n': parameter 'neighbouring' must be non-null, got null",
                assertThrows(IllegalArgumentException.class, () -> builder.neighbouring(null)).getMessage());
        assertEquals("stub privatizer 'n': parameter 'release' must be non-null, got null",
                assertThrows(IllegalArgumentException.class, () -> builder.release(null)).getMessage());
    }

    @Test
    void itsProviderCreatesThisVeryStubInATestsOwnRegistry() {
        StubPrivatizer stub = StubPrivatizer.named("two-types")
                .accepts(Statistic.Vector.class, Statistic.Scalar.class).build();
        PluginProvider<Privatizer> provider = stub.provider();
        assertEquals(PluginKind.PRIVATIZER, provider.kind());
        assertEquals("two-types", provider.name());
        assertEquals("test double (adds no noise): two-types accepting Scalar, Vector", provider.description());
        assertTrue(provider.parameters().params().isEmpty(), "no parameters");
        Registry registry = Registry.of(List.of(provider));
        assertSame(stub, registry.create(PluginKind.PRIVATIZER, Privatizer.class, "two-types"));
    }
}
