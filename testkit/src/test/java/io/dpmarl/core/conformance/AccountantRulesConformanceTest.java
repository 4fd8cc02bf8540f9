package io.dpmarl.core.conformance;

import static io.dpmarl.core.conformance.KitRejections.assertAccountantRejected;
import static io.dpmarl.core.conformance.KitRejections.assertRejected;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import org.junit.jupiter.api.Test;

/**
 * Each rule of the accountant kit against a correct zCDP accountant ({@link ZcdpTestAccountant}, exact inverse
 * conversions) and a variant that breaks that rule only: the variant must be rejected with the rule's message, the
 * correct one accepted. The events the zCDP accountant supports are the kit's Gaussian event (sigma 4, sensitivity
 * 1: rho = 1/32) and its zCDP event (rho = 0.05). Deterministic.
 */
class AccountantRulesConformanceTest {

    @Test
    void acceptsTheCorrectZcdpAccountant() {
        assertDoesNotThrow(() -> AccountantConformance.check(ZcdpTestAccountant::new));
        assertDoesNotThrow(() -> AccountantConformance.check(new ZcdpTestAccountant()));
    }

    @Test
    void checkOfAnInstanceRunsEveryRule() {
        // The one-argument form takes fresh accountants from copy(): a broken instance is rejected as its factory is.
        ZcdpTestAccountant ignoresCount = new ZcdpTestAccountant() {
            @Override
            public void compose(PrivacyEvent event, long count) {
                super.compose(event, Math.min(count, 1));
            }

            @Override
            public Accountant copy() {
                return this;
            }
        };
        assertRejected(() -> AccountantConformance.check(ignoresCount), "test-zcdp");
    }

    /** Basic pure composition with epsilon at delta 0.5 higher by 5e-7 relative plus 1e-13 (rounding). */
    private static final class JitteredPure extends io.dpmarl.core.fixtures.BasicPureAccountant {
        @Override
        public double epsilon(double delta) {
            double sum = super.epsilon(delta);
            return delta == 0.5 ? sum * (1 + 5e-7) + 1e-13 : sum;
        }

        @Override
        public Accountant copy() {
            JitteredPure copy = new JitteredPure();
            copy.total = total;
            return copy;
        }
    }

