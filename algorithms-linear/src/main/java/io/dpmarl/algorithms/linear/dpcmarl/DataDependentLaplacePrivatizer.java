package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.AbstractReleaseStream;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The DPC-MARL paper's noise on critic parameters ("Privacy-preserved Fully Decentralized Multi-agent Reinforcement
 * Learning for Networked Social Systems", Section VI.B): Laplace noise on every coordinate with one scale
 * {@code nu = sGain * (1/d) sum_k |omega_k|}, the gain times the mean absolute critic weight, recomputed at every
 * release. <b>No formal guarantee</b>: the scale depends on the private parameters themselves (the paper states
 * none), so every release is charged as a nominal event and the ledger reports "no formal guarantee", never an
 * epsilon. {@code sGain = 0} returns the input unchanged and draws nothing (ConsensusMARL). Noise from the exact
 * float-safe Laplace sampler on the stream's {@link NoiseSource}.
 *
 * <p><b>Diverged critics.</b> A scale above {@link ScaleLimits#LAPLACE_MAX_SCALE} ({@code 2^1011} less one ulp,
 * where the sampler's samples can overflow), or one that overflows to infinity ({@code sGain sum_k |omega_k|} above
 * {@code Double.MAX_VALUE}), is not drawn: the release is NaN in every coordinate (the prescribed noise has no finite
 * value) and nothing is drawn. Such a scale needs a mean absolute weight of at least {@code 2^1011 / sGain} (about
 * 2.2E298 at the largest gain 10^6), or an absolute sum above {@code Double.MAX_VALUE / sGain} (the scale is
 * computed as {@code sGain} times the sum, then divided by the count): the critic has diverged, and DPC-MARL's
 * learner records the collapse ({@code training_collapsed}) at its next update, as for any non-finite parameter,
 * instead of stopping the run with a sampler error. No release is changed below that scale.
 */
public final class DataDependentLaplacePrivatizer implements Privatizer {
    /** Why no guarantee can be stated. */
    public static final String REASON = "noise scale depends on the data (s-gain times the mean absolute weight)";
    private final double gain;

    /**
     * @param gain the noise gain {@code sGain}, in [0, inf)
     * @throws IllegalArgumentException naming {@code s-gain} if it is negative or not finite
     */
    public DataDependentLaplacePrivatizer(double gain) {
        this.gain = Checks.nonNegativeFinite("s-gain", gain);
    }

    /** The gain {@code sGain}. */
    public double gain() {
        return gain;
    }

    /**
     * The scale this privatizer uses for {@code values}: {@code sGain} times their mean absolute value; 0 for
     * {@code sGain = 0}; infinite if {@code sGain} times their absolute sum overflows (such a release is NaN, see
     * the class documentation).
     */
    public double scale(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += Math.abs(value);
        }
        return values.length == 0 || gain == 0 ? 0 : gain * sum / values.length;
    }

    @Override
    public String name() {
        return "critic-laplace-nominal";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.NonPrivate();
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.AGENT;
    }

    /** Unbounded: the critic parameters are not clipped ({@link Double#MAX_VALUE} stands for infinity). */
    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l1(Double.MAX_VALUE);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.NominalEvent(REASON);
    }

    @Override
    public StreamAccounting accounting(OptionalLong length) {
        return new StreamAccounting.Nominal(REASON);
    }

    @Override
    public ReleaseStream openStream(StreamRequest request) {
        return new AbstractReleaseStream(request, accounting(request.length())) {
            @Override
            protected void validate(Statistic input) {
                AbstractPrivatizer.requireAccepted(DataDependentLaplacePrivatizer.this, input);
                for (double value : ((Statistic.Vector) input).values()) {
                    if (!Double.isFinite(value)) {
                        throw new IllegalArgumentException(name() + ": every value must be finite, got a NaN or "
                                + "infinite value (value withheld: it is private)");
                    }
                }
            }

            @Override
            protected Statistic perturb(Statistic input, long round) {
                double[] values = ((Statistic.Vector) input).values();
                double scale = scale(values);
                double[] released = values.clone();
                if (scale > ScaleLimits.LAPLACE_MAX_SCALE) {
                    Arrays.fill(released, Double.NaN);
                } else if (scale > 0) {
                    for (int k = 0; k < released.length; k++) {
                        released[k] += Samplers.laplace(noise(), scale);
                    }
                }
                return new Statistic.Vector(released);
            }
        };
    }

    @Override
    public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        return openStream(StreamRequest.of(ledger, key, noise, name())).release(input);
    }
}
