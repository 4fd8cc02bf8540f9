package io.dpmarl.core.conformance;

import static io.dpmarl.core.conformance.KitRejections.assertRejected;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import io.dpmarl.core.conformance.FlawedPrivatizer.Flaw;
import io.dpmarl.core.fixtures.DeclaringPrivatizer;
import io.dpmarl.core.fixtures.PrivatizerDeclarations;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The stream-length rules of the privatizer kit: a stream reports the length it was opened with, the release after
 * that length is always attempted and must be refused, and a long stream (64 releases) is charged exactly one ledger
 * entry of count 1 per release (or one up-front entry). Each broken privatizer below releases more than the ledger
 * records, and passed the kit before these rules (its stream check made 3 releases, checked the past-length refusal
 * only when {@code length()} was present, and counted entries by their count). Deterministic (fixed seeds).
 */
class PrivatizerStreamLengthConformanceTest {
    private static final Statistic SCALAR = new Statistic.Scalar(2);

    @Test
    void aStreamThatChargesOnlyItsFirstThreeReleasesIsRejected() {
        // 64 releases, 3 charges: the ledger would under-report the stream's privacy loss by a factor of 21.
        Privatizer firstThree = new FlawedPrivatizer(Flaw.CHARGES_FIRST_THREE);
        assertRejected(() -> PrivatizerConformance.checkStream(firstThree, SCALAR), "stream of length 64 on Scalar: "
                + "after release 4 the ledger must hold 4 entries: a per-release stream must charge every release()");
        assertRejected(() -> PrivatizerConformance.check(new FlawedPrivatizer(Flaw.CHARGES_FIRST_THREE)),
                "must charge every release() it makes, exactly once, not only its first releases");
    }

    @Test
    void aStreamThatHidesItsLengthAndReleasesPastItIsRejected() {
        // Opened for 3 releases, reports no length and would release any number.
        Privatizer hidden = new FlawedPrivatizer(Flaw.HIDDEN_LENGTH);
        assertRejected(() -> PrivatizerConformance.checkStream(hidden, SCALAR),
                "stream of length 3 on Scalar: a stream opened with a declared length of 3 must report it from "
                        + "length()");
        assertRejected(() -> PrivatizerConformance.check(new FlawedPrivatizer(Flaw.HIDDEN_LENGTH)),
                "must report it from length()");
    }

    @Test
    void aStreamThatReportsItsLengthButReleasesPastItIsRefusedAtReleaseLengthPlusOne() {
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.NO_LENGTH_LIMIT), SCALAR),
                "release 4 is one too many: a release past the declared length must be refused");
    }

    @Test
    void everyStreamChargeHasCountOneAndComesFromItsRelease() {
        // One entry of count 2 per release is twice the declared loss; entries are not expanded by their count.
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.COUNT_TWO), SCALAR),
                "every charge of a stream must have count 1 (one entry per release, or the one up-front entry), got 2");
        // A zero-count entry before each real charge: two entries per release.
        assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.BOOKKEEPING_ENTRY), SCALAR),
                "after release 1 the ledger must hold 1 entries");
    }

    @Test
    void upFrontStreamsAreChargedOnceWhenTheyOpen() {
        assertDoesNotThrow(() -> PrivatizerConformance.checkStream(new UpFrontPrivatizer(1000, false), SCALAR));
        // Capped at 10 releases: the kit opens the long stream with the privatizer's own, shorter, length.
        assertDoesNotThrow(() -> PrivatizerConformance.checkStream(new UpFrontPrivatizer(10, false), SCALAR));
        assertRejected(() -> PrivatizerConformance.checkStream(new UpFrontPrivatizer(1000, true), SCALAR),
                "after release 1 the ledger must hold 1 entry (the up-front charge made when the stream opened)");
    }

    /**
     * A hand-written up-front privatizer of scalars: a stream of n releases (at most {@code cap}) charges
     * {@code PureEvent(n)} once when it opens (n releases of a 1-DP mechanism, basic composition) and refuses release
     * n + 1. With {@code chargesEachRelease} it also charges {@code PureEvent(1)} at every release. The noise is a
     * uniform grid value, not calibrated (tests the contract, never privacy).
     */
    private record UpFrontPrivatizer(long cap, boolean chargesEachRelease) implements DeclaringPrivatizer {

        @Override
        public PrivatizerDeclarations declarations() {
            return PrivatizerDeclarations.toy("up-front-" + cap + (chargesEachRelease ? "-charges-each-release" : ""))
                    .withAccepts(List.of(Statistic.Scalar.class)).withEvent(new PrivacyEvent.PureEvent(1.0));
        }

        @Override
        public StreamAccounting accounting(OptionalLong length) {
            long releases = Math.min(length.orElse(1), cap);
            return new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(releases), releases);
        }

        @Override
        public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
            return openStream(new StreamRequest(ledger, key, noise, name(), OptionalLong.of(1))).release(input);
        }

        @Override
        public ReleaseStream openStream(StreamRequest request) {
            StreamAccounting.UpFront whole = (StreamAccounting.UpFront) accounting(request.length());
            if (request.length().orElse(1) > whole.length()) {
                throw new IllegalArgumentException("length must be in [1, " + cap + "], got " + request.length());
            }
            request.ledger().charge(request.key(), whole.event(), 1, name());
            return new ReleaseStream() {
                private long released;

                @Override
                public LedgerKey key() {
                    return request.key();
                }

                @Override
                public String source() {
                    return request.source();
                }

                @Override
                public StreamAccounting accounting() {
                    return whole;
                }

                @Override
                public OptionalLong length() {
                    return OptionalLong.of(whole.length());
                }

                @Override
                public long released() {
                    return released;
                }

                @Override
                public Statistic release(Statistic input) {
                    if (!(input instanceof Statistic.Scalar scalar)) {
                        throw new IllegalArgumentException(name() + " accepts Scalar");
                    }
                    if (released >= whole.length()) {
                        throw new IllegalStateException(name() + ": stream length used up");
                    }
                    if (chargesEachRelease) {
                        request.ledger().charge(request.key(), event(), 1, name());
                    }
                    released++;
                    return new Statistic.Scalar(scalar.value() + request.noise().nextLong(1024) / 1024.0 - 0.5);
                }
            };
        }
    }
}
