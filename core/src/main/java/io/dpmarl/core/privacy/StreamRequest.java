package io.dpmarl.core.privacy;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Where and how to open a {@link ReleaseStream}: the ledger charged, the key charged to, the noise source, the
 * name recorded as the source of ledger entries, and the declared number of releases (required by privatizers
 * whose accounting is {@link StreamAccounting.UpFront} or whose noise is calibrated to the stream's length).
 *
 * @param ledger the ledger the stream charges
 * @param key    whose privacy the releases are charged to
 * @param noise  where noise bits come from
 * @param source the source name of ledger entries (the channel or privatizer name)
 * @param length the declared number of releases, if known
 */
public record StreamRequest(PrivacyLedger ledger, LedgerKey key, NoiseSource noise, String source,
                            OptionalLong length) {
    public StreamRequest {
        Objects.requireNonNull(ledger, "ledger");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(noise, "noise");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(length, "length");
        if (length.isPresent()) {
            Checks.atLeast("length", length.getAsLong(), 1);
        }
    }

    /** A request without a declared length. */
    public static StreamRequest of(PrivacyLedger ledger, LedgerKey key, NoiseSource noise, String source) {
        return new StreamRequest(ledger, key, noise, source, OptionalLong.empty());
    }

    /** This request with a declared length. */
    public StreamRequest withLength(long releases) {
        return new StreamRequest(ledger, key, noise, source, OptionalLong.of(releases));
    }

    /** The declared length, or an error naming the privatizer that needs one. */
    public long requireLength(String privatizer) {
        return length.orElseThrow(() -> new IllegalArgumentException(privatizer
                + " accounts for its whole stream up front: open it with a declared length in [1, inf)"));
    }
}
