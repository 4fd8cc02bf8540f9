package io.dpmarl.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Registry;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A spec's {@code delta} is the delta at which {@code epsilon_spent} and {@code privacy.csv} report epsilon; a
 * budget's own {@code budget.delta} only decides which releases are admitted. Red-team finding: with a budget the
 * ledger reported at {@code budget.delta} instead, so a spec with {@code delta: 1e-6} and {@code budget.delta: 1e-2}
 * printed the (smaller) epsilon at 1e-2 in columns documented as "at the run's reporting delta".
 */
class BudgetReportingDeltaTest {
    private static final String LEARNER = "greedy-test(exploration=0.2, privatizer=shift-test(epsilon=0.5))";

    /**
     * Pure epsilons add, then the loss is read at delta as {@code sum * (1 + ln(1/delta))}: a made-up accountant
     * whose epsilon depends on delta, so the delta a report uses is visible in its value.
     */
    private static final class DeltaDependentAccountant implements Accountant {
        private double sum;

        @Override
        public String name() {
            return "delta-dependent-test";
        }

        @Override
        public boolean supports(PrivacyEvent event) {
            return event instanceof PrivacyEvent.PureEvent;
        }

        @Override
        public void compose(PrivacyEvent event, long count) {
            sum += ((PrivacyEvent.PureEvent) event).epsilon() * count;
        }

        @Override
        public double epsilon(double delta) {
            return sum * (1 + Math.log(1 / delta));
        }

        @Override
        public double delta(double epsilon) {
            return 1.0;
        }

        @Override
        public Accountant copy() {
            DeltaDependentAccountant copy = new DeltaDependentAccountant();
            copy.sum = sum;
            return copy;
        }
    }

    @Test
    void thePipelinesLedgerReportsAtTheSpecsDeltaNotTheBudgets() {
        Registry registry = TestPlugins.registry();
        PipelineSpec spec = new PipelineSpec("bandit-test(horizon=4)", LEARNER, "sum-test", 1e-6,
                Optional.of(new PrivacyBudget(100.0, 1e-2)));
        Pipeline pipeline = PipelineModule.assemble(spec, registry, RandomStreams.of(3), row -> { });
        assertEquals(1e-6, pipeline.ledger().reportingDelta(), 0.0, "reported at the spec's delta");
        assertEquals(Optional.of(new PrivacyBudget(100.0, 1e-2)), pipeline.ledger().budgetPerPrincipal(),
                "the budget (and its delta) still decides admission");
    }

    @Test
    void aBudgetedLedgerReportsAtItsReportingDeltaAndAdmitsAtTheBudgets() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(DeltaDependentAccountant::new, new PrivacyBudget(7.0, 0.1),
                1e-6);
        LedgerKey key = LedgerKey.agent(0);
        // One release of 1: at delta 1e-6 the loss is 1 + ln(1e6) = 14.8155..., at the budget's delta 0.1 it is
        // 1 + ln(10) = 3.3026 <= 7, so the budget admits it.
        ledger.charge(key, new PrivacyEvent.PureEvent(1.0), 1, "test");
        assertEquals(1 + Math.log(1e6), ledger.maxEpsilon(ledger.reportingDelta()), 1e-12);
        assertEquals(1e-6, ledger.reportingDelta(), 0.0);
        // A second release: 2 (1 + ln 10) = 6.605 <= 7 is admitted; a third, 9.9, is refused.
        ledger.charge(key, new PrivacyEvent.PureEvent(1.0), 1, "test");
        org.junit.jupiter.api.Assertions.assertThrows(io.dpmarl.core.privacy.PrivacyBudgetExceededException.class,
                () -> ledger.charge(key, new PrivacyEvent.PureEvent(1.0), 1, "test"));
        assertEquals(2 * (1 + Math.log(1e6)), ledger.epsilon(key, ledger.reportingDelta()), 1e-12);
    }

    @Test
    void theOneArgumentBudgetFormStillReportsAtTheBudgetsDelta() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(DeltaDependentAccountant::new, new PrivacyBudget(7.0, 0.1));
        assertEquals(0.1, ledger.reportingDelta(), 0.0);
    }
}
