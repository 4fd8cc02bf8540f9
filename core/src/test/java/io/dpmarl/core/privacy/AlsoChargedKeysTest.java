package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * One release charged to two principals ({@link StreamRequest#alsoCharged()}): the stream charges the same event to
 * its key and to every also-charged key, draws the noise once, and the charge is all or nothing (a budget refusal by
 * any principal leaves every key as it was and draws nothing). Expected epsilons are sums of the declared pure events
 * (basic composition), written out in each test.
 */
class AlsoChargedKeysTest {
    private static final LedgerKey OWN = LedgerKey.user(2).child("agent", 1);
    private static final LedgerKey RUN = new LedgerKey("users-from/0");

    /** A per-release stream of pure 0.25 events that counts its noise draws. */
    private static final class CountingStream extends AbstractReleaseStream {
        int draws;

        CountingStream(StreamRequest request, StreamAccounting accounting) {
            super(request, accounting);
        }

        @Override
        protected Statistic perturb(Statistic input, long round) {
            draws++;
            return input;
        }
    }

    private static StreamRequest request(PrivacyLedger ledger) {
        return StreamRequest.of(ledger, OWN, NoiseSource.seeded(3), "two-keys").withAlsoCharged(RUN);
    }

    private static CountingStream perRelease(StreamRequest request) {
        return new CountingStream(request, new StreamAccounting.PerRelease(new PrivacyEvent.PureEvent(0.25)));
    }

    @Test
    void everyReleaseIsChargedToBothPrincipalsAndDrawsOnce() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        CountingStream stream = perRelease(request(ledger));
        for (int i = 0; i < 3; i++) {
            stream.release(new Statistic.Scalar(1));
        }
        assertEquals(3, stream.draws, "one noise draw per release, not one per key");
        assertEquals(0.75, ledger.epsilon(OWN, 1e-6), 1e-12); // 3 x 0.25
        assertEquals(0.75, ledger.epsilon(LedgerKey.user(2), 1e-6), 1e-12);
        assertEquals(0.75, ledger.epsilon(RUN, 1e-6), 1e-12);
        assertEquals(3, ledger.releases(RUN));
        assertEquals(6, ledger.charges(), "two entries per release");
        assertEquals(List.of(OWN, RUN, OWN, RUN, OWN, RUN), entries.stream().map(LedgerEntry::key).toList());
        // a second user's stream charges its own key and the same run-wide key: the run key composes both users
        StreamRequest next = StreamRequest.of(ledger, LedgerKey.user(3).child("agent", 1), NoiseSource.seeded(4),
                "two-keys").withAlsoCharged(RUN);
        perRelease(next).release(new Statistic.Scalar(1));
        assertEquals(0.25, ledger.epsilon(LedgerKey.user(3), 1e-6), 1e-12);
        assertEquals(1.0, ledger.epsilon(RUN, 1e-6), 1e-12); // 4 x 0.25
        assertEquals(1.0, ledger.maxEpsilon(1e-6), 1e-12);
    }

    @Test
    void anUpFrontStreamChargesBothKeysWhenItOpens() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        new CountingStream(request(ledger), new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(0.5), 4));
        assertEquals(0.5, ledger.epsilon(OWN, 1e-6), 1e-12);
        assertEquals(0.5, ledger.epsilon(RUN, 1e-6), 1e-12);
    }

    @Test
    void aBudgetRefusalByTheSecondPrincipalChargesNeitherAndDrawsNothing() {
        // budget 1.0 per principal: the run key first takes 0.75 from another user, then user 2's release of 0.5
        // would bring it to 1.25 > 1.0, while user 2's own principal (0.5) has room
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 1e-6));
        ledger.charge(RUN, new PrivacyEvent.PureEvent(0.75), 1, "earlier users");
        CountingStream stream = new CountingStream(request(ledger),
                new StreamAccounting.PerRelease(new PrivacyEvent.PureEvent(0.5)));
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> stream.release(new Statistic.Scalar(1)));
        assertTrue(refused.getMessage().contains("users-from/0"), refused.getMessage());
        assertEquals(0, stream.draws);
        assertEquals(0, ledger.releases(OWN), "the own key is not charged when the run key refuses");
        assertEquals(0.0, ledger.epsilon(LedgerKey.user(2), 1e-6), 0.0);
        assertEquals(0.75, ledger.epsilon(RUN, 1e-6), 1e-12);
        assertEquals(1, ledger.charges());
        // within the budget both are charged: 0.75 + 0.25 = 1.0
        CountingStream small = perRelease(request(ledger));
        small.release(new Statistic.Scalar(1));
        assertEquals(1.0, ledger.epsilon(RUN, 1e-6), 1e-12);
        assertEquals(0.25, ledger.epsilon(OWN, 1e-6), 1e-12);
    }

    @Test
    void aBudgetRefusalByTheFirstPrincipalChargesNeither() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 1e-6));
        ledger.charge(OWN, new PrivacyEvent.PureEvent(0.75), 1, "earlier");
        CountingStream stream = new CountingStream(request(ledger),
                new StreamAccounting.PerRelease(new PrivacyEvent.PureEvent(0.5)));
        assertThrows(PrivacyBudgetExceededException.class, () -> stream.release(new Statistic.Scalar(1)));
        assertEquals(0, ledger.releases(RUN));
        assertEquals(0.75, ledger.epsilon(OWN, 1e-6), 1e-12);
    }

    @Test
    void aNominalReleaseUnderABudgetIsRefusedAsABudgetRefusalAndChargesNothing() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 1e-6));
        ledger.charge(RUN, new PrivacyEvent.PureEvent(0.25), 1, "earlier");
        CountingStream stream = new CountingStream(request(ledger), new StreamAccounting.Nominal("data-dependent"));
        assertThrows(PrivacyBudgetExceededException.class, () -> stream.release(new Statistic.Scalar(1)));
        assertEquals(0, ledger.releases(OWN));
        assertEquals(1, ledger.releases(RUN));
    }

    @Test
    void anUnsupportedEventChargesNeitherKeyAndAnUnaccountedLedgerCountsBoth() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        CountingStream gaussian = new CountingStream(request(ledger),
                new StreamAccounting.PerRelease(new PrivacyEvent.GaussianEvent(1.0, 1.0)));
        assertThrows(IllegalArgumentException.class, () -> gaussian.release(new Statistic.Scalar(1)));
        assertEquals(0, ledger.charges());
        PrivacyLedger counting = PrivacyLedger.unaccounted();
        perRelease(request(counting)).release(new Statistic.Scalar(1));
        assertEquals(1, counting.releases(OWN));
        assertEquals(1, counting.releases(RUN));
    }

    @Test
    void keysUnderOnePrincipalAreRefusedAndTheRequestKeepsItsKeysThroughItsWithers() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        StreamRequest request = StreamRequest.of(ledger, OWN, NoiseSource.seeded(1), "s");
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
                () -> request.withAlsoCharged(LedgerKey.user(2)));
        assertTrue(same.getMessage().contains("alsoCharged") && same.getMessage().contains("user/2"),
                same.getMessage());
        StreamRequest twice = request.withAlsoCharged(RUN);
        assertThrows(IllegalArgumentException.class, () -> twice.withAlsoCharged(RUN.child("agent", 0)));
        StreamRequest full = twice.withLength(5).withShape(StreamRequest.Shape.scalar());
        assertEquals(List.of(RUN), full.alsoCharged());
        assertEquals(List.of(OWN, RUN), full.chargedKeys());
        assertEquals(OptionalLong.of(5), full.length());
        assertEquals(List.of(), request.alsoCharged(), "a request without also-charged keys has none");
    }
}
