package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The final {@link AbstractReleaseStream#release} in core's own tests (the conformance kit that also checks it ships
 * in {@code dpmarl-testkit}): what each accounting mode charges, in which order validation, charge and noise come,
 * the declared length, and the stream's accessors. Expected epsilons are sums of the declared pure events (basic
 * composition), written out in each test.
 */
class ReleaseStreamAccountingTest {
    private static final LedgerKey KEY = LedgerKey.agent(3);

    /** A stream that records the rounds it perturbed and refuses negative scalars in validation. */
    private static final class RecordingStream extends AbstractReleaseStream {
        final List<Long> rounds = new ArrayList<>();

        RecordingStream(StreamRequest request, StreamAccounting accounting) {
            super(request, accounting);
        }

        @Override
        protected void validate(Statistic input) {
            if (((Statistic.Scalar) input).value() < 0) {
                throw new IllegalArgumentException("value must be in [0, inf)");
            }
        }

        @Override
        protected Statistic perturb(Statistic input, long round) {
            rounds.add(round);
            return new Statistic.Scalar(((Statistic.Scalar) input).value() + noise().nextLong() % 2);
        }
    }

    private static PrivacyLedger ledger() {
        return PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
    }

    private static StreamRequest request(PrivacyLedger ledger, OptionalLong length) {
        return new StreamRequest(ledger, KEY, NoiseSource.seeded(7), "test-stream", length);
    }

    @Test
    void perReleaseChargesEveryReleaseAndRefusesPastTheLength() {
        PrivacyLedger ledger = ledger();
        StreamAccounting accounting = new StreamAccounting.PerRelease(new PrivacyEvent.PureEvent(0.25));
        RecordingStream stream = new RecordingStream(request(ledger, OptionalLong.of(3)), accounting);
        assertEquals(0, ledger.charges(), "a per-release stream charges nothing when it opens");
        for (int i = 0; i < 3; i++) {
            stream.release(new Statistic.Scalar(1));
        }
        assertEquals(3, stream.released());
        assertEquals(List.of(0L, 1L, 2L), stream.rounds);
        assertEquals(0.75, ledger.epsilon(KEY, 1e-6), 1e-12); // 3 x 0.25
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> stream.release(new Statistic.Scalar(1)));
        assertTrue(refused.getMessage().contains("3 releases"), refused.getMessage());
        assertEquals(3, ledger.releases(KEY), "the refused release charged nothing");
        assertSame(KEY, stream.key());
        assertEquals("test-stream", stream.source());
        assertSame(accounting, stream.accounting());
        assertEquals(OptionalLong.of(3), stream.length());
    }

    @Test
    void validationComesBeforeTheChargeAndTheNoise() {
        PrivacyLedger ledger = ledger();
        RecordingStream stream = new RecordingStream(request(ledger, OptionalLong.empty()),
                new StreamAccounting.PerRelease(new PrivacyEvent.PureEvent(1)));
        assertThrows(IllegalArgumentException.class, () -> stream.release(new Statistic.Scalar(-1)));
        assertEquals(0, ledger.charges());
        assertTrue(stream.rounds.isEmpty());
        assertEquals(0, stream.released());
        assertEquals(OptionalLong.empty(), stream.length());
    }

    @Test
    void scheduledChargesTheEventOfEachRound() {
        PrivacyLedger ledger = ledger();
        RecordingStream stream = new RecordingStream(request(ledger, OptionalLong.empty()),
                new StreamAccounting.Scheduled(t -> new PrivacyEvent.PureEvent(1.0 / (t + 1)), "1/(t+1)"));
        for (int i = 0; i < 4; i++) {
            stream.release(new Statistic.Scalar(0));
        }
        assertEquals(1 + 0.5 + 1.0 / 3 + 0.25, ledger.epsilon(KEY, 1e-6), 1e-12);
        assertEquals(4, ledger.releases(KEY));
    }

    @Test
    void upFrontChargesOnceWhenItOpensAndCoversItsLength() {
        PrivacyLedger ledger = ledger();
        RecordingStream stream = new RecordingStream(request(ledger, OptionalLong.empty()),
                new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(2), 5));
        assertEquals(2.0, ledger.epsilon(KEY, 1e-6), 1e-12);
        assertEquals(OptionalLong.of(5), stream.length(), "an absent length takes the up-front length");
        for (int i = 0; i < 5; i++) {
            stream.release(new Statistic.Scalar(0));
        }
        assertEquals(2.0, ledger.epsilon(KEY, 1e-6), 1e-12);
        assertThrows(IllegalStateException.class, () -> stream.release(new Statistic.Scalar(0)));

        PrivacyLedger shorter = ledger();
        RecordingStream declared = new RecordingStream(request(shorter, OptionalLong.of(5)),
                new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(2), 5));
        assertEquals(OptionalLong.of(5), declared.length(), "a length equal to the up-front length is accepted");
        PrivacyLedger longer = ledger();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new RecordingStream(request(longer, OptionalLong.of(6)),
                        new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(2), 5)));
        assertTrue(refused.getMessage().contains("[1, 5]"), refused.getMessage());
        assertEquals(0, longer.charges(), "a refused stream charges nothing");
    }

    @Test
    void nominalMakesTheKeyCarryNoFormalGuarantee() {
        PrivacyLedger ledger = ledger();
        RecordingStream stream = new RecordingStream(request(ledger, OptionalLong.empty()),
                new StreamAccounting.Nominal("data-dependent scale"));
        stream.release(new Statistic.Scalar(0));
        assertTrue(ledger.isNominal(KEY));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(KEY, 1e-6));
    }

    @Test
    void theDefaultSingleComposeAddsOneEvent() {
        BasicPureAccountant accountant = new BasicPureAccountant();
        accountant.compose(new PrivacyEvent.PureEvent(0.5));
        accountant.compose(new PrivacyEvent.PureEvent(0.5));
        assertEquals(1.0, accountant.epsilon(0), 1e-12);
        assertEquals(Sensitivity.Norm.L1, Sensitivity.l1(2).norm());
        assertEquals(2.0, Sensitivity.l1(2).value());
    }

    @Test
    void valueTypesCompareByContent() {
        Statistic.SymmetricMatrix matrix = new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 3});
        assertEquals(1, matrix.get(0, 0));
        assertEquals(2, matrix.get(0, 1));
        assertEquals(2, matrix.get(1, 0));
        assertEquals(3, matrix.get(1, 1));
        assertEquals(matrix, new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 3}));
        assertNotEquals(matrix, new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 4}));
        assertNotEquals(matrix, new Statistic.SymmetricMatrix(1, new double[] {1}));
        assertFalse(matrix.equals(new Statistic.Scalar(1)));
        Statistic.Counts counts = new Statistic.Counts(new long[] {1, 2});
        assertEquals(counts, new Statistic.Counts(new long[] {1, 2}));
        assertNotEquals(counts, new Statistic.Counts(new long[] {1, 3}));
        assertFalse(counts.equals(new Statistic.Scalar(1)));
    }
}
