package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.privatizers.AdditiveNoisePrivatizer;
import io.dpmarl.mechanisms.privatizers.LaplacePrivatizerProvider;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sound alternative to the DPC-MARL paper's data-dependent noise: each critic-parameter vector is clipped to
 * L1 norm at most {@code C} (scaled by {@code C / ||omega||_1} when larger; every clip is counted), so two
 * vectors of one agent's neighbouring runs differ by at most {@code 2C} in L1, and then released with float-safe
 * Laplace noise calibrated to that sensitivity: scale {@code 2C / epsilon} (plus the float-safety margin of the
 * {@code laplace} privatizer), which is pure {@code epsilon}-DP per exchange (Dwork and Roth, Theorem 3.6) with
 * respect to any change of the sending agent's data; the ledger composes the exchanges. Assumption enforced at the
 * release: the clip. It changes the algorithm (the consensus averages clipped, noisy critics).
 */
public final class ClippedLaplacePrivatizer extends AbstractPrivatizer {
    private final double clip;
    private final AdditiveNoisePrivatizer laplace;
    private final AtomicLong clips = new AtomicLong();

    /**
     * @param epsilon        privacy loss per exchange, in (0, inf)
     * @param clip           L1 clipping norm {@code C}, in (0, inf)
     * @param maxCoordinates the most critic parameters one release carries, at least 1
     */
    public ClippedLaplacePrivatizer(double epsilon, double clip, int maxCoordinates) {
        this.clip = Checks.positiveFinite("clip", clip);
        this.laplace = LaplacePrivatizerProvider.create(epsilon, 2 * clip, maxCoordinates, Neighbouring.AGENT);
    }

    /** The clipping norm {@code C}. */
    public double clip() {
        return clip;
    }

    /** Releases so far whose input had L1 norm above {@code C} and was scaled down. */
    public long clippedReleases() {
        return clips.get();
    }

    /** The input clipped to L1 norm {@code C} (a copy; the input is not modified). */
    public double[] clipped(double[] values) {
        double norm = 0;
        for (double value : values) {
            norm += Math.abs(value);
        }
        double[] out = values.clone();
        if (norm > clip) {
            double factor = clip / norm;
            for (int k = 0; k < out.length; k++) {
                out[k] *= factor;
            }
        }
        return out;
    }

    @Override
    public String name() {
        return "critic-laplace-clipped";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return laplace.guarantee();
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.AGENT;
    }

    /** L1 sensitivity {@code 2C}: any two vectors in the L1 ball of radius {@code C}. */
    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l1(2 * clip);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    @Override
    public PrivacyEvent event() {
        return laplace.event();
    }

    /**
     * Refuses releases of {@code coordinates} values when they exceed {@code max-coordinates} (whose float-safe
     * sensitivity the guarantee covers); a learner calls it when it is built, so the run is refused up front.
     *
     * @throws IllegalArgumentException naming {@code max-coordinates} and the range it needs
     */
    public void checkCoordinates(int coordinates) {
        if (coordinates > laplace.maxCoordinates()) {
            throw new IllegalArgumentException(name() + ": the release has " + coordinates
                    + " coordinates, but max-coordinates must be in [" + coordinates + ", inf) for it, got "
                    + laplace.maxCoordinates());
        }
    }

    @Override
    protected void validate(Statistic input) {
        double[] values = ((Statistic.Vector) input).values();
        checkCoordinates(values.length);
        for (double value : values) {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException(name() + ": every value must be finite, got a NaN or infinite "
                        + "value (value withheld: it is private)");
            }
        }
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        double[] values = ((Statistic.Vector) input).values();
        double norm = 0;
        for (double value : values) {
            norm += Math.abs(value);
        }
        if (norm > clip) {
            clips.incrementAndGet();
        }
        double[] released = clipped(values);
        for (int k = 0; k < released.length; k++) {
            released[k] = laplace.perturbValue(released[k], noise);
        }
        return new Statistic.Vector(released);
    }
}
