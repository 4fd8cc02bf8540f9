package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.accounting.ZcdpAccountant;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Noise scales round toward more noise, privacy losses toward more loss. Every check is exact: the real-number
 * relation is tested in {@link BigDecimal} arithmetic on the doubles' exact binary values. Mutant: the naive
 * division {@code b = Delta / epsilon} fails the same sweep.
 */
class SafeScaleRoundingTest {
    private static final int SWEEP = 20_000;

    /** True if {@code delta / b <= epsilon} holds for the exact values of the three doubles. */
    private static boolean exactlyPrivate(double delta, double b, double epsilon) {
        return new BigDecimal(delta).compareTo(new BigDecimal(b).multiply(new BigDecimal(epsilon))) <= 0;
    }

    /** Sensitivities and epsilons spread over many binades: 10^u with u uniform, so most quotients are inexact. */
    private static double[][] pairs(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] pairs = new double[SWEEP][];
        for (int i = 0; i < SWEEP; i++) {
            pairs[i] = new double[] {Math.pow(10, random.nextDouble(-3, 3)), Math.pow(10, random.nextDouble(-3, 1.5))};
        }
        return pairs;
    }

    /** Counts the pairs for which the scale computed by {@code scaleFor} states more privacy than it gives. */
    private static int violations(DoubleBinaryOperator scaleFor) {
        int violations = 0;
        for (double[] pair : pairs(17)) {
            double b = scaleFor.applyAsDouble(pair[0], pair[1]);
            if (pair[0] / b > pair[1] || !exactlyPrivate(pair[0], b, pair[1])) {
                violations++;
            }
        }
        return violations;
    }

    @Test
    void epsilonThreeWithSensitivityOneIsChargedAtMostThree() {
        // 1/3 rounds down in double: the naive scale gives a real loss 1/b above 3
        assertFalse(exactlyPrivate(1.0, 1.0 / 3.0, 3.0), "the naive scale 1.0 / 3.0 was expected to understate");
        double b = SafeRounding.divideUp(1.0, 3.0);
        assertTrue(1.0 / b <= 3.0);
        assertTrue(exactlyPrivate(1.0, b, 3.0));

        // The laplace privatizer with one coordinate: its event's epsilon, Delta'/b in double, is at most 3.
        AdditiveNoisePrivatizer laplace = LaplacePrivatizerProvider.create(3.0, 1.0, 1, Neighbouring.RECORD);
        LaplaceEvent event = (LaplaceEvent) laplace.event();
        assertTrue(event.sensitivity() / event.scale() <= 3.0, "charged epsilon " + event.epsilon());
        assertTrue(exactlyPrivate(event.sensitivity(), event.scale(), 3.0));
        BasicAccountant basic = new BasicAccountant();
        basic.compose(event);
        assertTrue(basic.epsilon(0) <= 3.0);
    }

    @Test
    void theDirectedScaleNeverStatesMorePrivacyAndTheNaiveDivisionDoes() {
        assertEquals(0, violations(SafeRounding::divideUp));
        int naive = violations((delta, epsilon) -> delta / epsilon);
        assertTrue(naive > SWEEP / 10, "the naive division was expected to fail the sweep often, failed " + naive);
    }

    @Test
    void laplacePrivatizersChargeAtMostTheirEpsilonAcrossTheSweep() {
        double[][] pairs = pairs(29);
        for (int i = 0; i < 2_000; i++) {
            double delta = pairs[i][0];
            double epsilon = pairs[i][1];
            LaplaceEvent event = (LaplaceEvent) LaplacePrivatizerProvider.create(epsilon, delta, 16,
                    Neighbouring.RECORD).event();
            assertTrue(event.sensitivity() / event.scale() <= epsilon && event.sensitivity() >= delta
                    && exactlyPrivate(event.sensitivity(), event.scale(), epsilon),
                    "delta=" + delta + " eps=" + epsilon);
        }
    }

    @Test
    void lossesFromScalesAreRoundedUpExactly() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < SWEEP; i++) {
            double sigma = Math.pow(10, random.nextDouble(-2, 3));
            double delta = Math.pow(10, random.nextDouble(-2, 2));
            // rho = Delta^2 / (2 sigma^2): the double is at least the exact value
            BigDecimal exactNumerator = new BigDecimal(delta).multiply(new BigDecimal(delta));
            BigDecimal rho = new BigDecimal(SafeRounding.rho(sigma, delta));
            BigDecimal denominator = new BigDecimal(2 * sigma).multiply(new BigDecimal(sigma));
            assertTrue(rho.multiply(denominator).compareTo(exactNumerator) >= 0, "sigma=" + sigma + " delta=" + delta);
            // the epsilon of a Laplace event is at least the exact Delta / b
            BigDecimal epsilon = new BigDecimal(SafeRounding.epsilon(new LaplaceEvent(sigma, delta)));
            assertTrue(epsilon.multiply(new BigDecimal(sigma)).compareTo(new BigDecimal(delta)) >= 0);
            // square roots bracket the exact root
            BigDecimal x = new BigDecimal(sigma);
            BigDecimal up = new BigDecimal(SafeRounding.sqrtUp(sigma));
            BigDecimal down = new BigDecimal(SafeRounding.sqrtDown(sigma));
            assertTrue(up.multiply(up).compareTo(x) >= 0 && down.multiply(down).compareTo(x) <= 0);
        }
    }

    @Test
    void zcdpScalesNeverReportMoreThanTheRequestedRho() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 2_000; i++) {
            double rho = Math.pow(10, random.nextDouble(-4, 1));
            double delta = Math.pow(10, random.nextDouble(-1, 1));
            double sigma = GaussianCalibration.zcdp(rho, delta);
            // exact: Delta^2 <= 2 rho sigma^2
            BigDecimal s = new BigDecimal(sigma);
            assertTrue(new BigDecimal(delta).pow(2).compareTo(new BigDecimal(2 * rho).multiply(s).multiply(s)) <= 0,
                    "rho=" + rho + " delta=" + delta);
            PrivacyEvent event = GaussianZcdpPrivatizerProvider.create(rho, delta, 16, Neighbouring.RECORD).event();
            assertTrue(ZcdpAccountant.rhoOf(event) <= rho, "rho=" + rho + " delta=" + delta);
        }
    }

    @Test
    void uniformDeltaIsRoundedUp() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < SWEEP; i++) {
            double halfWidth = Math.pow(10, random.nextDouble(0, 4));
            double delta = Math.pow(10, random.nextDouble(-2, 0));
            double bound = UniformCalibration.delta(halfWidth, delta);
            if (bound < 1) {
                assertTrue(new BigDecimal(bound).multiply(new BigDecimal(2 * halfWidth))
                        .compareTo(new BigDecimal(delta)) >= 0);
            }
        }
    }
}
