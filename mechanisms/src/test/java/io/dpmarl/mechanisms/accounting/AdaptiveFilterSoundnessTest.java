package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent.ApproxEvent;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.NonPrivateEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyFilter;
import org.junit.jupiter.api.Test;

/**
 * A budget must hold as a privacy filter (Rogers, Roth, Ullman and Vadhan, "Privacy Odometers and Filters:
 * Pay-as-you-Go Composition", 2016): the advanced-composition bound is not a valid filter when privacy parameters
 * are chosen adaptively, so a budget over the {@code advanced} accountant admits by basic composition, while
 * {@code basic}, {@code rdp} and {@code zcdp} admit as before. Every expected value is derived in the comments.
 * Deterministic.
 *
 * <p>The shared case: 400 pure releases of epsilon0 = 1/16 (exact in binary) against the budget (8, 1e-5), with
 * L = ln(1/1e-5) = 11.5129 and S = 400 / 256 = 1.5625. Basic composition: 400 / 16 = 25 > 8, refused. The
 * advanced bounds with slack 1e-5 (no release delta): DRV sqrt(2 S L) + 400 epsilon0 (e^epsilon0 - 1)
 * = sqrt(35.978) + 25 x 0.064494 = 5.9982 + 1.6123 = 7.6105 &lt;= 8; KOV Thm. 3.5 (second form)
 * 25 tanh(1/32) + sqrt(2 S L) = 0.7810 + 5.9982 = 6.7792 &lt;= 8; KOV Thm. 3.3 (homogeneous, exact) is the optimal
 * composition, so at most any valid bound, hence at most 6.7792. The old filter, which compared the advanced
 * bound with the budget, admitted all 400 releases under every variant.
 */
class AdaptiveFilterSoundnessTest {
    private static final PrivacyBudget BUDGET = new PrivacyBudget(8.0, 1e-5);
    private static final PureEvent SIXTEENTH = new PureEvent(0.0625);

    /** The sound filter refuses what the advanced bound would admit, for every variant, and changes nothing. */
    @Test
    void advancedBudgetRefusesWhatOnlyTheAdvancedBoundAdmits() {
        for (AdvancedAccountant.Variant variant : AdvancedAccountant.Variant.values()) {
            AdvancedAccountant accountant = new AdvancedAccountant(variant);
            PrivacyFilter filter = new PrivacyFilter(accountant, BUDGET, "agent/0");
            assertThrows(PrivacyBudgetExceededException.class, () -> filter.charge(SIXTEENTH, 400),
                    variant.name());
            assertEquals(0.0, accountant.epsilon(1e-5), 0.0, variant + ": a refused charge composes nothing");
        }
    }

    /**
     * Release by release: basic composition admits 128 x 1/16 = 8 exactly (the budget) and refuses the 129th
     * (8.0625 > 8), while DRV after 129 releases is sqrt(2 x 129/256 x L) + 129/16 x 0.064494 = 3.4063 + 0.5200
     * = 3.93, far inside the budget.
     */
    @Test
    void advancedBudgetStopsAtTheBasicSumReleaseByRelease() {
        AdvancedAccountant accountant = new AdvancedAccountant(AdvancedAccountant.Variant.DRV);
        PrivacyFilter filter = new PrivacyFilter(accountant, BUDGET);
        for (int release = 0; release < 128; release++) {
            filter.charge(SIXTEENTH, 1);
        }
        assertEquals(8.0, accountant.filterEpsilon(1e-5), 0.0);
        assertThrows(PrivacyBudgetExceededException.class, () -> filter.charge(SIXTEENTH, 1));
        assertEquals(8.0, accountant.filterEpsilon(1e-5), 0.0, "the refused 129th release is not composed");
        double drv = accountant.epsilon(1e-5); // 128 releases: sqrt(2 x 0.5 x L) + 8 x 0.064494 = 3.3931 + 0.5160
        assertEquals(3.9090, drv, 1e-3);
    }

