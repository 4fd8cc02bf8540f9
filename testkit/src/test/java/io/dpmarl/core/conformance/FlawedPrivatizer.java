package io.dpmarl.core.conformance;

import io.dpmarl.core.fixtures.DeclaringPrivatizer;
import io.dpmarl.core.fixtures.PrivatizerDeclarations;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.List;
import java.util.OptionalLong;

/**
 * A privatizer of scalars written by hand, without {@code AbstractPrivatizer} or {@code AbstractReleaseStream}, as
 * a careless plugin might be, with at most one {@link Flaw} that appears from its {@code from}-th release attempt on
 * (counted over the whole instance, 1-based): plugins whose bookkeeping drifts after the first releases exist
 * (a per-instance counter), and the kit must catch those too. Declares 1-DP with a Laplace(1, 1) event, or, when
 * nominal, no guarantee and a nominal event. The noise is a uniform grid value, not calibrated (tests the contract,
 * never privacy). Used by the kit's own tests only.
 */
final class FlawedPrivatizer implements DeclaringPrivatizer {

    /** One way to break the release contract. */
    enum Flaw {
        /** Conforming. */
        NONE,
        /** Charges the global key instead of the key it was given. */
        WRONG_KEY,
        /** Charges a PureEvent(1) instead of its declared Laplace event. */
        WRONG_EVENT,
        /** Charges its event with count 2 for one release. */
        COUNT_TWO,
        /** Also charges the global key, besides its own key. */
        EXTRA_GLOBAL_CHARGE,
        /** Charges a zero-count bookkeeping entry before the real charge. */
        BOOKKEEPING_ENTRY,
        /** Draws its noise before charging the ledger. */
        NOISE_FIRST,
        /** Catches a budget refusal and releases anyway. */
        SWALLOWS_REFUSAL,
        /** Charges an input of a type it does not accept before refusing it. */
        CHARGES_REFUSED_TYPE,
        /** Draws noise for an input of a type it does not accept before refusing it. */
        DRAWS_FOR_REFUSED_TYPE,
        /** Its stream reports the global key instead of the key it was opened for. */
        STREAM_KEY_LIE,
        /** Its stream reports scheduled accounting while accounting(length) declares per-release. */
        MODE_LIE,
        /** Its stream's released() stays 0. */
        RELEASED_MISCOUNT,
        /** Releases past the declared length of its stream. */
        NO_LENGTH_LIMIT,
        /** Draws noise before refusing a release past the declared length. */
        DRAWS_PAST_LENGTH,
        /** Charges before refusing a release past the declared length. */
        CHARGES_PAST_LENGTH,
        /** Each stream charges only its first 3 releases and releases the rest uncharged. */
        CHARGES_FIRST_THREE,
        /** Its stream's length() is empty whatever length it was opened with, and it releases past that length. */
        HIDDEN_LENGTH,
        /** Makes no ledger entry for any release. */
        NO_CHARGE,
        /** Makes two ledger entries of count 1 for one release. */
        DOUBLE_CHARGE
    }

    private static final String NO_BOUND = "flawed: no bound";
    private final Flaw flaw;
    private final int from;
    private final boolean nominal;
    private final PrivatizerDeclarations declarations;
    private int attempts;

    FlawedPrivatizer(Flaw flaw, int from, boolean nominal) {
        this.flaw = flaw;
        this.from = from;
        this.nominal = nominal;
        PrivatizerDeclarations scalars = PrivatizerDeclarations.toy("flawed-" + flaw.name().toLowerCase(
                java.util.Locale.ROOT)).withAccepts(List.of(Statistic.Scalar.class));
        this.declarations = nominal ? scalars.withGuarantee(new PrivacyGuarantee.NonPrivate())
                .withEvent(new PrivacyEvent.NominalEvent(NO_BOUND)) : scalars;
    }

