package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Two exact properties of the accounting helpers.
 *
 * <ul>
 *   <li>{@link SafeRounding#addDown} is the largest double at most the exact sum: an exact sum (rounding error 0) is
 *   returned as is, not one ulp lower. Expected values from {@link BigDecimal}: the exact sum, rounded to nearest,
 *   stepped down once if that rounded up.</li>
 *   <li>The RDP accountant caches an event's curve on its orders ("events are value records"): a declared curve is
 *   evaluated for the first release of an event and not again for the same event, in the accountant or its copies
 *   (which share the cache).</li>
 * </ul>
 */
class ExactSumAndCurveCacheTest {

    private static double largestDoubleAtMost(double a, double b) {
        BigDecimal exact = new BigDecimal(a).add(new BigDecimal(b));
        double nearest = exact.doubleValue();
        return new BigDecimal(nearest).compareTo(exact) > 0 ? Math.nextDown(nearest) : nearest;
    }

    @Test
    void addDownReturnsAnExactSumItselfAndStepsDownOnlyWhenTheSumRoundedUp() {
        double[][] pairs = {{1, 2}, {0.5, 0.25}, {-3, 3}, {1e300, 1e300}, {-0.75, 0.25}, {0.1, 0.2}, {1, 0x1p-60},
            {1, -0x1p-60}, {Double.MIN_VALUE, Double.MIN_VALUE}};
        for (double[] pair : pairs) {
            assertEquals(largestDoubleAtMost(pair[0], pair[1]), SafeRounding.addDown(pair[0], pair[1]),
                    pair[0] + " + " + pair[1]);
        }
        // the exact cases by hand: 3, 0.75, 0 (+0.0, the sum of 3 and -3), -0.5
        assertEquals(3.0, SafeRounding.addDown(1, 2));
        assertEquals(0.75, SafeRounding.addDown(0.5, 0.25));
        assertEquals(0.0, SafeRounding.addDown(-3, 3));
        assertEquals(-0.5, SafeRounding.addDown(-0.75, 0.25));
        // 0.1 + 0.2 rounds up to 0.30000000000000004: one ulp lower
        assertEquals(Math.nextDown(0.1 + 0.2), SafeRounding.addDown(0.1, 0.2));
    }

    @Test
    void aDeclaredCurveIsEvaluatedOnceForRepeatedReleasesOfTheSameEvent() {
        AtomicInteger evaluations = new AtomicInteger();
        DeclaredEvent event = new DeclaredEvent("counted", Optional.of(new PrivacyGuarantee.RenyiDp(alpha -> {
            evaluations.incrementAndGet();
            return 0.01 * alpha;
        }, "counted")), OptionalDouble.empty(), Optional.empty());
        RdpAccountant accountant = new RdpAccountant();
        accountant.compose(event);
        int first = evaluations.get();
        assertTrue(first > 0, "the first release evaluates the curve");
        double epsilonOfOne = accountant.epsilon(1e-5);
        accountant.compose(event, 3);
        accountant.compose(event);
        Accountant copy = accountant.copy();
        copy.compose(event);
        assertEquals(first, evaluations.get(), "later releases of the same event use the cached curve");
        // and the cached curve is the curve: 5 releases of 0.01 alpha compose to 0.05 alpha, epsilon grows
        assertTrue(accountant.epsilon(1e-5) > epsilonOfOne);
    }
}