    /** The refusal names the owner, the budget (epsilon and delta), the value reached and the filter's rule. */
    @Test
    void refusalNamesTheBudgetAndTheFilter() {
        PrivacyFilter filter = new PrivacyFilter(new AdvancedAccountant(), BUDGET, "agent/0");
        PrivacyBudgetExceededException error = assertThrows(PrivacyBudgetExceededException.class,
                () -> filter.charge(SIXTEENTH, 400));
        assertEquals("privacy budget exceeded for agent/0: epsilon would reach 25.0 at delta=1.0E-5, budget epsilon"
                + " must stay in (0, 8.0] (filter: basic composition, sum of epsilons and of deltas; the advanced bound"
                + " is not a valid filter for adaptively chosen parameters); release of 400 x pure(epsilon=0.0625)"
                + " refused", error.getMessage());
    }

    /**
     * Both filters admit: 400 x 0.01 sums to 4 &lt;= 8 (the advanced bound is smaller still), and two approximate
     * releases (0.5, 2e-6) sum to (1, 4e-6), within (8, 1e-5). The accountant then reports its advanced bound, which
     * is at most the basic sum (every variant is minimised with basic composition).
     */
    @Test
    void bothFiltersAdmitWithinTheBasicSum() {
        for (AdvancedAccountant.Variant variant : AdvancedAccountant.Variant.values()) {
            AdvancedAccountant accountant = new AdvancedAccountant(variant);
            PrivacyFilter filter = new PrivacyFilter(accountant, BUDGET);
            filter.charge(new PureEvent(0.01), 400);
            assertEquals(4.0, accountant.filterEpsilon(1e-5), 1e-12, variant.name());
            assertTrue(accountant.epsilon(1e-5) <= 4.0 + 1e-12, variant.name());
            filter.charge(new ApproxEvent(0.5, 2e-6), 2);
            assertEquals(5.0, accountant.filterEpsilon(1e-5), 1e-12, variant.name());
            assertEquals(5.0, accountant.filterEpsilon(4e-6), 1e-12, "delta 4e-6 covers the summed deltas");
        }
    }

    /**
     * The filter's delta: three releases (0.1, 4e-6) sum to delta 1.2e-5 > 1e-5, refused although epsilon 0.3 is
     * far inside; below the summed delta the filter certifies nothing (+inf).
     */
    @Test
    void advancedFilterRefusesWhenTheDeltasExceedTheBudget() {
        AdvancedAccountant accountant = new AdvancedAccountant(AdvancedAccountant.Variant.KOV_BOUND);
        PrivacyFilter filter = new PrivacyFilter(accountant, BUDGET);
        filter.charge(new ApproxEvent(0.1, 4e-6), 2);
        assertThrows(PrivacyBudgetExceededException.class, () -> filter.charge(new ApproxEvent(0.1, 4e-6), 1));
        assertEquals(0.2, accountant.filterEpsilon(8e-6), 1e-12, "8e-6 covers 2 x 4e-6");
        assertEquals(Double.POSITIVE_INFINITY, accountant.filterEpsilon(7.9e-6), 0.0);
        assertEquals(0.0, new AdvancedAccountant().filterEpsilon(0.0), 0.0, "nothing composed: 0 at delta 0");
    }

    /** A non-private release has no epsilon under the filter either; the delta is checked as everywhere. */
    @Test
    void advancedFilterEpsilonOfANonPrivateReleaseIsInfiniteAndDeltaIsChecked() {
        AdvancedAccountant accountant = new AdvancedAccountant();
        accountant.compose(new NonPrivateEvent(), 1);
        assertEquals(Double.POSITIVE_INFINITY, accountant.filterEpsilon(0.5), 0.0);
        assertEquals("delta must be in [0, 1), got 1.0", assertThrows(IllegalArgumentException.class,
                () -> new AdvancedAccountant().filterEpsilon(1.0)).getMessage());
        AdvancedAccountant copy = new AdvancedAccountant();
        copy.compose(SIXTEENTH, 16);
        assertEquals(1.0, copy.copy().filterEpsilon(0.0), 0.0, "a copy keeps the basic sums: 16 / 16");
    }

