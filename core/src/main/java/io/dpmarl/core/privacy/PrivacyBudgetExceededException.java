package io.dpmarl.core.privacy;

/**
 * Thrown before any noise is drawn when a release would take a ledger key past its budget. The ledger
 * is left unchanged. It is an {@link IllegalArgumentException} so that the CLI reports it like any
 * other bad input (exit code 2).
 */
public final class PrivacyBudgetExceededException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public PrivacyBudgetExceededException(String message) {
        super(message);
    }
}
