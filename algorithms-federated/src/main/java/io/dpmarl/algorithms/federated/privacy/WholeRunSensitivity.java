package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.model.FederatedFeatures;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;

/**
 * The sensitivity of the WHOLE released downlink sequence of DP federated TD(lambda) (the paper's Algorithm 2) to a
 * change of one agent's cost at one time (the event-level relation of Lemma 7), for a public step-size schedule.
 * This is the sound replacement for the paper's "Delta_M per round" argument, which ignores that a
 * changed cost also perturbs later rounds through the worker's own theta^i (derived here).
 *
 * <p><b>Derivation.</b> Let the cost r_t^i of agent i at round t change to r', and compare the two runs given the
 * same past broadcasts (the adaptive-composition coupling: each broadcast is Gaussian or Laplace noise around a
 * mean that depends on the data and the previous broadcasts). Before round t nothing differs. Worker i's
 * parameter then differs by delta_{t+1} = alpha_t (r - r') z_t, and every later local step
 * theta_{s+1}^i = broadcast_s + alpha_s ((gamma phi(s_{s+1}) - phi(s_s))^T theta_s^i + r_s^i) z_s carries the
 * difference on, because the TD error uses the worker's own theta_s^i:
 * delta_{s+1} = alpha_s z_s d_s^T delta_s with d_s = gamma phi(s_{s+1}) - phi(s_s). The other workers do not differ
 * (same broadcasts, same costs). The mean of the release of round s, sum_j c^j theta_s^j, therefore differs by
 * c^i delta_s. With ||phi|| &lt;= 1, |r| &lt;= R and c^i &lt;= 1: ||z|| &lt;= 1/(1 - gamma lambda),
 * ||d|| &lt;= 1 + gamma, so
 * <pre>
 *   ||change of release s|| &lt;= a_{t,s},   a_{t,t+1} = alpha_t Delta_M,   a_{t,s+1} = kappa alpha_s a_{t,s},
 *   Delta_M = 2R / (1 - gamma lambda),     kappa = (1 + gamma) / (1 - gamma lambda).
 * </pre>
 * The bound depends only on public quantities (schedule, gamma, lambda, R), not on the broadcasts, so the
 * composition of the rounds is that of ONE mechanism on the concatenated releases: for Gaussian noise of standard
 * deviation sigma the privacy loss is exactly that of a Gaussian mechanism with l2 sensitivity
 * sqrt(sum_s a_{t,s}^2), maximised over the change time t; for Laplace noise of scale b, with
 * ||v||_1 &lt;= sqrt(K) ||v||_2 (the change is along z), the pure epsilon is sqrt(K) sum_s a_{t,s} / b. The worst
 * change time of a NON-INCREASING schedule is t = 0: the j-th term of the sequence of t + 1 is the j-th term of
 * the sequence of t times alpha_{t+j+1} / alpha_t &lt;= 1, and the sequence of t has one more term. For other
 * schedules the maximum over t is computed exactly (O(T^2), T at most {@value #MAX_GENERAL_ROUNDS}).
 *
 * <p>Example (our default setting gamma = 0.9, lambda = 0.5, R = 0.5): kappa = 3.4545; with alpha_t = (t+1)^-0.65
 * the change of one later release reaches 6.83 Delta_M and sum_s a_{0,s}^2 = 266.53 Delta_M^2 (already for
 * T = 100), so the paper's T-fold composition of "Delta_M per round" (T Delta_M^2) understates the run for
 * T &lt;= 266; with alpha = 0.02 the sum is 4.02e-4 Delta_M^2.
 *
 * <p>The per-release charges ({@link #l2Charges}, {@link #l1Charges}) split the whole-run bound over the releases
 * so that every PREFIX of n releases is charged at least its own whole-prefix bound: charge n is the growth of
 * P(n) = max_t sum_{s &lt; n} (w a_{t,s} + e)^p from n to n + 1 (p = 2 Gaussian, p = 1 Laplace; w = 1 or sqrt(K);
 * e = the grid excess of the float-safe sampler, added to every release after the change), and never less than
 * e, so the ledger is a true bound after every round and at least the whole-run bound after T rounds.
 *
 * <p><b>Directed rounding.</b> Every figure above is a real-number formula of the double inputs (the step sizes
 * alpha_s, gamma, lambda, R, the excess e and K), and every value returned here is a double at least that real
 * number (never a few ulps below it, as round-to-nearest can be), using {@link SafeRounding}'s upward operations,
 * which are monotone in their non-negative arguments. 1 - gamma lambda is rounded DOWN, to the largest double at
 * most it ({@link FederatedTdSensitivity#paper}; positive, since the exact value is), so Delta_M = 2R / (1 - gamma
 * lambda) and kappa = (1 + gamma) / (1 - gamma lambda) (1 + gamma rounded up) are quotients rounded up of a
 * numerator at least and a denominator at most the exact ones. By induction over s each computed a_{t,s} is at
 * least the exact one (a product rounded up of factors that are at least the exact ones); then the terms w a + e,
 * their squares, the running sums, the square roots and sqrt(K) are rounded up, so the computed prefix bounds U(n)
 * are at least P(n) for every n, and l2 and the l1 figure are at least their formulas. The charges:
 * <ul>
 *   <li>non-increasing schedule: charge 0 is e and charge s &gt;= 1 is the computed term w a_{0,s} + e &gt;= the
 *       exact one, so every prefix of charges has (in real numbers) sum of p-th powers at least the exact
 *       sum_{s &lt; n} (w a_{0,s} + e)^p, which is P(n) (t = 0 dominates, class derivation);</li>
 *   <li>otherwise charge n is (the p-th root, rounded up, of) the difference U(n + 1) - U(n) ROUNDED UP, so its
 *       p-th power is at least the exact difference of the two computed doubles, and the sum of the first n
 *       p-th powers is at least the telescoping sum U(n) - U(0) = U(n) &gt;= P(n): both prefixes are upper bounds,
 *       and a difference rounded to nearest (which can be short) is never used.</li>
 * </ul>
 * The totals ({@link #totalL2}, {@link #totalL1}) add the squares (or the charges) rounded up and take the square
 * root rounded up, so the ledger is charged at least the real total of the charges. Each value moves by at most a
 * few ulps per operation from the round-to-nearest one (relative about T 2^-53 in all).
 */