    /**
     * basic is unchanged: 4 x 1/4 reaches the budget 1 exactly and is admitted, a fifth (1.25) is refused; its filter
     * epsilon is its epsilon and its rule is named after it.
     */
    @Test
    void basicAdmissionIsUnchanged() {
        BasicAccountant accountant = new BasicAccountant();
        PrivacyFilter filter = new PrivacyFilter(accountant, new PrivacyBudget(1.0, 0.0));
        filter.charge(new PureEvent(0.25), 4);
        PrivacyBudgetExceededException error = assertThrows(PrivacyBudgetExceededException.class,
                () -> filter.charge(new PureEvent(0.25), 1));
        assertTrue(error.getMessage().contains("epsilon would reach 1.25 at delta=0.0, budget epsilon must stay in"
                + " (0, 1.0] (filter: basic composition)"), error.getMessage());
        assertEquals(1.0, accountant.epsilon(0.0), 0.0);
        assertEquals(accountant.epsilon(0.0), accountant.filterEpsilon(0.0), 0.0);
    }

    /**
     * rdp is unchanged (a valid filter at a fixed order, Feldman and Zrnic 2021): at the single order 6 with the
     * classic conversion, a Gaussian with sensitivity 1 and sigma 1 has RDP 6 / 2 = 3, so one release is
     * 3 + L / 5 = 5.3026 &lt;= 6 (admitted) and two are 6 + L / 5 = 8.3026 > 6 (refused).
     */
    @Test
    void rdpAdmissionIsUnchanged() {
        Accountant accountant = new RdpAccountant(new double[] {6.0}, RdpConversion.CLASSIC);
        PrivacyFilter filter = new PrivacyFilter(accountant, new PrivacyBudget(6.0, 1e-5));
        filter.charge(new GaussianEvent(1.0, 1.0), 1);
        assertEquals(5.3026, accountant.epsilon(1e-5), 1e-4);
        PrivacyBudgetExceededException error = assertThrows(PrivacyBudgetExceededException.class,
                () -> filter.charge(new GaussianEvent(1.0, 1.0), 1));
        assertTrue(error.getMessage().contains("(filter: rdp composition)"), error.getMessage());
        assertEquals(accountant.epsilon(1e-5), accountant.filterEpsilon(1e-5), 0.0);
    }

    /**
     * zcdp is unchanged: one Gaussian (sensitivity 1, sigma 1) is 0.5-zCDP, at most 0.5 + 2 sqrt(0.5 L) = 5.2985
     * at delta 1e-5 (Bun and Steinke, Prop. 1.3; the optimal conversion is no larger), admitted under (6, 1e-5). Two
     * are 1-zCDP: the Gaussian with mu = sqrt(2) has at epsilon 6 the exact delta (Balle and Wang)
     * Phi(-6/mu + mu/2) - e^6 Phi(-6/mu - mu/2) = 2.035e-4 - 1.499e-4 = 5.36e-5 > 1e-5, so any sound epsilon at 1e-5
     * exceeds 6: refused. Likewise one Gaussian under (3, 1e-5): Phi(-2.5) - e^3 Phi(-3.5) = 1.54e-3 > 1e-5, refused.
     */
    @Test
    void zcdpAdmissionIsUnchanged() {
        ZcdpAccountant accountant = new ZcdpAccountant();
        PrivacyFilter filter = new PrivacyFilter(accountant, new PrivacyBudget(6.0, 1e-5));
        filter.charge(new GaussianEvent(1.0, 1.0), 1);
        assertTrue(accountant.epsilon(1e-5) <= 5.2986, "at most the Bun-Steinke bound");
        assertThrows(PrivacyBudgetExceededException.class, () -> filter.charge(new GaussianEvent(1.0, 1.0), 1));
        assertEquals(0.5, accountant.rho(), 1e-12, "the refused release is not composed");
        PrivacyFilter tight = new PrivacyFilter(new ZcdpAccountant(), new PrivacyBudget(3.0, 1e-5));
        assertThrows(PrivacyBudgetExceededException.class, () -> tight.charge(new GaussianEvent(1.0, 1.0), 1));
        assertEquals(accountant.epsilon(1e-5), accountant.filterEpsilon(1e-5), 0.0);
        assertEquals("zcdp composition", accountant.filterRule());
    }

    /** `dpmarl list` shows the provider's description: it names the filter's rule. */
    @Test
    void providerDescriptionNamesTheFilterRule() {
        String description = new AdvancedAccountantProvider().description();
        assertTrue(description.contains("Under a budget its filter admits by basic composition"), description);
        assertEquals(AdvancedAccountant.FILTER_RULE, new AdvancedAccountant().filterRule());
    }
}
