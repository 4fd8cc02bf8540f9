package io.dpmarl.core.conformance;

import static io.dpmarl.core.conformance.KitRejections.assertAccountantRejected;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import org.junit.jupiter.api.Test;

/**
 * Tests of the accountant kit itself: it accepts two simple correct accountants and rejects each of a
 * list of deliberately broken ones. Deterministic (no sampling).
 */
class AccountantConformanceTest {

    @Test
    void acceptsBasicPureComposition() {
        assertDoesNotThrow(() -> AccountantConformance.check(new BasicPureAccountant()));
    }

    @Test
    void acceptsReleaseCountingAccountant() {
        assertDoesNotThrow(() -> AccountantConformance.check(ReleaseCountingAccountant::new));
    }

    @Test
    void rejectsCopySharingState() {
        assertAccountantRejected(() -> new BasicPureAccountant() {
            @Override
            public Accountant copy() {
                return new Shared(this);
            }
        }, "must not change the original");
    }

    /** A "copy" that forwards to its original. */
    private static final class Shared extends BasicPureAccountant {
        private final BasicPureAccountant original;

        Shared(BasicPureAccountant original) {
            this.original = original;
        }

        @Override
        public void compose(PrivacyEvent event, long count) {
            original.compose(event, count);
        }

        @Override
        public double epsilon(double delta) {
            return original.epsilon(delta);
        }

        @Override
        public double delta(double epsilon) {
            return original.delta(epsilon);
        }
    }

    @Test
    void rejectsSilentlyIgnoredUnsupportedEvent() {
        assertAccountantRejected(() -> new BasicPureAccountant() {
            @Override
            public void compose(PrivacyEvent event, long count) {
                if (supports(event)) {
                    super.compose(event, count);
                }
            }
        }, "must throw IllegalArgumentException");
    }

    @Test
    void rejectsNonMonotoneComposition() {
        // Averages instead of adding: the epsilon falls when a cheaper event follows a costlier one.
        assertAccountantRejected(() -> new BasicPureAccountant() {
            private long events;

            @Override
            public void compose(PrivacyEvent event, long count) {
                super.compose(event, count);
                events += count;
            }

            @Override
            public double epsilon(double delta) {
                double sum = super.epsilon(delta);
                return events == 0 ? sum : sum / events;
            }
        }, "decreased");
    }

    @Test
    void rejectsInconsistentConversions() {
        // delta(epsilon) claims 0 only above twice the total: delta(epsilon(d)) = 1 > d.
        assertAccountantRejected(() -> new BasicPureAccountant() {
            @Override
            public double delta(double epsilon) {
                super.delta(epsilon);
                return epsilon >= 2 * total && total > 0 || total == 0 ? 0.0 : 1.0;
            }
        }, "the conversions disagree");
    }

    @Test
    void rejectsBatchCountThatDiffersFromRepetitions() {
        assertAccountantRejected(() -> new BasicPureAccountant() {
            @Override
            public void compose(PrivacyEvent event, long count) {
                super.compose(event, count > 1 ? count - 1 : count);
            }
        }, "single compositions differ");
    }

    @Test
    void rejectsOutOfRangeDelta() {
        assertAccountantRejected(() -> new BasicPureAccountant() {
            @Override
            public double epsilon(double delta) {
                return total;
            }
        }, "outside [0, 1)");
    }
}
