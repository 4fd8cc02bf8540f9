package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent.NonPrivateEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Composing zero releases is no release: even zero releases of a non-private event leave an accountant at
 * epsilon 0 (one such release would make it infinite).
 */
class ZeroCountCompositionTest {

    @Test
    void zeroReleasesOfANonPrivateEventChangeNothing() {
        for (Accountant accountant : List.<Accountant>of(new BasicAccountant(), new AdvancedAccountant(),
                new ZcdpAccountant())) {
            accountant.compose(new NonPrivateEvent(), 0);
            assertEquals(0.0, accountant.epsilon(1e-5), 0, accountant.name());
            accountant.compose(new NonPrivateEvent(), 1);
            assertEquals(Double.POSITIVE_INFINITY, accountant.epsilon(1e-5), 0, accountant.name());
        }
    }
}
