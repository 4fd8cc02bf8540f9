package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * Exact integer noise (discrete Laplace or discrete Gaussian of Canonne-Kamath-Steinke 2020) added to integer
 * statistics: {@link Statistic.Counts} (each count) or an integer-valued {@link Statistic.Scalar}. No rounding
 * is involved, so the guarantee is exactly the stated one. A non-integer scalar is refused.
 */
public final class DiscreteNoisePrivatizer extends AbstractPrivatizer {
    private final String name;
    private final ToLongFunction<NoiseSource> noiseLaw;
    private final PrivacyGuarantee guarantee;
    private final PrivacyEvent event;
    private final Sensitivity sensitivity;
    private final Neighbouring neighbouring;

    /**
     * @param name     plugin name
     * @param noiseLaw draws one integer noise value
     * @param guarantee the guarantee of one release
     * @param event     the event one release charges
     * @param sensitivity the sensitivity of the counts
     * @param neighbouring the neighbouring relation
     */
    public DiscreteNoisePrivatizer(String name, ToLongFunction<NoiseSource> noiseLaw, PrivacyGuarantee guarantee,
                                   PrivacyEvent event, Sensitivity sensitivity, Neighbouring neighbouring) {
        this.name = Objects.requireNonNull(name, "name");
        this.noiseLaw = Objects.requireNonNull(noiseLaw, "noiseLaw");
        this.guarantee = Objects.requireNonNull(guarantee, "guarantee");
        this.event = Objects.requireNonNull(event, "event");
        this.sensitivity = Objects.requireNonNull(sensitivity, "sensitivity");
        this.neighbouring = Objects.requireNonNull(neighbouring, "neighbouring");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return guarantee;
    }

    @Override
    public Neighbouring neighbouring() {
        return neighbouring;
    }

    @Override
    public Sensitivity sensitivity() {
        return sensitivity;
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Counts.class, Statistic.Scalar.class);
    }

    @Override
    public PrivacyEvent event() {
        return event;
    }

    /**
     * Refuses, before anything is charged, a scalar that is not an integer in {@code [-2^53, 2^53]} and counts
     * outside that range. The message states the accepted range but never the private value.
     */
    @Override
    protected void validate(Statistic input) {
        if (input instanceof Statistic.Scalar scalar) {
            double value = scalar.value();
            if (value != Math.rint(value) || Math.abs(value) > 0x1p53) {
                throw new IllegalArgumentException(name + " releases integers: the scalar value must be an integer in "
                        + "[-2^53, 2^53] (value withheld: it is private)");
            }
        } else if (input instanceof Statistic.Counts counts) {
            for (long count : counts.counts()) {
                if (count > (1L << 53) || count < -(1L << 53)) {
                    throw new IllegalArgumentException(name + ": every count must be in [-2^53, 2^53] (so that adding "
                            + "noise cannot overflow; value withheld: it is private)");
                }
            }
        }
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        if (input instanceof Statistic.Scalar scalar) {
            double value = scalar.value();
            return new Statistic.Scalar(Math.addExact((long) value, noiseLaw.applyAsLong(noise)));
        }
        long[] counts = ((Statistic.Counts) input).counts();
        long[] released = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            released[i] = Math.addExact(counts[i], noiseLaw.applyAsLong(noise));
        }
        return new Statistic.Counts(released);
    }
}
