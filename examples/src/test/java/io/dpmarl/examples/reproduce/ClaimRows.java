package io.dpmarl.examples.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import java.util.List;

/**
 * Test helper shared by the reproductions' claims tests: finds the rows of a claims table by the start of their
 * claim text (each test names a row by its prefix, such as {@code "C2"} or {@code "A4 gaussian-sound"}).
 */
public final class ClaimRows {
    private ClaimRows() {
    }

    /** The first claim whose text starts with {@code prefix}; an assertion error names the prefix if none does. */
    public static Claim row(List<Claim> claims, String prefix) {
        return claims.stream().filter(c -> c.claim().startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no claim " + prefix + " in " + claims));
    }

    /**
     * The status of the claims whose text starts with {@code prefix}; an assertion error if there is none, or if
     * they do not all have the same status.
     */
    public static ClaimStatus status(List<Claim> claims, String prefix) {
        List<ClaimStatus> statuses = claims.stream().filter(c -> c.claim().startsWith(prefix)).map(Claim::status)
                .distinct().toList();
        assertEquals(1, statuses.size(), prefix + ": " + claims);
        return statuses.get(0);
    }
}
