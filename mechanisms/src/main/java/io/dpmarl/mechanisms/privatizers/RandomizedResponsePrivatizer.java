package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Set;

/**
 * k-ary randomized response on a {@link Statistic.Category} (Warner 1965; Kairouz-Oh-Viswanath 2016): keeps the
 * true category with probability {@code e^epsilon / (e^epsilon + k - 1)}, else reports another one uniformly;
 * pure epsilon-DP with respect to any change of the category. Sampled exactly by
 * {@link Samplers#randomizedResponse}. The sensitivity is Hamming 1: the one category may change to any other, so
 * it bounds no numeric distance and no numeric noise can be calibrated to it.
 */
public final class RandomizedResponsePrivatizer extends AbstractPrivatizer {
    private final double epsilon;
    private final int categories;
    private final Neighbouring neighbouring;

    /** Randomized response at level epsilon over {@code categories >= 2} values. */
    public RandomizedResponsePrivatizer(double epsilon, int categories, Neighbouring neighbouring) {
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.categories = Checks.atLeast("k", categories, 2);
        this.neighbouring = neighbouring;
    }

    /** The probability of reporting the true category. */
    public double keepProbability() {
        return 1 / (1 + (categories - 1) * Math.exp(-epsilon));
    }

    @Override
    public String name() {
        return "randomized-response";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(epsilon);
    }

    @Override
    public Neighbouring neighbouring() {
        return neighbouring;
    }

    /** Hamming 1: neighbouring inputs differ in their one category, by any amount. */
    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.hamming(1);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Category.class);
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.RandomizedResponseEvent(epsilon, categories);
    }

    /**
     * Refuses, before anything is charged, a category whose number of categories differs from {@code k}. The
     * message quotes the public category count only, never the private value.
     */
    @Override
    protected void validate(Statistic input) {
        Statistic.Category category = (Statistic.Category) input;
        if (category.categories() != categories) {
            throw new IllegalArgumentException("category count must be k = " + categories + ", got "
                    + category.categories());
        }
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        Statistic.Category category = (Statistic.Category) input;
        return new Statistic.Category(Samplers.randomizedResponse(noise, category.value(), categories, epsilon),
                categories);
    }
}
