package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Set;

/**
 * A test privatizer for the audit kit's own tests: binary randomized response that keeps its input with the exact
 * probability {@code keep / outOf} (one uniform integer draw {@code noise.nextLong(outOf) < keep}) and flips it
 * otherwise, while DECLARING {@code epsilon}-DP. Its true privacy loss is {@code ln(keep / (outOf - keep))}
 * (Warner 1965; Dwork and Roth 2014, Sec. 3.2): a correct plugin declares exactly that, a broken one (too little
 * noise) declares less. Accepts only {@link Statistic.Category} with 2 categories.
 */
final class BinaryRandomizedResponse extends ToyPrivatizer {
    private final long keep;
    private final long outOf;
    private final double declaredEpsilon;

    BinaryRandomizedResponse(long keep, long outOf, double declaredEpsilon) {
        this.keep = keep;
        this.outOf = outOf;
        this.declaredEpsilon = declaredEpsilon;
    }

    /** Keeps with probability 3/4 and declares ln 3: correctly calibrated. */
    static BinaryRandomizedResponse correct() {
        return new BinaryRandomizedResponse(3, 4, Math.log(3));
    }

    /** Keeps with probability 9/10 (true epsilon ln 9) but declares ln 3: too little noise. */
    static BinaryRandomizedResponse tooLittleNoise() {
        return new BinaryRandomizedResponse(9, 10, Math.log(3));
    }

    @Override
    public String name() {
        return "test-binary-rr";
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Category.class);
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(declaredEpsilon);
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.RandomizedResponseEvent(declaredEpsilon, 2);
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        Statistic.Category category = (Statistic.Category) input;
        boolean kept = noise.nextLong(outOf) < keep;
        return new Statistic.Category(kept ? category.value() : 1 - category.value(), 2);
    }
}
