package io.dpmarl.algorithms.federated.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.theory.FederatedTdBounds.Variant;
import io.dpmarl.algorithms.federated.theory.FederatedTdTheorem2.Reading;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Theorem 2 of the DP federated TD(lambda) paper: Psi_3, Psi_4, Psi_5, a_t, d_t at the paper's default setting, and
 * both bounds on a tiny instance where every term is computed by hand.
 * <p>
 * Tiny instance: N = 1, K = 1, R = 0.5, gamma = 0.5, lambda = 0 (so 1 - gamma lambda = 1), c_min = 1, g = 1 + gamma =
 * 1.5, sigma_max = 1, sigma_min = 0.5. Then e_1 = 1 + 1.5^2 + 2 (0.5) = 4.25, e_2 = 1.5 (1.5 + 1) = 3.75,
 * beta(alpha) = 1/2 + 3.75 alpha^2 + 4.25 alpha, Psi_2(alpha) = 4 alpha^2 (0.25) + alpha (1 + 1.5 alpha)
 * = alpha + 2.5 alpha^2, Psi_1 = (sqrt(4.25^2 + 7.5) - 4.25)/7.5 = 0.1075, Psi_3 = 62 (1.5) = 93,
 * Psi_4 = 55 (1.5)^3 = 185.625, Psi_5(alpha_0) = alpha_0 + 1 + 1.5 alpha_0 = 1 + 2.5 alpha_0 and
 * R/(1 - gamma lambda) = 0.5.
 */
class FederatedTdTheorem2Test {
    private static final FederatedTdBounds DEFAULT = new FederatedTdBounds(20, 10, 0.5, 0.9, 0.5, 0.05, Variant.SOUND);
    private static final FederatedTdBounds TINY = new FederatedTdBounds(1, 1, 0.5, 0.5, 0.0, 1.0, Variant.SOUND);
    private static final FederatedTdTheorem2 SOUND = new FederatedTdTheorem2(TINY, 1.0, 0.5, Reading.SOUND);
    private static final FederatedTdTheorem2 LITERAL = new FederatedTdTheorem2(TINY, 1.0, 0.5, Reading.PAPER_LITERAL);
    private static final StepSizeSchedule HARMONIC = round -> 1e-4 / (round + 1);
    private static final DoubleUnaryOperator TAU_ONE = alpha -> 1;

    /**
     * Default setting (N = 20, K = 10, R = 0.5, gamma = 0.9, lambda = 0.5): R/(1 - gamma lambda) = 10/11, so
     * Psi_3 = 62 sigma_max (21/11) = (1302/11) sigma_max = 118.363636 sigma_max and Psi_4 = 55 (21/11)^3 sigma_max =
     * (46305/121) sigma_max = 382.685950 sigma_max. Psi_5 = (80000/121) alpha_0 + (200 sqrt 2/11)(1 + g alpha_0/0.55)
     * (4 K N (10/11)^2 = 80000/121, 2 R sqrt(200)/0.55 = 200 sqrt 2/11); at alpha_0 = 1 the bracket is 49/11 (g = 1.9)
     * or 41/11 (printed g = 1.5): Psi_5 = (80000 + 9800 sqrt 2)/121 = 775.696636 or (80000 + 8200 sqrt 2)/121 =
     * 756.996291. At alpha_0 = Psi_1/2 = 1.6170715e-5: 661.157025 (1.6170715e-5) + 25.712974 (1 + 5.58625e-5) =
     * 0.010691 + 25.714410 = 25.725102, which is also Psi_2(Psi_1/2)/(Psi_1/2) = 4.159933e-4/1.6170715e-5 (Psi_2 =
     * alpha Psi_5 at alpha_0 = alpha).
     */
    @Test
    void psi3ToPsi5AtTheDefaultSetting() {
        assertEquals(118.363636, DEFAULT.psi3(1), 1e-6);
        assertEquals(2 * 118.363636, DEFAULT.psi3(2), 2e-6);
        assertEquals(382.685950, DEFAULT.psi4(1), 1e-6);
        assertEquals(0.5 * 382.685950, DEFAULT.psi4(0.5), 1e-6);
        assertEquals(775.696636, DEFAULT.psi5(1), 1e-6);
        FederatedTdBounds printed = new FederatedTdBounds(20, 10, 0.5, 0.9, 0.5, 0.05, Variant.PRINTED);
        assertEquals(756.996291, printed.psi5(1), 1e-6);
        double alpha = 3.234143e-5 / 2;
        assertEquals(25.725102, DEFAULT.psi5(alpha), 1e-6);
        assertEquals(DEFAULT.psi2(alpha) / alpha, DEFAULT.psi5(alpha), 1e-9);
        // the Theorem 2 record exposes the same Psi_3, Psi_4 at its sigma_max
        FederatedTdTheorem2 theorem = new FederatedTdTheorem2(DEFAULT, 2, 1, null);
        assertEquals(2 * 118.363636, theorem.psi3(), 2e-6);
        assertEquals(2 * 382.685950, theorem.psi4(), 2e-6);
        assertEquals(Reading.SOUND, theorem.reading());
    }

