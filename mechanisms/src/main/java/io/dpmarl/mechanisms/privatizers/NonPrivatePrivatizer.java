package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Set;

/**
 * The non-private baseline: releases its input unchanged and charges a {@link PrivacyEvent.NonPrivateEvent};
 * its guarantee is {@link PrivacyGuarantee.NonPrivate} (epsilon = infinity). For comparison runs only, never
 * for real data. The sensitivity is nominal (1, L1): nothing is calibrated.
 */
public final class NonPrivatePrivatizer extends AbstractPrivatizer {
    private final Neighbouring neighbouring;

    /** A baseline for the given (nominal) neighbouring relation. */
    public NonPrivatePrivatizer(Neighbouring neighbouring) {
        this.neighbouring = neighbouring;
    }

    @Override
    public String name() {
        return "non-private";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.NonPrivate();
    }

    @Override
    public Neighbouring neighbouring() {
        return neighbouring;
    }

    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l1(1);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Scalar.class, Statistic.Vector.class, Statistic.SymmetricMatrix.class,
                Statistic.Counts.class, Statistic.Category.class);
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.NonPrivateEvent();
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        return input;
    }
}