public final class WholeRunSensitivity {
    /** The largest horizon for which a schedule that is not non-increasing is maximised over t exactly. */
    public static final int MAX_GENERAL_ROUNDS = 10_000;
    /** The largest horizon accepted at all (the schedule's values are stored). */
    public static final long MAX_ROUNDS = 10_000_000L;

    private final double perRelease;
    private final double growth;
    private final double[] alphas;
    private final boolean nonIncreasing;
    private final String scheduleLabel;
    private final double l2;
    private final double l1Factor;
    private final double maxReleaseChange;

    private WholeRunSensitivity(double perRelease, double growth, double[] alphas, String scheduleLabel) {
        this.perRelease = perRelease;
        this.growth = growth;
        this.alphas = alphas;
        this.scheduleLabel = scheduleLabel;
        boolean monotone = true;
        for (int s = 1; s < alphas.length; s++) {
            monotone &= alphas[s] <= alphas[s - 1];
        }
        this.nonIncreasing = monotone;
        if (!monotone && alphas.length > MAX_GENERAL_ROUNDS) {
            throw new IllegalArgumentException("rounds must be in [1, " + MAX_GENERAL_ROUNDS + "] for a step-size"
                    + " schedule that is not non-increasing (" + scheduleLabel + "), got " + alphas.length);
        }
        double[] squares = prefix(2, 1, 0);
        double[] sums = prefix(1, 1, 0);
        this.l2 = SafeRounding.sqrtUp(squares[alphas.length]);
        this.l1Factor = sums[alphas.length];
        double largest = 0;
        for (int t = 0; t + 1 < alphas.length && (nonIncreasing ? t == 0 : true); t++) {
            double bound = SafeRounding.multiplyUp(perRelease, alphas[t]);
            for (int s = t + 1; s < alphas.length; s++) {
                largest = Math.max(largest, bound);
                bound = nextInfluence(bound, alphas[s]);
            }
        }
        this.maxReleaseChange = largest;
        if (!Double.isFinite(l1Factor)) {
            throw new IllegalArgumentException("the whole-run sensitivity of " + scheduleLabel + " over T = "
                    + alphas.length + " rounds is not finite in doubles: the l1 sum max_t sum_s a_{t,s} is above"
                    + " Double.MAX_VALUE = " + Double.MAX_VALUE + " (a_{t,t+1} = alpha_t Delta_M with Delta_M = 2R/(1 -"
                    + " gamma lambda) = " + perRelease + ", and each later a is the one before times kappa"
                    + " alpha_s, kappa = " + growth + ", largest kappa alpha_s = " + largestGrowthStep(growth, alphas)
                    + "); lower"
                    + " the cost bound R, the step sizes or the rounds");
        }
        if (!Double.isFinite(l2)) {
            throw new IllegalArgumentException("the whole-run l2 sensitivity of " + scheduleLabel + " over T = "
                    + alphas.length + " rounds is at least about 2^512 = " + 0x1p512 + ": its sum of squares"
                    + " max_t sum_s a_{t,s}^2 overflows Double.MAX_VALUE (largest change of one release " + largest
                    + ", Delta_M = 2R/(1 - gamma lambda) = " + perRelease + ", kappa = " + growth + "); the whole-run"
                    + " l2 sensitivity must be below about 2^512 (l1 sum here " + l1Factor + "): lower the cost bound"
                    + " R, the step sizes or the rounds");
        }
    }

