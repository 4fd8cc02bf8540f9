package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.validation.Checks;

/**
 * The argument checks every accountant's {@code compose} starts with, so that all accountants refuse the same
 * input with the same message and leave their state unchanged: a null event, an unsupported event (the message
 * names the accountant and what it supports) and a negative count.
 */
final class CompositionGuard {
    private CompositionGuard() {
    }

    /**
     * Checks one composition request.
     *
     * @return false if there is nothing to compose ({@code count == 0}), true otherwise
     * @throws IllegalArgumentException for a null or unsupported event, or a negative count
     */
    static boolean admit(Accountant accountant, PrivacyEvent event, long count, String supported) {
        if (event == null) {
            throw new IllegalArgumentException("event must be non-null");
        }
        if (!accountant.supports(event)) {
            throw new IllegalArgumentException("accountant '" + accountant.name() + "' does not support event "
                    + event.describe() + "; supported: " + supported);
        }
        Checks.atLeast("count", count, 0);
        return count > 0;
    }
}
