package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Neighbouring;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The direct factories of the uniform, bounded Laplace and zCDP Gaussian privatizers (default max-coordinates
 * 4096), and what an additive-noise privatizer reports: the grid rounding of {@code m} coordinates adds at most
 * {@code m r} in L1 and {@code sqrt(m) r} in L2 to the sensitivity, rounded up.
 */
class AdditiveNoiseFactoriesTest {

    @Test
    void theUniformFactoryUsesTheDefaultMaxCoordinatesAndCountsTheRounding() {
        AdditiveNoisePrivatizer uniform = UniformPrivatizerProvider.create("u", 2.0, 1.0, Optional.empty(),
                Neighbouring.RECORD);
        assertEquals(4096, uniform.maxCoordinates());
        double r = uniform.distribution().granularity();
        assertTrue(r > 0 && r <= 2.0 / 0x1p39, "grid " + r);
        double excess = uniform.roundingExcess(3);
        assertTrue(excess >= 3 * r && excess <= Math.nextUp(Math.nextUp(3 * r)), "excess " + excess);
        double effective = uniform.effectiveSensitivity();
        assertTrue(effective >= 1 + 4096 * r && effective <= 1 + 4096 * r * (1 + 1e-12) + 1e-15, "" + effective);
        assertTrue(uniform.toString().startsWith("u["), uniform.toString());
        assertTrue(uniform.toString().contains(uniform.guarantee().describe()), uniform.toString());
    }

    @Test
    void theBoundedLaplaceAndZcdpFactoriesBuildPrivatizers() {
        AdditiveNoisePrivatizer bounded = BoundedLaplacePrivatizerProvider.create("bl", 1.0, 5.0, 1.0,
                Optional.empty(), Neighbouring.RECORD);
        assertEquals("bl", bounded.name());
        assertEquals(4096, bounded.maxCoordinates());
        AdditiveNoisePrivatizer zcdp = GaussianZcdpPrivatizerProvider.create(0.5, 1.0, Neighbouring.RECORD);
        assertEquals(4096, zcdp.maxCoordinates());
        double r = zcdp.distribution().granularity();
        double excess = zcdp.roundingExcess(4); // L2: sqrt(4) r
        assertTrue(excess >= 2 * r && excess <= Math.nextUp(Math.nextUp(2 * r)), "excess " + excess);
    }
}
