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
 * <p>Implementations are plugins of kind {@link io.dpmarl.core.spi.PluginKind#PRIVATIZER}.
 */
public interface Privatizer {

    /** The plugin name, for example {@code "laplace"}. */
    String name();

    /** The guarantee of one release, computed by the framework from the calibration. */
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

    /** The event one release charges to the ledger. */
    PrivacyEvent event();

    /**
     * Charges one release to {@code key} in the ledger, then returns the private release of the input.
     *
     * @throws PrivacyBudgetExceededException if the key's budget would be exceeded (no noise drawn)
     * @throws IllegalArgumentException       if the statistic type is not accepted
     */
    Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key);
}
