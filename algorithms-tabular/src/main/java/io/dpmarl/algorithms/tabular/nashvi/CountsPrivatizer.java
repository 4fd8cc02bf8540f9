package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A count privatizer of DP-Nash-VI (Qiao and Wang 2024, Assumption 3.1 and Section 5): the privatizer plugins
 * {@code nashvi-central-counts}, {@code nashvi-local-counts} and {@code nashvi-non-private}. The statistic of one
 * user (one episode's trajectory, a pair of users in the paper) is its indicator vector
 * {@code (sigma_h(s,a,b))_{h,s,a,b}} followed by {@code (sigma_h(s,a,b,s'))_{h,s,a,b,s'}}, a
 * {@link Statistic.Vector} with exactly H ones per family, so at most {@code 2H} ones in all.
 *
 * <p>Assumption enforced at every release: each input is projected onto the indicator set (entries rounded and
 * clipped to {0, 1}, ones after the first {@code 2H} dropped); a stream counts its projected inputs
 * ({@link CountStream#projectedReleases()}). Two users' vectors then differ by at most {@code 4H} in L1
 * (replacement neighbours, Definitions 2.2 and 2.3), the sensitivity every guarantee below is calibrated to.
 * A learner's own indicators are never changed by the projection.
 */
public abstract sealed class CountsPrivatizer implements Privatizer
        permits LaplaceCountsPrivatizer, NonPrivateCountsPrivatizer {
    private static final OptionalLong ONE_RELEASE = OptionalLong.of(1);
    private final int horizon;

    /** A privatizer for episodes of {@code horizon} steps. */
    protected CountsPrivatizer(int horizon) {
        this.horizon = Checks.atLeast("horizon", horizon, 1);
    }

    /** H, the episode length the sensitivity is calibrated to. */
    public final int horizon() {
        return horizon;
    }

    /**
     * The explicit width {@code E_{epsilon,beta}} of Assumption 3.1 for K episodes (before any practical scaling):
     * with probability {@code 1 - beta/3} every released count is within {@code E/4} of the true count.
     */
    public abstract double confidenceWidth(CountShape shape, int episodes, double beta);

    /**
     * True if a stream's release is the running total {@code N^} over the episodes so far; false if it is one user's
     * report, which the agent sums.
     */
    public abstract boolean releasesRunningTotals();

    /** True if each user (episode) gets its own one-release stream charged to {@link LedgerKey#user(long)}. */
    public boolean streamPerUser() {
        return !releasesRunningTotals();
    }

    /** True if the released counts go through the post-processing of eqs. 8-9 (false: the counts are exact). */
    public boolean postProcesses() {
        return true;
    }

    /**
     * Opens the stream a DP-Nash-VI run of K episodes uses for episode {@code episode} (from 0): the run's single
     * stream of K releases under {@link LedgerKey#global()}, or, with {@link #streamPerUser()}, user
     * {@code episode}'s one-release stream under {@link LedgerKey#user(long)}.
     */
    public CountStream openEpisodeStream(PrivacyLedger ledger, NoiseSource noise, long episode, long episodes) {
        LedgerKey key = streamPerUser() ? LedgerKey.user(episode) : LedgerKey.global();
        OptionalLong length = streamPerUser() ? ONE_RELEASE : OptionalLong.of(episodes);
        return openStream(new StreamRequest(ledger, key, noise, name(), length));
    }

    @Override
    public abstract CountStream openStream(StreamRequest request);

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.USER;
    }

    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l1(4.0 * horizon);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    @Override
    public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        requireVector(input);
        return openStream(new StreamRequest(ledger, key, noise, name(), OptionalLong.of(1))).release(input);
    }

    /** The vector of a statistic, or an error naming the accepted type (before any charge). */
    static double[] requireVector(Statistic input) {
        if (!(input instanceof Statistic.Vector vector)) {
            throw new IllegalArgumentException("count privatizers accept a Vector of episode indicators, got "
                    + (input == null ? "null" : input.getClass().getSimpleName()));
        }
        return vector.values();
    }
}
