package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The whole-run sensitivity of DP federated TD(lambda) (the derivation in {@link WholeRunSensitivity}) is a proven
 * UPPER bound of its real-number formula at the double inputs. Each expected value is derived here from the
 * formula in exact arithmetic: a LOWER bound of the exact real number, computed with {@link BigDecimal} at 60
 * digits rounded toward zero (floor), every operation monotone on positive numbers, so floor at each step keeps a
 * lower bound (1 - gamma lambda is computed exactly, the quotients Delta_M = 2R / (1 - gamma lambda) and kappa =
 * (1 + gamma) / (1 - gamma lambda) are floored, sqrt(K) is the floor of an integer square root). A double at least
 * such a lower bound can still be below the exact value only by less than 10^-55 relative, far below a double's
 * spacing; conversely a double below the lower bound is certainly below the exact value, which is what the
 * companion check {@link #roundToNearestFallsBelowTheExactValue} shows for the round-to-nearest computation (the
 * module's computation before directed rounding, written out here), so these comparisons can fail.
 *
 * <p>Checked: Delta_M and kappa; the l2 figure sqrt(max_t sum_s a_{t,s}^2) (as its square against the exact sum,
 * which needs no root); the l1 figure sqrt(K) max_t sum_s a_{t,s}; every prefix of the per-release l2 charges
 * (sum of squares, exact in BigDecimal) and l1 charges against the prefix bound P(n) = max_t sum_{t &lt; s &lt; n}
 * (w a_{t,s} + e)^p; the charged totals against the exact totals of the charges. Each computed value is also at
 * most a few ulps per operation above the lower bound (relative (16 + 8 T) 2^-53), so directed rounding moves the
 * values only in their last digits.
 */
class WholeRunUpperBoundExactTest {
    private static final MathContext FLOOR = new MathContext(60, RoundingMode.FLOOR);
    private static final double ULP = 0x1p-53;

    /** One setting: R, gamma, lambda, the schedule, T, K and the grid excesses e (l2 and l1). */
    private record Setting(String name, double costBound, double gamma, double lambda, StepSizeSchedule schedule,
                           int rounds, int dimension, double l2Excess, double l1Excess) {
        double[] alphas() {
            double[] alphas = new double[rounds];
            for (int s = 0; s < rounds; s++) {
                alphas[s] = schedule.alpha(s);
            }
            return alphas;
        }

        boolean nonIncreasing() {
            double[] alphas = alphas();
            for (int s = 1; s < rounds; s++) {
                if (alphas[s] > alphas[s - 1]) {
                    return false;
                }
            }
            return true;
        }

        /** Exact 1 - gamma lambda (BigDecimal products and differences of doubles are exact). */
        BigDecimal discount() {
            return BigDecimal.ONE.subtract(exact(gamma).multiply(exact(lambda)));
        }

        BigDecimal deltaM() {
            return exact(costBound).multiply(BigDecimal.valueOf(2)).divide(discount(), FLOOR);
        }

        BigDecimal kappa() {
            return BigDecimal.ONE.add(exact(gamma)).divide(discount(), FLOOR);
        }

        /**
         * Lower bounds of P(n), n = 0..T: max over change times t of sum_{t &lt; s &lt; n} (w a_{t,s} + e)^p, with
         * a_{t,t+1} = alpha_t Delta_M and a_{t,s+1} = kappa alpha_s a_{t,s}. For a non-increasing schedule only
         * t = 0 is tried (the class derivation of {@link WholeRunSensitivity}: the j-th term of change time t + 1 is
         * at most the j-th of t, and t has one term more); otherwise every t.
         */
        BigDecimal[] prefix(int power, BigDecimal weight, double excess) {
            double[] alphas = alphas();
            BigDecimal deltaM = deltaM();
            BigDecimal kappa = kappa();
            BigDecimal e = exact(excess);
            BigDecimal[] prefix = new BigDecimal[rounds + 1];
            java.util.Arrays.fill(prefix, BigDecimal.ZERO);
            int lastChangeTime = nonIncreasing() ? 0 : rounds - 2;
            for (int t = 0; t <= lastChangeTime; t++) {
                BigDecimal a = exact(alphas[t]).multiply(deltaM, FLOOR);
                BigDecimal running = BigDecimal.ZERO;
                for (int s = t + 1; s < rounds; s++) {
                    BigDecimal term = weight.multiply(a, FLOOR).add(e, FLOOR);
                    running = running.add(power == 2 ? term.multiply(term, FLOOR) : term, FLOOR);
                    prefix[s + 1] = prefix[s + 1].max(running);
                    a = a.multiply(kappa, FLOOR).multiply(exact(alphas[s]), FLOOR);
                }
            }
            for (int n = 1; n <= rounds; n++) {
                prefix[n] = prefix[n].max(prefix[n - 1]);
            }
            return prefix;
        }

        WholeRunSensitivity run() {
            return WholeRunSensitivity.of(costBound, gamma, lambda, schedule, rounds);
        }
    }

    private static BigDecimal exact(double value) {
        return new BigDecimal(value);
    }

    /** floor(sqrt(K) 10^60) / 10^60: a lower bound of sqrt(K) (BigInteger's square root is the floor). */
    private static BigDecimal sqrtDown(int dimension) {
        BigInteger scaled = BigInteger.valueOf(dimension).multiply(BigInteger.TEN.pow(120)).sqrt();
        return new BigDecimal(scaled, 60);
    }

    /**
     * The bundled specifications (examples/specs/federated-td: R = 1/2 the default cost bound, gamma = 0.9, lambda
     * = 0.5, alpha_t = (t+1)^-0.65, T = 1000, K = 10) and adversarial ones: gamma lambda close to 1 (1 - gamma lambda
     * about 2e-6 and 2^-30), many rounds (10^5, constant and power schedules), a fast-growing constant step (kappa
     * alpha = 3.1), an increasing schedule and an oscillating one (both take the general path over every t).
     */
    private static List<Setting> settings() {
        List<Setting> settings = new ArrayList<>();
        double sqrt10 = Math.sqrt(10);
        settings.add(new Setting("bundled power 0.65", 0.5, 0.9, 0.5, StepSizes.power(0.65), 1000, 10,
                sqrt10 * 0x1p-19 * 3.7, 10 * 0x1p-39 * 120));
        settings.add(new Setting("bundled, constant 0.02", 0.5, 0.9, 0.5, StepSizes.constant(0.02), 1000, 10,
                1e-7, 1e-9));
        settings.add(new Setting("gamma lambda near 1", 0.5, 0.999999, 0.999999, StepSizes.constant(1e-7), 400, 3,
                0x1p-30, 0x1p-40));
        settings.add(new Setting("gamma lambda 1 - 2^-30", 1.3, 1 - 0x1p-30, 1, round -> 1e-10 * Math.pow(round + 1,
                -0.65), 300, 7, 1e-12, 1e-13));
        settings.add(new Setting("many rounds, constant", 0.5, 0.9, 0.5, StepSizes.constant(0.02), 100_000, 10,
                0x1p-25, 0x1p-35));
        settings.add(new Setting("many rounds, power 1", 0.7, 0.95, 0.3, StepSizes.power(1), 100_000, 5, 1e-9,
                1e-11));
        settings.add(new Setting("fast growth", 0.5, 0.9, 0.5, StepSizes.constant(0.9), 200, 2, 1e-6, 1e-6));
        settings.add(new Setting("increasing", 0.5, 0.9, 0.5, round -> 0.001 * Math.pow(round + 1, 0.3), 600, 10,
                1e-8, 1e-9));
        settings.add(new Setting("oscillating", 0.3, 0.8, 0.7, round -> round % 3 == 1 ? 0.3 : 0.1, 500, 4, 1e-5,
                1e-5));
        return settings;
    }

    /** A computed value at least the lower bound and at most (16 + 8 T) 2^-53 above it, relatively. */
    private static void assertUpperBound(String what, BigDecimal computed, BigDecimal lowerBound, long rounds) {
        assertTrue(computed.compareTo(lowerBound) >= 0, what + ": computed " + computed + " below the exact "
                + lowerBound);
        BigDecimal slack = lowerBound.multiply(BigDecimal.valueOf((16 + 8 * rounds) * ULP));
        assertTrue(computed.compareTo(lowerBound.add(slack)) <= 0, what + ": computed " + computed
                + " more than a few ulps above the exact " + lowerBound);
    }

    @Test
    void deltaMAndKappaAreUpperBounds() {
        for (Setting setting : settings()) {
            WholeRunSensitivity run = setting.run();
            assertUpperBound(setting.name() + " Delta_M", exact(run.perRelease()), setting.deltaM(), 0);
            assertUpperBound(setting.name() + " kappa", exact(run.growth()), setting.kappa(), 0);
            assertUpperBound(setting.name() + " paper Delta_M", exact(FederatedTdSensitivity.paper(
                    setting.costBound(), setting.gamma(), setting.lambda())), setting.deltaM(), 0);
            assertEquals(setting.nonIncreasing(), run.nonIncreasing(), setting.name());
        }
    }

    @Test
    void l2AndL1SensitivitiesAreUpperBounds() {
        for (Setting setting : settings()) {
            WholeRunSensitivity run = setting.run();
            long rounds = setting.rounds();
            BigDecimal squares = setting.prefix(2, BigDecimal.ONE, 0)[setting.rounds()];
            BigDecimal l2 = exact(run.l2());
            // l2 >= sqrt(S) exactly when l2^2 >= S (both non-negative); l2 is at most a few ulps above sqrt(S)
            assertUpperBound(setting.name() + " l2 squared", l2.multiply(l2), squares, rounds);
            BigDecimal sum = setting.prefix(1, BigDecimal.ONE, 0)[setting.rounds()];
            assertUpperBound(setting.name() + " l1 (K = 1)", exact(run.l1(1)), sum, rounds);
            BigDecimal l1 = sqrtDown(setting.dimension()).multiply(sum, FLOOR);
            assertUpperBound(setting.name() + " l1 (K = " + setting.dimension() + ")",
                    exact(run.l1(setting.dimension())), l1, rounds);
        }
    }

    /**
     * Every prefix of n charges: sum_{m &lt; n} c_m^2 &gt;= P(n) (l2, w = 1) and sum_{m &lt; n} c_m &gt;= P(n) (l1,
     * w = sqrt(K)), for n = 0..T, and the totals the ledger is charged at least the exact totals of the charges.
     */
    @Test
    void everyPrefixOfTheChargesIsAnUpperBound() {
        for (Setting setting : settings()) {
            WholeRunSensitivity run = setting.run();
            int dimension = setting.dimension();
            double[] l2Charges = run.l2Charges(setting.l2Excess());
            double[] l1Charges = run.l1Charges(dimension, setting.l1Excess());
            BigDecimal[] l2Prefix = setting.prefix(2, BigDecimal.ONE, setting.l2Excess());
            BigDecimal[] l1Prefix = setting.prefix(1, sqrtDown(dimension), setting.l1Excess());
            BigDecimal squares = BigDecimal.ZERO;
            BigDecimal sum = BigDecimal.ZERO;
            for (int n = 0; n <= setting.rounds(); n++) {
                String where = setting.name() + ", prefix of " + n + " charges";
                assertTrue(squares.compareTo(l2Prefix[n]) >= 0, where + " (l2): " + squares + " < " + l2Prefix[n]);
                assertTrue(sum.compareTo(l1Prefix[n]) >= 0, where + " (l1): " + sum + " < " + l1Prefix[n]);
                if (n < setting.rounds()) {
                    assertTrue(l2Charges[n] >= setting.l2Excess() && l1Charges[n] >= setting.l1Excess(), where);
                    squares = squares.add(exact(l2Charges[n]).pow(2));
                    sum = sum.add(exact(l1Charges[n]));
                }
            }
            long rounds = setting.rounds();
            BigDecimal totalL2 = exact(WholeRunSensitivity.totalL2(l2Charges));
            assertUpperBound(setting.name() + " total l2 squared", totalL2.multiply(totalL2), squares, rounds);
            assertUpperBound(setting.name() + " total l1", exact(WholeRunSensitivity.totalL1(l1Charges)), sum,
                    rounds);
        }
    }

    /**
     * The computation rounded to nearest (the module's before directed rounding, written out here: Delta_M =
     * 2R / (1 - gamma lambda), kappa likewise, a *= kappa alpha, sums of squares, the root, the l1 sum) falls below
     * the exact value's lower bound, so strictly below the exact value, for some of the settings: R = 1/2, gamma =
     * 0.9, lambda = 0.5 already gives a Delta_M below, since the exact 1 - 0.45 = 0.549999999999999988898 rounds up
     * to 0.550000000000000044409, and the bundled l2 sum falls below too. The comparisons above would fail on it.
     */
    @Test
    void roundToNearestFallsBelowTheExactValue() {
        int below = 0;
        List<String> cases = new ArrayList<>();
        for (Setting setting : settings()) {
            double deltaM = 2 * setting.costBound() / (1 - setting.gamma() * setting.lambda());
            double kappa = (1 + setting.gamma()) / (1 - setting.gamma() * setting.lambda());
            double[] alphas = setting.alphas();
            int lastChangeTime = setting.nonIncreasing() ? 0 : setting.rounds() - 2;
            double squares = 0;
            double sum = 0;
            for (int t = 0; t <= lastChangeTime; t++) {
                double a = deltaM * alphas[t];
                double runningSquares = 0;
                double running = 0;
                for (int s = t + 1; s < setting.rounds(); s++) {
                    runningSquares += a * a;
                    running += a;
                    a *= kappa * alphas[s];
                }
                squares = Math.max(squares, runningSquares);
                sum = Math.max(sum, running);
            }
            double l2 = Math.sqrt(squares);
            boolean deltaBelow = exact(deltaM).compareTo(setting.deltaM()) < 0;
            boolean l2Below = exact(l2).multiply(exact(l2)).compareTo(
                    setting.prefix(2, BigDecimal.ONE, 0)[setting.rounds()]) < 0;
            boolean l1Below = exact(sum).compareTo(setting.prefix(1, BigDecimal.ONE, 0)[setting.rounds()]) < 0;
            if (deltaBelow || l2Below || l1Below) {
                below++;
                cases.add(setting.name());
            }
            if (setting.name().equals("bundled power 0.65")) {
                assertTrue(deltaBelow, "Delta_M to nearest " + deltaM + " is below 1/0.549999999999999988898");
            }
        }
        assertTrue(below >= 1, "round to nearest fell below the exact value in " + cases);
    }

    /**
     * The directed differences ({@link SafeRounding#addUp}, {@link SafeRounding#addDown} of a negated term), by hand:
     * 1 - 2^-60 and 1 - 3 2^-55 are not doubles; 1 - 1/2 is.
     */
    @Test
    void directedDifferencesByHand() {
        // 1 - 2^-60 rounds to nearest to 1 (above): up is 1, down the double below 1
        assertEquals(1.0, SafeRounding.addUp(1, -0x1p-60), 0);
        assertEquals(Math.nextDown(1.0), SafeRounding.addDown(1, -0x1p-60), 0);
        // 1 - 3 2^-55 = 1 - 0.75 2^-53 rounds to nearest to 1 - 2^-53 (below): up is 1, down 1 - 2^-53
        assertEquals(1.0, SafeRounding.addUp(1, -3 * 0x1p-55), 0);
        assertEquals(1 - 0x1p-53, SafeRounding.addDown(1, -3 * 0x1p-55), 0);
        // exact differences are not moved
        assertEquals(0.5, SafeRounding.addUp(1, -0.5), 0);
        assertEquals(0.5, SafeRounding.addDown(1, -0.5), 0);
        assertEquals(0.0, SafeRounding.addUp(3.25, -3.25), 0);
        assertEquals(0.0, SafeRounding.addDown(3.25, -3.25), 0);
        // 1 - gamma lambda rounded down: 0.9 * 0.5 = 0.45 exactly, 1 - 0.45 rounds up to nearest, so one step below
        assertEquals(Math.nextDown(1 - 0.45), FederatedTdSensitivity.discountDown(0.9, 0.5), 0);
        assertEquals(0.5, FederatedTdSensitivity.discountDown(0.5, 1), 0);
        assertEquals(1.0, FederatedTdSensitivity.discountDown(0.9, 0), 0);
        // gamma lambda = 1e-20: 1 - 1e-20 is between the double below 1 and 1
        assertEquals(Math.nextDown(1.0), FederatedTdSensitivity.discountDown(0.5, 2e-20), 0);
        assertEquals(Math.nextDown(1.0), FederatedTdSensitivity.discountDown(0.5, Double.MIN_VALUE), 0);
    }

    /**
     * 1 - gamma lambda rounded down is the TIGHTEST double at most the exact value (so within one ulp of it, also
     * when gamma lambda is close to 1): at most V and its next double above V, for products below, at and above
     * 1/2 (the pairs near 1/2 were found by a search for exact products just above it).
     */
    @Test
    void discountIsTheLargestDoubleBelowTheExactValue() {
        double[][] pairs = {{0.9, 0.5}, {0.9, 0.9}, {0.999999, 0.999999}, {0.95, 0.3}, {0.7, 0.71428571}, {0.1, 0.1},
            {1 - 0x1p-30, 1}, {Math.nextDown(1.0), Math.nextDown(1.0)}, {0.5, 1}, {0.75, 2.0 / 3}, {0.3, 0.7},
            {0.8, 0.7}, {0.6, 0.9}, {0.33, 0.33}, {0.123456789, 0.987654321}, {0.7071067811865476, 0.7071067811865476},
            {1e-9, 0.3}, {Math.nextDown(1.0), 0.5},
            // products in (1/2 + 2^-55, 1/2 + 2^-54], which round to 1/2: then V is in [1/2 - 2^-54, 1/2 - 2^-55),
            // and the answer 1/2 - 2^-54 needs the exact branch for products from 1/2 on (1 - V rounded is inexact)
            {0.7477175435459704, 0.6687017100452178}, {0.5141737382610032, 0.9724339513936662},
            {0.9178825519599348, 0.544732001858365}};
        for (double[] pair : pairs) {
            BigDecimal exactValue = BigDecimal.ONE.subtract(exact(pair[0]).multiply(exact(pair[1])));
            double down = FederatedTdSensitivity.discountDown(pair[0], pair[1]);
            String what = "1 - " + pair[0] + " * " + pair[1];
            assertTrue(exact(down).compareTo(exactValue) <= 0, what + " rounded down is above it: " + down);
            assertTrue(exact(Math.nextUp(down)).compareTo(exactValue) > 0, what + " is not the largest: " + down);
        }
    }
}
