package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import java.util.function.Supplier;
import org.junit.jupiter.api.function.Executable;

/**
 * How the kits' own tests expect a rejection: the check fails with an {@link AssertionError} whose message contains
 * the fragment that names the broken rule (a rejection for another reason, or none, fails the test).
 */
final class KitRejections {
    private KitRejections() {
    }

    /** {@code check} must fail with an assertion error whose message contains {@code fragment}. */
    static void assertRejected(Executable check, String fragment) {
        AssertionError error = assertThrows(AssertionError.class, check);
        assertTrue(error.getMessage().contains(fragment), "expected '" + fragment + "', got: " + error.getMessage());
    }

    /** The accountant kit must reject the accountants of {@code broken} with a message containing {@code fragment}. */
    static void assertAccountantRejected(Supplier<Accountant> broken, String fragment) {
        assertRejected(() -> AccountantConformance.check(broken), fragment);
    }
}
