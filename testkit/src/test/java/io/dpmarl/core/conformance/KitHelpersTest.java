package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import org.junit.jupiter.api.Test;

/**
 * The kit's helpers, on which its verdicts rest: the counting noise source (how the kit sees that a refused
 * release drew nothing) and the release-counting accountant (how it makes a budget admit exactly one release).
 * Deterministic.
 */
class KitHelpersTest {

    @Test
    void countingNoiseSourceForwardsAndCountsEveryWord() {
        CountingNoiseSource counting = new CountingNoiseSource(ScriptedNoiseSource.ofWords(11, 12, 13));
        assertEquals(0, counting.draws());
        assertEquals(11, counting.nextLong());
        assertEquals(1, counting.draws());
        // nextBoolean and nextLong(bound) go through nextLong: word 12 is positive (bit false), 13 & 3 = 1.
        assertFalse(counting.nextBoolean());
        assertEquals(1, counting.nextLong(4));
        assertEquals(3, counting.draws());
        assertTrue(counting.isSeeded(), "a scripted source is seeded, and so is its wrapper");
        assertFalse(new CountingNoiseSource(NoiseSource.secure()).isSeeded(), "a secure source is not seeded");
        assertThrows(IllegalArgumentException.class, () -> new CountingNoiseSource(null));
    }

    @Test
    void releaseCountingAccountantCountsReleasesWhateverTheEvent() {
        ReleaseCountingAccountant accountant = new ReleaseCountingAccountant();
        assertEquals("release-counting", accountant.name());
        assertTrue(accountant.supports(new PrivacyEvent.GaussianEvent(4, 1)));
        assertFalse(accountant.supports(null));
        accountant.compose(new PrivacyEvent.PureEvent(100));
        accountant.compose(new PrivacyEvent.ZcdpEvent(0.001), 2);
        // Three releases, whatever their mechanism: epsilon 3 at any delta.
        assertEquals(3, accountant.releases());
        assertEquals(3.0, accountant.epsilon(1e-9), 0.0);
        assertEquals(3.0, accountant.epsilon(0.5), 0.0);
        // delta(epsilon) is 0 exactly when epsilon covers the 3 releases, 1 below.
        assertEquals(0.0, accountant.delta(3.0), 0.0);
        assertEquals(1.0, accountant.delta(2.999), 0.0);
        Accountant copy = accountant.copy();
        copy.compose(new PrivacyEvent.PureEvent(1));
        assertEquals(4.0, copy.epsilon(1e-6), 0.0);
        assertEquals(3.0, accountant.epsilon(1e-6), 0.0, "a copy is independent");
        assertThrows(IllegalArgumentException.class, () -> accountant.compose(null, 1));
        assertThrows(IllegalArgumentException.class, () -> accountant.compose(new PrivacyEvent.PureEvent(1), -1));
        assertThrows(IllegalArgumentException.class, () -> accountant.epsilon(1.0));
        assertThrows(IllegalArgumentException.class, () -> accountant.delta(-1));
        assertEquals(3, accountant.releases(), "refused compositions change nothing");
    }

    @Test
    void standardEventsHaveOneEventOfEachCostedMechanism() {
        // Pure, approximate, Laplace, Gaussian, subsampled Gaussian, randomized response, zCDP: seven types.
        assertEquals(7, StandardEvents.all().size());
        assertEquals(7, StandardEvents.all().stream().map(Object::getClass).distinct().count());
    }
}
