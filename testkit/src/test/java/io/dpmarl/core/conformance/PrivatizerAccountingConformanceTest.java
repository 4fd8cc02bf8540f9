package io.dpmarl.core.conformance;

import static io.dpmarl.core.conformance.KitRejections.assertRejected;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import io.dpmarl.core.conformance.FlawedPrivatizer.Flaw;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The accounting checks of the privatizer kit (ledger charges, budget refusals, the stream contract) against
 * hand-written privatizers with one flaw each ({@link FlawedPrivatizer}): each must be rejected with the message of
 * the rule it breaks, and the conforming one accepted. Deterministic (fixed seeds, no sampling).
 */
class PrivatizerAccountingConformanceTest {
    private static final Statistic SCALAR = new Statistic.Scalar(2);

    @Test
    void acceptsTheConformingHandWrittenPrivatizer() {
        assertDoesNotThrow(() -> PrivatizerConformance.check(new FlawedPrivatizer(Flaw.NONE)));
        assertDoesNotThrow(() -> PrivatizerConformance.check(new FlawedPrivatizer(Flaw.NONE, 1, true)));
    }

    @Test
    void ledgerChargeMustBeOneEntryOfTheDeclaredEventForTheGivenKey() {
        // Each of these makes the ledger report a different privacy loss than the release incurred.
        assertRejected(() -> PrivatizerConformance.checkLedgerCharge(new FlawedPrivatizer(Flaw.WRONG_KEY), SCALAR),
                "must be charged to the key it was given");
        assertRejected(() -> PrivatizerConformance.checkLedgerCharge(new FlawedPrivatizer(Flaw.WRONG_EVENT), SCALAR),
                "the ledger entry must carry event()");
        assertRejected(() -> PrivatizerConformance.checkLedgerCharge(new FlawedPrivatizer(Flaw.COUNT_TWO), SCALAR),
                "one release must be charged with count 1");
        // The second release is checked as closely as the first.
        assertRejected(() -> PrivatizerConformance.checkLedgerCharge(new FlawedPrivatizer(Flaw.WRONG_EVENT, 2, false),
                SCALAR), "the ledger entry must carry event()");
        // Drifting from the third release on: two releases compose into the accountant, or the global key is charged.
        assertRejected(() -> PrivatizerConformance.checkLedgerCharge(new FlawedPrivatizer(Flaw.COUNT_TWO, 3, false),
                SCALAR), "must compose exactly one event into the key's accountant");
        assertRejected(() -> PrivatizerConformance.checkLedgerCharge(
                new FlawedPrivatizer(Flaw.EXTRA_GLOBAL_CHARGE, 3, false), SCALAR),
                "must charge only the key it was given");
    }

    @Test
    void aReleaseOverBudgetMustBeRefusedBeforeAnythingChanges() {
        assertRejected(() -> PrivatizerConformance.checkBudgetRefusal(new FlawedPrivatizer(Flaw.SWALLOWS_REFUSAL),
                SCALAR), "must throw PrivacyBudgetExceededException");
        assertRejected(() -> PrivatizerConformance.checkBudgetRefusal(new FlawedPrivatizer(Flaw.BOOKKEEPING_ENTRY),
                SCALAR), "a refused release must leave the ledger unchanged");
        assertRejected(() -> PrivatizerConformance.checkBudgetRefusal(new FlawedPrivatizer(Flaw.NOISE_FIRST), SCALAR),
                "a refused release must draw no noise");
        // From the second attempt on (the first is the refused one under the tiny budget): the second refusal,
        // under a budget of one release, must leave the earlier entry only and draw nothing.
        assertRejected(() -> PrivatizerConformance.checkBudgetRefusal(new FlawedPrivatizer(Flaw.BOOKKEEPING_ENTRY, 2,
                false), SCALAR), "a refused release must leave earlier entries only");
        assertRejected(() -> PrivatizerConformance.checkBudgetRefusal(new FlawedPrivatizer(Flaw.NOISE_FIRST, 2, false),
                SCALAR), "the refused second release must draw no noise");
    }

    @Test
    void aNominalReleaseMustBeRefusedUnderABudgetBeforeAnythingChanges() {
        assertRejected(() -> PrivatizerConformance.checkNominalRefusedUnderBudget(
                new FlawedPrivatizer(Flaw.BOOKKEEPING_ENTRY, 1, true), SCALAR),
                "a refused nominal release must leave the ledger unchanged");
        assertRejected(() -> PrivatizerConformance.checkNominalRefusedUnderBudget(
                new FlawedPrivatizer(Flaw.NOISE_FIRST, 1, true), SCALAR),
                "a refused nominal release must draw no noise");
        // check() runs this rule for a nominal privatizer (and names it, before the stream rules).
        assertRejected(() -> PrivatizerConformance.check(new FlawedPrivatizer(Flaw.NOISE_FIRST, 1, true)),
                "a refused nominal release must draw no noise");
    }

    @Test
    void aRefusedTypeMustBeRefusedBeforeAnythingChanges() {
        assertRejected(() -> PrivatizerConformance.checkRejectsUnacceptedTypes(
                new FlawedPrivatizer(Flaw.CHARGES_REFUSED_TYPE)), "input must not be charged to the ledger");
        assertRejected(() -> PrivatizerConformance.checkRejectsUnacceptedTypes(
                new FlawedPrivatizer(Flaw.DRAWS_FOR_REFUSED_TYPE)), "input must draw no noise");
    }

    @Test
    void theStreamMustReportWhatItDoes() {
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.STREAM_KEY_LIE), SCALAR),
                "the stream must charge the key it was opened for");
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.MODE_LIE), SCALAR),
                "the stream must account as accounting(length) declares");
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.RELEASED_MISCOUNT), SCALAR),
                "released() must count the releases");
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.WRONG_KEY), SCALAR),
                "every charge must go to the stream's key");
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.WRONG_EVENT), SCALAR),
                "the events charged must compose to the declared per-release accounting");
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.NOISE_FIRST), SCALAR),
                "must come before any noise of its release is drawn");
    }

    @Test
    void theStreamMustStopAtItsDeclaredLength() {
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.NO_LENGTH_LIMIT), SCALAR),
                "a release past the declared length must be refused");
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.DRAWS_PAST_LENGTH), SCALAR),
                "a release past the declared length must draw no noise");
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.CHARGES_PAST_LENGTH), SCALAR),
                "a release past the declared length must charge nothing");
    }

    @Test
    void checkRunsEveryRule() {
        // Each flaw below is caught by exactly one rule; check() must run it.
        assertRejected(() -> PrivatizerConformance.check(new FlawedPrivatizer(Flaw.STREAM_KEY_LIE)),
                "the stream must charge the key it was opened for");
        assertRejected(() -> PrivatizerConformance.check(new FlawedPrivatizer(Flaw.DRAWS_FOR_REFUSED_TYPE)),
                "input must draw no noise");
        assertRejected(() -> PrivatizerConformance.check(null), "privatizer must be non-null");
        assertRejected(() -> PrivatizerConformance.check(null, Map.of()), "privatizer must be non-null");
        // A sample map with no input for an accepted type is a usage error named by the kit.
        Map<Class<? extends Statistic>, Statistic> missing = new HashMap<>();
        missing.put(Statistic.Scalar.class, null);
        Privatizer toy = new ToyPrivatizer();
        assertRejected(() -> PrivatizerConformance.check(toy, missing), "no sample input for accepted type Scalar");
    }
}