    /** max_s kappa alpha_s: the largest factor by which the influence of one cost grows in one round. */
    private static double largestGrowthStep(double growth, double[] alphas) {
        double largest = 0;
        for (double alpha : alphas) {
            largest = Math.max(largest, growth * alpha);
        }
        return largest;
    }

    /**
     * The whole-run sensitivity of a run of {@code rounds} rounds.
     *
     * @param costBound  the public bound R on every instantaneous cost, in (0, inf)
     * @param parameters gamma, lambda and the step sizes of the run
     * @param rounds     T, the number of releases, in [1, {@value #MAX_ROUNDS}]
     * @throws IllegalArgumentException for rounds out of range, a schedule that is not non-increasing over more than
     *     {@value #MAX_GENERAL_ROUNDS} rounds, an l1 sum above {@code Double.MAX_VALUE}, or a whole-run l2
     *     sensitivity of about 2^512 or more (its sum of squares overflows), each naming the values
     */
    public static WholeRunSensitivity of(double costBound, TdParameters parameters, long rounds) {
        double perRelease = FederatedTdSensitivity.paper(costBound, parameters.gamma(), parameters.lambda());
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new IllegalArgumentException("rounds must be in [1, " + MAX_ROUNDS + "], got " + rounds);
        }
        double[] alphas = new double[(int) rounds];
        for (int s = 0; s < alphas.length; s++) {
            alphas[s] = parameters.alpha(s);
        }
        double gamma = parameters.gamma();
        double growth = SafeRounding.divideUp(SafeRounding.addUp(1, gamma),
                FederatedTdSensitivity.discountDown(gamma, parameters.lambda()));
        return new WholeRunSensitivity(perRelease, growth, alphas, parameters.stepSizes().label());
    }

    /** The whole-run sensitivity for gamma, lambda and a schedule (default trace initialisation). */
    public static WholeRunSensitivity of(double costBound, double gamma, double lambda, StepSizeSchedule schedule,
                                         long rounds) {
        return of(costBound, TdParameters.of(gamma, lambda, schedule), rounds);
    }

    /**
     * Refuses features with a row of norm above 1: the derivation bounds ||z|| by 1/(1 - gamma lambda) and
     * ||d|| by 1 + gamma from max_s ||phi(s)||_2 &lt;= 1, so larger rows void the bound (for example raw U[0, 1]
     * features of dimension 40 have row norms near 4). The check is exact for the doubles actually used: it tests
     * {@link FederatedFeatures#maxRowNormUp}, an upper bound of every row's exact norm (itself, not an
     * implementation's {@code maxRowNorm} override), so a row of exact norm {@code 1 + 2^-53}, which a norm summed in
     * round-to-nearest can state as 1, is refused; the number quoted is that upper bound.
     *
     * @throws IllegalArgumentException naming the largest row norm (rounded up) and the accepted range
     */
    public static void requireBoundedFeatures(FederatedFeatures features) {
        double norm = FederatedFeatures.maxRowNormUp(features);
        if (!(norm <= 1.0)) {
            throw new IllegalArgumentException("features must have max_s ||phi(s)||_2 in [0, 1] for the whole-run"
                    + " sensitivity of the private broadcast (scale them, e.g. federated-cost-chain(scaling=unit)),"
                    + " got " + norm);
        }
    }

    /** Delta_M = 2R/(1 - gamma lambda), rounded up: the paper's per-round sensitivity (Lemma 7 without alpha_t). */
    public double perRelease() {
        return perRelease;
    }

    /**
     * kappa = (1 + gamma)/(1 - gamma lambda), rounded up (the denominator rounded down): the largest growth of the
     * influence per round, per unit step.
     */
    public double growth() {
        return growth;
    }

    /** T. */
    public long rounds() {
        return alphas.length;
    }

    /** The label of the step-size schedule. */
    public String scheduleLabel() {
        return scheduleLabel;
    }

    /** Whether alpha_0 &gt;= alpha_1 &gt;= ... over the T rounds (then the worst change time is t = 0). */
    public boolean nonIncreasing() {
        return nonIncreasing;
    }

    /** The whole-run l2 sensitivity sqrt(max_t sum_s a_{t,s}^2), rounded up (before the sampler's grid excess). */
    public double l2() {
        return l2;
    }

    /** The whole-run l1 sensitivity sqrt(K) max_t sum_s a_{t,s} in dimension K, rounded up (before the excess). */
    public double l1(int dimension) {
        Checks.atLeast("K", dimension, 1);
        return SafeRounding.multiplyUp(SafeRounding.sqrtUp(dimension), l1Factor);
    }

    /** The largest bound on the change of one single release, max_{t,s} a_{t,s} (rounded up). */
    public double maxReleaseChange() {
        return maxReleaseChange;
    }

    /**
     * The l2 sensitivity to charge for each of the T releases of a Gaussian mechanism whose float-safe sampler
     * adds at most {@code excess} (sqrt(K) r) to the distance between neighbouring inputs; every prefix of n
     * releases has sum of squared charges &gt;= P(n) (see the class documentation), every charge is &gt;= excess.
     */
    public double[] l2Charges(double excess) {
        Checks.positiveFinite("excess", excess);
        return charges(2, 1, excess);
    }

    /** As {@link #l2Charges} for Laplace noise: l1 charges, w = sqrt(K), excess = K r. */
    public double[] l1Charges(int dimension, double excess) {
        Checks.atLeast("K", dimension, 1);
        Checks.positiveFinite("excess", excess);
        return charges(1, SafeRounding.sqrtUp(dimension), excess);
    }

    private double[] charges(int power, double weight, double excess) {
        int rounds = alphas.length;
        double[] charges = new double[rounds];
        if (nonIncreasing) {
            charges[0] = excess;
            double bound = SafeRounding.multiplyUp(perRelease, alphas[0]);
            for (int s = 1; s < rounds; s++) {
                charges[s] = term(weight, bound, excess);
                bound = nextInfluence(bound, alphas[s]);
            }
            return charges;
        }
        double[] prefix = prefix(power, weight, excess);
        for (int n = 0; n < rounds; n++) {
            double increment = SafeRounding.addUp(prefix[n + 1], -prefix[n]);
            charges[n] = Math.max(power == 2 ? SafeRounding.sqrtUp(increment) : increment, excess);
        }
        return charges;
    }

    /** a_{t,s+1} = kappa alpha_s a_{t,s} rounded up from the (upper bounds) a_{t,s} and kappa. */
    private double nextInfluence(double bound, double alpha) {
        return SafeRounding.multiplyUp(bound, SafeRounding.multiplyUp(growth, alpha));
    }

    /** w a + e rounded up. */
    private static double term(double weight, double bound, double excess) {
        return SafeRounding.addUp(SafeRounding.multiplyUp(weight, bound), excess);
    }

    /**
     * U(n), n = 0..T: an upper bound (every operation rounded up) of P(n), the worst total over change times of
     * sum_{s &lt; n} (w a_{t,s} + e)^p; non-decreasing in n, U(0) = 0.
     */
    private double[] prefix(int power, double weight, double excess) {
        int rounds = alphas.length;
        double[] prefix = new double[rounds + 1];
        int lastChangeTime = nonIncreasing ? Math.min(0, rounds - 2) : rounds - 2;
        for (int t = 0; t <= lastChangeTime; t++) {
            double bound = SafeRounding.multiplyUp(perRelease, alphas[t]);
            double running = 0;
            for (int s = t + 1; s < rounds; s++) {
                double term = term(weight, bound, excess);
                running = SafeRounding.addUp(running, power == 2 ? SafeRounding.multiplyUp(term, term) : term);
                prefix[s + 1] = Math.max(prefix[s + 1], running);
                bound = nextInfluence(bound, alphas[s]);
            }
        }
        for (int n = 1; n <= rounds; n++) {
            prefix[n] = Math.max(prefix[n], prefix[n - 1]);
        }
        return prefix;
    }

    /**
     * sqrt(sum of squares) of l2 charges, rounded up (each square, each addition and the root): the whole-run l2
     * sensitivity the ledger is charged in total, at least the exact root of the exact sum of squares.
     */
    public static double totalL2(double[] charges) {
        double sum = 0;
        for (double charge : charges) {
            sum = SafeRounding.addUp(sum, SafeRounding.multiplyUp(charge, charge));
        }
        return SafeRounding.sqrtUp(sum);
    }

    /**
     * The sum of l1 charges, rounded up at each addition: the whole-run l1 sensitivity the ledger is charged in
     * total, at least the exact sum.
     */
    public static double totalL1(double[] charges) {
        double sum = 0;
        for (double charge : charges) {
            sum = SafeRounding.addUp(sum, charge);
        }
        return sum;
    }

    @Override
    public String toString() {
        return "whole-run sensitivity(" + scheduleLabel + ", T=" + alphas.length + ", Delta_M=" + perRelease
                + ", kappa=" + growth + ", l2=" + l2 + ")";
    }
}