    @Test
    void roundingWithinOnePartInAMillionIsTolerated() {
        // A pure accountant (epsilon the sum of the pure epsilons at every delta) whose epsilon at delta 0.5 is
        // higher by 5 parts in 10^7 plus 10^-13 (say, a different order of summation): epsilon(delta) then rises
        // with delta, but only by rounding, within the kit's relative tolerance 1e-6 (and absolute 1e-12).
        assertDoesNotThrow(() -> AccountantConformance.check(JitteredPure::new));
        // The same jitter at ten parts in a million is not rounding: rejected.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                double checked = super.epsilon(delta);
                return rho > 0 && delta == 0.5 ? super.epsilon(0.1) * (1 + 1e-5) : checked;
            }
        }, "epsilon(delta) must not increase with delta");
    }

    @Test
    void rejectsMissingAccountantsAndNames() {
        assertRejected(() -> AccountantConformance.check((Accountant) null), "accountant must be non-null");
        assertAccountantRejected(() -> null, "the factory returned null");
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public String name() {
                return " ";
            }
        }, "accountant name must be non-blank");
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public String name() {
                return null;
            }
        }, "accountant name must be non-blank");
        // An accountant of none of the standard events cannot be checked at all.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public boolean supports(PrivacyEvent event) {
                return false;
            }
        }, "supports none of the standard events");
    }

    @Test
    void aRefusedEventMustChangeNothing() {
        // Adds a unit of rho, then notices that the event is unsupported: the refusal leaves the state changed.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public void compose(PrivacyEvent event, long count) {
                if (!supports(event)) {
                    rho += 1;
                }
                super.compose(event, count);
            }
        }, "must change nothing");
    }

    @Test
    void theEmptyAccountantMustBeAFiniteFloor() {
        // Reports +inf before anything is composed.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                double checked = super.epsilon(delta); // validates delta
                return rho == 0 ? Double.POSITIVE_INFINITY : checked;
            }
        }, "an empty accountant must give a finite epsilon >= 0");
        // Counts a fixed overhead of 0.01 in rho for every call of compose, even with count 0.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public void compose(PrivacyEvent event, long count) {
                super.compose(event, count);
                rho += 0.01;
            }
        }, "composing 0 repetitions must change nothing");
        // Reports a conversion floor of 1 when empty, above the epsilon after one Gaussian event
        // (1/32 + 2 sqrt(ln(1e9) / 32) = 1.67 at delta 1e-9, but 1/32 + 2 sqrt(ln 2 / 32) = 0.33 at delta 0.5).
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                double checked = super.epsilon(delta); // validates delta
                return rho == 0 ? 1.0 : checked;
            }

            @Override
            public double delta(double epsilon) {
                double checked = super.delta(epsilon); // validates epsilon
                return rho == 0 ? (epsilon >= 1.0 ? 0 : 1) : checked;
            }
        }, "exceeds the epsilon after");
    }

    @Test
    void epsilonAtDeltaZeroMustBeANumberAtLeastEveryOtherEpsilon() {
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                return delta == 0 && rho > 0 ? Double.NaN : super.epsilon(delta);
            }
        }, "epsilon(0) is NaN");
        // Answers rho at delta 0, below its own epsilon at delta 0.5.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                return delta == 0 && rho > 0 ? rho : super.epsilon(delta);
            }
        }, "epsilon(0) must be at least epsilon(");
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                if (delta == 0) {
                    throw new IllegalArgumentException("delta must be in (0, 1), got 0");
                }
                return super.epsilon(delta);
            }
        }, "epsilon(0) must return a number or +inf");
    }

    @Test
    void profilesMustStayInRangeAndBeMonotoneInTheirArgument() {
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                double checked = super.epsilon(delta); // validates delta
                return rho == 0 ? -0.5 : checked;
            }
        }, "must be in [0, inf]");
        // Grows with delta: rho (1 + delta) instead of the bound that falls with delta.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                return rho == 0 || delta == 0 ? super.epsilon(delta) : rho * (1 + delta);
            }
        }, "epsilon(delta) must not increase with delta");
        // Subtracts 1e-3 from every delta: negative when the true delta is 0.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double delta(double epsilon) {
                return super.delta(epsilon) - 1e-3;
            }
        }, "must be in [0, 1]");
        // Answers delta(0.5) at epsilon 5 (a table look-up off by a factor of ten): delta(5) > delta(2), although
        // every value still grows under composition.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double delta(double epsilon) {
                return super.delta(epsilon == 5 ? 0.5 : epsilon);
            }
        }, "delta(epsilon) must not increase with epsilon");
    }

    @Test
    void conversionsMustAgreeInBothDirections() {
        // epsilon(delta) doubled: delta(2 epsilon(d)) is still below d, but epsilon(delta(e)) = 2 e > e.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                return 2 * super.epsilon(delta);
            }
        }, "the conversions disagree");
    }

    @Test
    void nanProfilesAreNamed() {
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                // Above rho 0.06 only, so that the single-event states read directly by the empty-state check pass.
                return rho > 0.06 && delta >= 0.5 ? Double.NaN : super.epsilon(delta);
            }
        }, "epsilon(0.5) is NaN");
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double delta(double epsilon) {
                return rho > 0 && epsilon >= 50 ? Double.NaN : super.delta(epsilon);
            }
        }, "delta(50.0) is NaN");
    }

    @Test
    void compositionMustNotLowerTheDelta() {
        // delta computed from the MEAN rho of the events: adding a cheaper event lowers it. After the Gaussian
        // (1/32) and the zCDP event (0.05), adding the Gaussian again moves the mean from 0.0406 to 0.0375.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            private long events;

            @Override
            public void compose(PrivacyEvent event, long count) {
                super.compose(event, count);
                events += count;
            }

            @Override
            public double delta(double epsilon) {
                double total = rho;
                rho = events == 0 ? 0 : rho / events;
                double value = super.delta(epsilon);
                rho = total;
                return value;
            }
        }, "decreased");
    }

    @Test
    void everyStateIsChecked() {
        // Wrong only for a single event (rho at most 0.05): delta(epsilon) halved, so epsilon(delta(e)) > e. Seen only
        // in the profile of one composed event (composition stays monotone: the halved values are the smaller ones).
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double delta(double epsilon) {
                return rho > 0 && rho <= 0.05 ? super.delta(epsilon) / 2 : super.delta(epsilon);
            }
        }, "after gaussian");
        // Wrong only above rho 0.15: seen only after every supported event composed twice (rho = 2 (1/32 + 0.05)
        // = 0.1625); the repetition check compares the accountant with itself and the copy check starts at 1/32.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public double epsilon(double delta) {
                return rho > 0.15 ? 2 * super.epsilon(delta) : super.epsilon(delta);
            }
        }, "after composing every supported event twice");
    }

    @Test
    void batchCompositionMustEqualRepeatedComposition() {
        // compose(event, k) adds k - 1 copies for k > 1.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public void compose(PrivacyEvent event, long count) {
                super.compose(event, count > 1 ? count - 1 : count);
            }
        }, "single compositions differ in epsilon(");
    }

    @Test
    void copiesMustBeNewIndependentAndFaithful() {
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public Accountant copy() {
                return null;
            }
        }, "copy() returned null");
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public Accountant copy() {
                return this;
            }
        }, "copy() must return a new object");
        // Forgets the events composed so far.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public Accountant copy() {
                return new ZcdpTestAccountant();
            }
        }, "a copy must start with the same events");
        // A view that adds its own events to the original's: composing into the original changes the copy.
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public Accountant copy() {
                ZcdpTestAccountant original = this;
                return new ZcdpTestAccountant() {
                    @Override
                    public double epsilon(double delta) {
                        double own = rho;
                        rho = own + original.rho;
                        double value = super.epsilon(delta);
                        rho = own;
                        return value;
                    }
                };
            }
        }, "composing into the original must not change a copy");
        assertAccountantRejected(() -> new ZcdpTestAccountant() {
            @Override
            public Accountant copy() {
                ZcdpTestAccountant copy = new ZcdpTestAccountant() {
                    @Override
                    public String name() {
                        return "renamed";
                    }
                };
                copy.rho = rho;
                return copy;
            }
        }, "a copy must keep the accountant's name");
    }
}
