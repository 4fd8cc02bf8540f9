package io.dpmarl.core.privacy;

import io.dpmarl.core.rng.NoiseSource;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a statistic into its private release, and accounts for it.
 *
 * <p>A privatizer declares the guarantee each release gives ({@link #guarantee()}), the neighbouring
 * relation it assumes, the sensitivity it was calibrated for and the {@link PrivacyEvent} one release
 * charges. {@link #release} charges the ledger first and only then draws noise from the
 * {@link NoiseSource}, so a refused release draws nothing. Where a paper claims a guarantee the
 * framework cannot confirm, {@link #claimedGuarantee()} holds the paper's claim and
 * {@link #guarantee()} the computed one.
 *
 * <p>Every release goes through a {@link ReleaseStream} opened with {@link #openStream}: the stream says how
 * its releases are accounted for ({@link #accounting}), validates each input, charges the ledger and only then
 * draws noise. {@link #release} is the shortcut for one release on a fresh stream.
 *
 * <p>Implementations are plugins of kind {@link io.dpmarl.core.spi.PluginKind#PRIVATIZER}.
 */
public interface Privatizer {

    /** The plugin name, for example {@code "laplace"}. */
    String name();

    /**
     * The guarantee of one release, computed by the framework from the calibration; under
     * {@link StreamAccounting.Scheduled}, whose releases charge different events, the guarantee of the stream's first
     * release.
     */
    PrivacyGuarantee guarantee();

    /** The guarantee a paper claims for this calibration, when it differs from {@link #guarantee()}. */
    default Optional<PrivacyGuarantee> claimedGuarantee() {
        return Optional.empty();
    }

    /** The neighbouring relation of the guarantee. */
    Neighbouring neighbouring();

    /** The sensitivity the noise was calibrated for. */
    Sensitivity sensitivity();

    /** The statistic types this privatizer accepts. */
    Set<Class<? extends Statistic>> accepts();

    /**
     * The event one release charges to the ledger under {@link StreamAccounting.PerRelease}; for other
     * accounting modes, the event of the stream's first release (see {@link #accounting}).
     */
    PrivacyEvent event();

    /**
     * How a stream of {@code length} releases (if declared) is accounted for. The default is a constant event
     * per release; stateful privatizers override it.
     */
    default StreamAccounting accounting(java.util.OptionalLong length) {
        return new StreamAccounting.PerRelease(event());
    }

    /**
     * Opens a release stream on {@code request.key()}. Up-front streams charge their whole guarantee here.
     *
     * @throws PrivacyBudgetExceededException if an up-front charge does not fit in the budget
     * @throws IllegalArgumentException       if the privatizer needs a declared length and none is given, or cannot
     *                                        release the declared {@link StreamRequest#shape()} (a type it does not
     *                                        accept, a size beyond its parameters); nothing is charged or drawn
     */
    ReleaseStream openStream(StreamRequest request);

    /**
     * One release on a fresh stream: charges {@code key} in the ledger, then returns the private release.
     *
     * @throws PrivacyBudgetExceededException if the key's budget would be exceeded (no noise drawn)
     * @throws IllegalArgumentException       if the statistic type is not accepted
     */
    Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key);
}