    /** a_t = 1 - 0.9 alpha_t/sigma_max and d_t = alpha_t^2 tau(alpha_t). */
    @Test
    void contractionAndMixingTerms() {
        assertEquals(1 - 0.9 * 0.1 / 2, FederatedTdBounds.contractionFactor(0.1, 2), 1e-15);
        assertEquals(0.91, FederatedTdBounds.contractionFactor(0.1, 1), 1e-15);
        assertEquals(0.01 * 3, FederatedTdBounds.mixingTerm(0.1, 3), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> FederatedTdBounds.contractionFactor(0, 1));
        assertThrows(IllegalArgumentException.class, () -> FederatedTdBounds.contractionFactor(0.1, 0));
        assertThrows(IllegalArgumentException.class, () -> FederatedTdBounds.mixingTerm(0.1, 0));
        assertThrows(IllegalArgumentException.class, () -> FederatedTdBounds.mixingTerm(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> DEFAULT.psi3(0));
        assertThrows(IllegalArgumentException.class, () -> DEFAULT.psi4(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> DEFAULT.psi5(0));
    }

    /** The tiny instance's constants, so that the bounds below can be written with them. */
    @Test
    void tinyInstanceConstants() {
        assertEquals(4.25, TINY.e1(), 1e-15);
        assertEquals(3.75, TINY.e2(), 1e-15);
        assertEquals((Math.sqrt(4.25 * 4.25 + 7.5) - 4.25) / 7.5, TINY.psi1(), 1e-15);
        assertEquals(93, SOUND.psi3(), 1e-12);
        assertEquals(185.625, SOUND.psi4(), 1e-12);
        assertEquals(1.00025, TINY.psi5(1e-4), 1e-15);
        assertEquals(1e-4 + 2.5e-8, TINY.psi2(1e-4), 1e-18);
    }

    /**
     * Admissible constant steps at tau = 2: min{1/8, 0.05/(93 (2) + sigma), 0.1075} = 0.05/187 with sigma = sigma_max
     * = 1, 0.05/186.5 with the printed sigma_min = 0.5.
     */
    @Test
    void constantStepLimitNamesTheRange() {
        assertEquals(0.05 / 187, SOUND.constantStepLimit(2), 1e-18);
        assertEquals(0.05 / 186.5, LITERAL.constantStepLimit(2), 1e-18);
        // tau = 1e6: 0.05/(93e6 + 1) = 5.4e-10 is below 1/(4e6) = 2.5e-7, so the middle term still binds
        assertEquals(0.05 / (93e6 + 1), SOUND.constantStepLimit(1e6), 1e-22);
        // sigma_max = sigma_min = 1e-6: Psi_3 = 9.3e-5; at tau = 0.1, 1/(4 tau) = 2.5 and 0.05/(9.3e-6 + 1e-6) = 4854,
        // so Psi_1 = 0.1075 binds
        FederatedTdTheorem2 tinySigma = new FederatedTdTheorem2(TINY, 1e-6, 1e-6, Reading.SOUND);
        assertEquals(TINY.psi1(), tinySigma.constantStepLimit(0.1), 1e-15);
        // and 1/(4 tau) binds at tau = 10: 0.025 < Psi_1, 0.05/(9.3e-4 + 1e-6) = 53.7
        assertEquals(0.025, tinySigma.constantStepLimit(10), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> SOUND.constantStepLimit(0));
    }

    /**
     * Theorem 2 (1) at alpha = 1e-4, tau = 2, t = 10, sum_i c^i ||theta_0^i - (Theta_0)||^2 = 1 and
     * ||(Theta_0) - theta*|| = 2: beta = 0.5 + 3.75e-8 + 4.25e-4 = 0.5004250375, Psi_2 = 1e-4 + 2.5e-8;
     * terms 2 beta^10 (1), 2 Psi_2/(1 - beta), (2 (185.625)(1)/(0.9 (0.5))) (1e-4)(2) = 825 (2e-4) = 0.165 and
     * 2 (1/0.5)(1 - 0.9e-4)^{10 - 2} (1.5 (2) + 0.5 (0.5))^2 = 4 (10.5625) 0.99991^8 = 42.25 (0.99991^8).
     */
    @Test
    void constantStepBoundByHand() {
        double beta = 0.5004250375;
        double psi2 = 1e-4 + 2.5e-8;
        double expected = 2 * Math.pow(beta, 10) + 2 * psi2 / (1 - beta) + 0.165 + 42.25 * Math.pow(0.99991, 8);
        assertEquals(expected, SOUND.constantStepBound(1e-4, 2, 10, 1, 2), 1e-13 * expected);
        // zero initial errors: only the floor, the O(alpha tau) term and 2 (2)(0.25)^2 0.99991^8 = 0.25 (0.99991^8)
        double floor = 2 * psi2 / (1 - beta) + 0.165;
        assertEquals(floor + 0.25 * Math.pow(0.99991, 8), SOUND.constantStepBound(1e-4, 2, 10, 0, 0), 1e-14);
        // at t = tau the contraction exponent is 0
        assertEquals(2 * Math.pow(beta, 2) + floor + 42.25, SOUND.constantStepBound(1e-4, 2, 2, 1, 2), 1e-12);
        // Remark 1's limit is the floor
        assertEquals(floor, SOUND.constantStepLimsup(1e-4, 2), 1e-15);
        // the literal reading changes only the admissible range, not the value
        assertEquals(expected, LITERAL.constantStepBound(1e-4, 2, 10, 1, 2), 1e-13 * expected);
    }

    /**
     * Outside the range the bound is refused with the range named: alpha = 2.68e-4 lies between 0.05/187 = 2.6738e-4
     * (sigma_max) and 0.05/186.5 = 2.6810e-4 (the printed sigma_min), so only the literal reading accepts it.
     */
    @Test
    void constantStepOutsideTheRangeIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> SOUND.constantStepBound(2.68e-4, 2, 10, 1, 2));
        assertTrue(refused.getMessage().contains("(0, " + 0.05 / 187 + ")"), refused.getMessage());
        assertTrue(refused.getMessage().contains("got 2.68E-4"), refused.getMessage());
        assertTrue(LITERAL.constantStepBound(2.68e-4, 2, 10, 1, 2) > 0);
        assertThrows(IllegalArgumentException.class, () -> SOUND.constantStepBound(0.05 / 187, 2, 10, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> SOUND.constantStepLimsup(0.05 / 187, 2));
        assertThrows(IllegalArgumentException.class, () -> SOUND.constantStepLimsup(2.7e-4, 2));
        IllegalArgumentException early = assertThrows(IllegalArgumentException.class,
                () -> SOUND.constantStepBound(1e-4, 2, 1, 1, 2));
        assertTrue(early.getMessage().contains("round must be >= tau = 2.0, got 1"), early.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SOUND.constantStepBound(1e-4, 2, 10, -1, 2));
        assertThrows(IllegalArgumentException.class, () -> SOUND.constantStepBound(1e-4, 2, 10, 1, -2));
        assertThrows(IllegalArgumentException.class, () -> SOUND.constantStepBound(0, 2, 10, 1, 2));
    }

    /**
     * Theorem 2 (2) with alpha_t = 1e-4/(t + 1), tau = 1, Psi_6 = 1.5 (alpha_{t-1}/alpha_t = (t + 1)/t &lt;= 1.5 for
     * t &gt;= 2), T* = 2, t = 5, sum_i c^i ||theta_{T*}^i - (Theta_{T*})||^2 = 1 and ||(Theta_0) - theta*|| = 2.
     * Conditions at T*: T* &gt;= tau = 1; T* alpha_0 = 2e-4 &lt;= 1/4; 93 (1.5) alpha_2 + alpha_2 = 140.5e-4/3 = 0.0047
     * &lt;= 0.05; alpha_2 = 1e-4/3 &lt; Psi_1. beta = beta(alpha_2), Psi_5(1e-4) = 1.00025, ceil((5 - 1)/2) = 2;
     * a_k = 1 - 0.9 alpha_k, d_k = alpha_k^2 (k = 2, 3, 4). Terms: 2 beta^3 (1); 2 Psi_5/(1 - beta) (1e-4 beta^2 +
     * alpha_2); 2 (2)(3.25)^2 a_2 a_3 a_4; 4 (185.625 (1.5) + 0.25)(d_2 a_3 a_4 + d_3 a_4 + d_4).
     */
    @Test
    void timeVaryingBoundByHand() {
        double alpha2 = 1e-4 / 3;
        double alpha3 = 1e-4 / 4;
        double alpha4 = 1e-4 / 5;
        double beta = 0.5 + 3.75 * alpha2 * alpha2 + 4.25 * alpha2;
        double a2 = 1 - 0.9 * alpha2;
        double a3 = 1 - 0.9 * alpha3;
        double a4 = 1 - 0.9 * alpha4;
        double consensusFloor = 1.00025 / (1 - beta) * (1e-4 * beta * beta + alpha2);
        double average = 4 * 3.25 * 3.25 * a2 * a3 * a4
                + 4 * (185.625 * 1.5 + 0.25) * (alpha2 * alpha2 * a3 * a4 + alpha3 * alpha3 * a4 + alpha4 * alpha4);
        double expected = 2 * Math.pow(beta, 3) + 2 * consensusFloor + average;
        assertEquals(expected, SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 2, 5, 1, 2), 1e-13 * expected);
        // the paper-literal statement has Psi_5/(1 - beta): exactly one consensus floor less
        assertEquals(expected - consensusFloor, LITERAL.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 2, 5, 1, 2),
                1e-13 * expected);
        // with zero initial errors only the floors and the mixing sum remain (the sum's weight is tested alone)
        double mixingOnly = 4 * (185.625 * 1.5 + 0.25)
                * (alpha2 * alpha2 * a3 * a4 + alpha3 * alpha3 * a4 + alpha4 * alpha4);
        double zeroStart = 2 * consensusFloor + 4 * 0.25 * 0.25 * a2 * a3 * a4 + mixingOnly;
        assertEquals(zeroStart, SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 2, 5, 0, 0), 1e-14);
    }

    /**
     * t = T* = 2: empty product 1, empty sum 0, beta^0 = 1, ceil((2 - 1)/2) = 1 and beta^{1/2}:
     * 2 (1) + 2 Psi_5/(1 - beta) (1e-4 sqrt(beta) + alpha_1) + 4 (3.25)^2. With tau = 2 (d_k doubles) at t = 4 the
     * mixing sum is d_2 a_3 + d_3 with d_k = 2 alpha_k^2.
     */
    @Test
    void timeVaryingBoundAtItsStartAndWithLongerMixing() {
        double alpha2 = 1e-4 / 3;
        double beta = 0.5 + 3.75 * alpha2 * alpha2 + 4.25 * alpha2;
        double start = 2 + 2 * 1.00025 / (1 - beta) * (1e-4 * Math.sqrt(beta) + 1e-4 / 2) + 4 * 3.25 * 3.25;
        assertEquals(start, SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 2, 2, 1, 2), 1e-13 * start);
        double alpha3 = 1e-4 / 4;
        double a2 = 1 - 0.9 * alpha2;
        double a3 = 1 - 0.9 * alpha3;
        double psi6 = 1.5;
        double expected = 2 * 1.00025 / (1 - beta) * (1e-4 * Math.pow(beta, 1.5) + alpha2)
                + 4 * 0.0625 * a2 * a3 + 4 * (185.625 * psi6 + 0.25) * (2 * alpha2 * alpha2 * a3 + 2 * alpha3 * alpha3);
        assertEquals(expected, SOUND.timeVaryingBound(HARMONIC, alpha -> 2, psi6, 2, 4, 0, 0), 1e-14);
    }

    @Test
    void timeVaryingConditionsAreChecked() {
        assertRefused("T* must be >= tau(alpha_{T*}) = 5.0, got 2",
                () -> SOUND.timeVaryingBound(HARMONIC, alpha -> 5, 1.5, 2, 5, 1, 2));
        assertRefused("T* alpha_0 must be <= 1/4",
                () -> SOUND.timeVaryingBound(round -> 0.2 / (round + 1), TAU_ONE, 1.5, 2, 5, 1, 2));
        assertRefused("+ sigma_max alpha_{T*} must be <= 0.05",
                () -> SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1000, 2, 5, 1, 2));
        assertRefused("non-increasing",
                () -> SOUND.timeVaryingBound(round -> 1e-5 * (round + 1), TAU_ONE, 1.5, 2, 5, 1, 2));
        assertRefused("round must be in [2, inf), got 1",
                () -> SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 2, 1, 1, 2));
        assertRefused("startRound", () -> SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 0, 5, 1, 2));
        assertRefused("psi6", () -> SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 0, 2, 5, 1, 2));
        assertRefused("null", () -> SOUND.timeVaryingBound(null, TAU_ONE, 1.5, 2, 5, 1, 2));
        assertRefused("null", () -> SOUND.timeVaryingBound(HARMONIC, null, 1.5, 2, 5, 1, 2));
        assertRefused("startConsensusError", () -> SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 2, 5, -1, 2));
        assertRefused("initialAverageGap", () -> SOUND.timeVaryingBound(HARMONIC, TAU_ONE, 1.5, 2, 5, 1, -2));
        assertRefused("alpha_0", () -> SOUND.timeVaryingBound(round -> round == 0 ? 0 : 1e-5, TAU_ONE, 1.5, 2, 5, 1,
                2));
        assertRefused("tau(alpha_{T*})", () -> SOUND.timeVaryingBound(HARMONIC, alpha -> 0, 1.5, 2, 5, 1, 2));
        // a zero step after T* is refused (positive schedule)
        assertRefused("alpha_3 = 0.0", () -> SOUND.timeVaryingBound(round -> round < 3 ? 1e-5 : 0, TAU_ONE, 1.5, 2,
                5, 1, 2));
        // T* alpha_0 = 1/4 exactly is allowed (the printed condition is <=); a step just above it is not
        StepSizeSchedule quarter = round -> round == 0 ? 0.25 : 1e-5;
        assertTrue(SOUND.timeVaryingBound(quarter, TAU_ONE, 1.5, 1, 3, 1, 2) > 0);
        assertRefused("T* alpha_0", () -> SOUND.timeVaryingBound(round -> round == 0 ? 0.2500001 : 1e-5, TAU_ONE,
                1.5, 1, 3, 1, 2));
        // alpha_{T*} >= Psi_1 with the 0.05 condition met: the default setting (Psi_1 = 3.234e-5) with a tiny sigma
        FederatedTdTheorem2 small = new FederatedTdTheorem2(DEFAULT, 1e-3, 1e-3, Reading.SOUND);
        assertRefused("alpha_{T*} must be in (0, Psi_1)",
                () -> small.timeVaryingBound(round -> 1e-4, TAU_ONE, 1, 2, 5, 1, 2));
        assertTrue(small.timeVaryingBound(round -> 3e-5, TAU_ONE, 1, 2, 5, 1, 2) > 0);
    }

    @Test
    void eigenvaluesAreValidated() {
        assertRefused("sigmaMax must be >= sigmaMin = 1.0, got 0.5", () -> new FederatedTdTheorem2(TINY, 0.5, 1,
                null));
        assertRefused("sigmaMin", () -> new FederatedTdTheorem2(TINY, 1, 0, null));
        assertRefused("sigmaMax", () -> new FederatedTdTheorem2(TINY, Double.POSITIVE_INFINITY, 1, null));
        assertRefused("constants", () -> new FederatedTdTheorem2(null, 1, 1, null));
        assertEquals(1.0, new FederatedTdTheorem2(TINY, 1, 1, null).sigmaMax());
    }

    /**
     * Supremum over tau of the admissible constant steps, min{0.05/sigma, Psi_1}: 0.05/1 = 0.05 &lt; 0.1075 (sound);
     * 0.05/0.5 = 0.1 &lt; 0.1075 (printed sigma_min); Psi_1 when sigma is tiny (0.05/1e-6 = 5e4).
     */
    @Test
    void constantStepSupremumOverMixingTimes() {
        assertEquals(0.05, SOUND.constantStepSupremum(), 1e-15);
        assertEquals(0.1, LITERAL.constantStepSupremum(), 1e-15);
        assertEquals(TINY.psi1(), new FederatedTdTheorem2(TINY, 1e-6, 1e-6, null).constantStepSupremum(), 1e-15);
        // it bounds every tau's limit from above
        for (double tau : new double[] {1e-3, 0.5, 1, 2, 100}) {
            assertTrue(SOUND.constantStepLimit(tau) < SOUND.constantStepSupremum());
        }
    }

    /**
     * Default setting (1 - gamma lambda = 0.55, R/(1 - gamma lambda) = 10/11) with sigma_max = 2, sigma_min = 0.5,
     * alpha = Psi_1/2 = 1.6170715e-5 (beta = 0.99937497, 2 Psi_2/(1 - beta) = 2 (0.6655612) = 1.3311224), tau = 1,
     * zero initial errors. Psi_4 = 2 (382.685950) = 765.371901. Theorem 2 (1) at t = 3: 1.3311224
     * + (2 (765.371901)(2)/(0.9 (0.5))) alpha (1) + 2 (2/0.5)(1 - 0.9 alpha/2)^2 (0.5 (10/11))^2.
     * Theorem 2 (2) with the constant schedule alpha_t = alpha (non-increasing), Psi_6 = 1, T* = 1, t = 2:
     * Psi_5(alpha) = Psi_2(alpha)/alpha, so 2 Psi_5/(1 - beta) (alpha beta^{1/2} + alpha_1)
     * = 1.3311224 (sqrt(beta) + 1);
     * 2 (4)(5/11)^2 a_1 with a_1 = 1 - 0.9 alpha/2; 4 (765.371901 (1) + 2 (10/11)^2) d_1 with d_1 = alpha^2 (1).
     */
    @Test
    void boundsAtTheDefaultSettingWithSigmaMaxTwo() {
        FederatedTdTheorem2 theorem = new FederatedTdTheorem2(DEFAULT, 2, 0.5, Reading.SOUND);
        double alpha = 3.234143e-5 / 2;
        double half = 5.0 / 11;
        double contraction = 1 - 0.9 * alpha / 2;
        double constant = 1.3311224 + 2 * 765.371901 * 2 / 0.45 * alpha + 8 * contraction * contraction * half * half;
        assertEquals(constant, theorem.constantStepBound(alpha, 1, 3, 0, 0), 2e-6);
        assertEquals(1.3311224 + 2 * 765.371901 * 2 / 0.45 * alpha, theorem.constantStepLimsup(alpha, 1), 2e-6);
        double varying = 1.3311224 * (Math.sqrt(0.99937497) + 1) + 8 * half * half * contraction
                + 4 * (765.371901 + 2 * 4 * half * half) * alpha * alpha;
        assertEquals(varying, theorem.timeVaryingBound(round -> alpha, TAU_ONE, 1, 1, 2, 0, 0), 4e-6);
        // the mixing sum alone (the other terms cancel in the difference of two mixing times, tau = 3 against 1)
        double extra = 4 * (765.371901 + 2 * 4 * half * half) * alpha * alpha * 2;
        assertEquals(extra, theorem.timeVaryingBound(round -> alpha, alpha3 -> 3, 1, 3, 4, 0, 0)
                - theorem.timeVaryingBound(round -> alpha, TAU_ONE, 1, 3, 4, 0, 0), 1e-14);
    }

    /**
     * The condition Psi_3 Psi_6 alpha_{T*} tau + sigma_max alpha_{T*} &lt;= 0.05 at its edge (tiny instance,
     * Psi_3 = 93, Psi_6 = 1, tau = 2): 187 alpha. alpha = 0.05/187 gives exactly 0.05 in double arithmetic (accepted),
     * 2.68e-4 gives 0.050116 (refused; without the sigma_max term or with tau halved it would pass), 2.6e-4 gives
     * 0.04862 (accepted). alpha_{T*} = Psi_1 exactly is refused (beta = 1).
     */
    @Test
    void startConditionsAtTheirEdges() {
        DoubleUnaryOperator tauTwo = alpha -> 2;
        assertTrue(SOUND.timeVaryingBound(round -> 0.05 / 187, tauTwo, 1, 2, 3, 0, 0) > 0);
        assertRefused("must be <= 0.05, got 0.05011", () -> SOUND.timeVaryingBound(round -> 2.68e-4, tauTwo, 1, 2,
                3, 0, 0));
        assertTrue(SOUND.timeVaryingBound(round -> 2.6e-4, tauTwo, 1, 2, 3, 0, 0) > 0);
        FederatedTdTheorem2 small = new FederatedTdTheorem2(DEFAULT, 1e-3, 1e-3, Reading.SOUND);
        assertRefused("alpha_{T*} must be in (0, Psi_1)",
                () -> small.timeVaryingBound(round -> DEFAULT.psi1(), TAU_ONE, 1, 2, 5, 1, 2));
    }

    private static void assertRefused(String fragment, Executable call) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, call);
        assertTrue(refused.getMessage().contains(fragment), refused.getMessage());
    }
}
