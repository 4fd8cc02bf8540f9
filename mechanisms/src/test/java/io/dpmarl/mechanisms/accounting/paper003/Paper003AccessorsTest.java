package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.PrivacyEvent;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The paper-003 accountant's fixed order and its log-moment bound: composing {@code count} Gaussian releases adds
 * {@code count s(nu, Delta) / (2 sigma^2)}, and epsilon at delta is {@code (Gamma + ln(1/delta)) / nu}.
 */
class Paper003AccessorsTest {

    @Test
    void theOrderIsFixedAndTheBoundAddsUp() {
        Paper003Accountant accountant = new Paper003Accountant(3);
        assertEquals(3, accountant.order());
        assertEquals(OptionalDouble.of(3), accountant.optimalOrder(1e-5));
        assertEquals(0.0, accountant.logMomentBound(), 0);
        accountant.compose(new PrivacyEvent.GaussianEvent(2.0, 1.0), 4);
        double expected = 4 * Paper003Bound.s(3, 1.0) / (2 * 2.0 * 2.0);
        assertEquals(expected, accountant.logMomentBound(), 1e-15);
        assertEquals((expected + Math.log(1 / 1e-5)) / 3, accountant.epsilon(1e-5), 1e-12);
    }
}