    /** {@code flaw} from the first release on, with a formal guarantee. */
    FlawedPrivatizer(Flaw flaw) {
        this(flaw, 1, false);
    }

    private boolean has(Flaw candidate) {
        return flaw == candidate && attempts >= from;
    }

    @Override
    public PrivatizerDeclarations declarations() {
        return declarations;
    }

    @Override
    public StreamAccounting accounting(OptionalLong length) {
        return nominal ? new StreamAccounting.Nominal(NO_BOUND) : new StreamAccounting.PerRelease(event());
    }

    @Override
    public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        return openStream(StreamRequest.of(ledger, key, noise, name())).release(input);
    }

    @Override
    public ReleaseStream openStream(StreamRequest request) {
        return new ReleaseStream() {
            private long released;

            @Override
            public LedgerKey key() {
                return flaw == Flaw.STREAM_KEY_LIE ? LedgerKey.global() : request.key();
            }

            @Override
            public String source() {
                return request.source();
            }

            @Override
            public StreamAccounting accounting() {
                return flaw == Flaw.MODE_LIE ? new StreamAccounting.Scheduled(round -> event(), "constant")
                        : FlawedPrivatizer.this.accounting(request.length());
            }

            @Override
            public OptionalLong length() {
                return flaw == Flaw.HIDDEN_LENGTH ? OptionalLong.empty() : request.length();
            }

            @Override
            public long released() {
                return flaw == Flaw.RELEASED_MISCOUNT ? 0 : released;
            }

            @Override
            public Statistic release(Statistic input) {
                attempts++;
                if (!(input instanceof Statistic.Scalar scalar)) {
                    if (has(Flaw.CHARGES_REFUSED_TYPE)) {
                        request.ledger().charge(request.key(), event(), 1, name());
                    }
                    if (has(Flaw.DRAWS_FOR_REFUSED_TYPE)) {
                        request.noise().nextLong();
                    }
                    throw new IllegalArgumentException(name() + " accepts Scalar");
                }
                if (length().isPresent() && released >= request.length().getAsLong()) {
                    if (has(Flaw.DRAWS_PAST_LENGTH)) {
                        request.noise().nextLong();
                    }
                    if (has(Flaw.CHARGES_PAST_LENGTH)) {
                        request.ledger().charge(request.key(), event(), 1, name());
                    }
                    if (!has(Flaw.NO_LENGTH_LIMIT)) {
                        throw new IllegalStateException(name() + ": stream length used up");
                    }
                }
                double offset = has(Flaw.NOISE_FIRST) ? draw() : 0;
                if (has(Flaw.BOOKKEEPING_ENTRY)) {
                    request.ledger().charge(request.key(), new PrivacyEvent.PureEvent(1.0), 0, name());
                }
                try {
                    int entries = has(Flaw.NO_CHARGE) || flaw == Flaw.CHARGES_FIRST_THREE && released >= 3 ? 0
                            : has(Flaw.DOUBLE_CHARGE) ? 2 : 1;
                    for (int entry = 0; entry < entries; entry++) {
                        request.ledger().charge(has(Flaw.WRONG_KEY) ? LedgerKey.global() : request.key(),
                                has(Flaw.WRONG_EVENT) ? new PrivacyEvent.PureEvent(1.0) : event(),
                                has(Flaw.COUNT_TWO) ? 2 : 1, name());
                    }
                } catch (PrivacyBudgetExceededException refused) {
                    if (!has(Flaw.SWALLOWS_REFUSAL)) {
                        throw refused;
                    }
                }
                if (has(Flaw.EXTRA_GLOBAL_CHARGE)) {
                    request.ledger().charge(LedgerKey.global(), event(), 1, name());
                }
                if (!has(Flaw.NOISE_FIRST)) {
                    offset = draw();
                }
                released++;
                return new Statistic.Scalar(scalar.value() + offset);
            }

            private double draw() {
                return request.noise().nextLong(1024) / 1024.0 - 0.5;
            }
        };
    }
}
