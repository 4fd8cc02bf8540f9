package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;

/**
 * A privacy budget (epsilon, delta) that a {@link PrivacyFilter} enforces.
 *
 * @param epsilon in (0, inf)
 * @param delta   in [0, 1)
 */
public record PrivacyBudget(double epsilon, double delta) {
    public PrivacyBudget {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.delta("delta", delta);
    }
}
