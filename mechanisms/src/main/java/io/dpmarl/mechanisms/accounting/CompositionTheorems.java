package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.validation.Checks;

/**
 * Closed-form composition theorems for (epsilon, delta)-DP mechanisms, used by {@link AdvancedAccountant}.
 * Every method returns a valid (never understated) bound; +inf or 1 where the theorem certifies nothing.
 *
 * <p>Rounding: every step is rounded in the direction that makes the returned epsilon or delta at least the exact
 * value of the theorem's formula at the given (double) arguments: sums, products, quotients and square roots by
 * {@link SafeRounding} and {@link LogMath#sumUp}; {@code log}, {@code log1p}, {@code exp} and {@code expm1} (each
 * within one ulp) moved in the safe direction ({@link LogMath#logUp} and the like), {@code tanh} (within
 * 2.5 ulps) three ulps up, and Euler's number taken as the double above {@code Math.E} (which is below e).
 */
public final class CompositionTheorems {
    /** The double above {@code Math.E}: Euler's number is between the two, so this is an upper bound of it. */
    private static final double E_UP = Math.nextUp(Math.E);

    private CompositionTheorems() {
    }

    /** {@code sqrt(2 squared logTerm)} rounded up, for non-negative arguments. */
    private static double sqrtTwiceProductUp(double squared, double logTerm) {
        return SafeRounding.sqrtUp(SafeRounding.multiplyUp(2 * squared, logTerm));
    }

    /** {@code gap^2 / (2 squared)} rounded down, for positive arguments. */
    private static double exponentDown(double gap, double squared) {
        return SafeRounding.divideDown(SafeRounding.multiplyDown(gap, gap), 2 * squared);
    }

    /**
     * The optimal composition theorem for k-fold homogeneous composition (Kairouz, Oh and Viswanath
     * 2015, Thm. 3.3): k releases of an (epsilon0, delta0)-DP mechanism are
     * {@code ((k - 2i) epsilon0, 1 - (1 - delta0)^k (1 - delta_i))}-DP for every {@code i in 0..floor(k/2)}, with
     * {@code delta_i = sum_{l=0}^{i-1} C(k, l) (e^{(k-l) epsilon0} - e^{(k-2i+l) epsilon0}) / (1 + e^epsilon0)^k}.
     * Returns the total delta for one i, in log space.
     */
    public static double kovDelta(long k, double epsilon0, double delta0, long i) {
        if (i < 0 || i > k / 2) {
            throw new IllegalArgumentException("i must be in [0, " + k / 2 + "], got " + i);
        }
        // log(delta_i) rounded up: each term and the log-sum rounded up, the log-denominator rounded down
        double logSum = Double.NEGATIVE_INFINITY;
        double logBinomial = 0;
        for (long l = 0; l < i; l++) {
            if (l > 0) {
                logBinomial = LogMath.sumUp(logBinomial, LogMath.sumUp(LogMath.logUp((double) (k - l + 1)),
                        0.0 - LogMath.logDown((double) l)));
            }
            // 1 - e^{-2 (i - l) epsilon0} rounded up: the exponent rounded down, expm1 moved down one ulp
            double gap = -SafeRounding.multiplyUp(2.0 * (i - l), epsilon0);
            double logDifference = LogMath.logUp(0.0 - LogMath.expm1Down(gap));
            double term = LogMath.sumUp(LogMath.sumUp(logBinomial, SafeRounding.multiplyUp((double) (k - l), epsilon0)),
                    logDifference);
            logSum = LogMath.logAddUp(logSum, term);
        }
        double logDenominator = SafeRounding.multiplyDown((double) k, LogMath.logAddDown(0.0, epsilon0));
        double deltaI = Math.min(1.0, LogMath.expUp(LogMath.sumUp(logSum, -logDenominator)));
        // log((1 - delta0)^k (1 - delta_i)) rounded down, so that 1 minus its exp is rounded up
        double logKeep = LogMath.sumDown(-SafeRounding.multiplyUp((double) k, 0.0 - LogMath.log1pDown(-delta0)),
                LogMath.log1pDown(-deltaI));
        return Math.min(1.0, 0.0 - LogMath.expm1Down(logKeep));
    }

    /**
     * The smallest epsilon of {@link #kovDelta} within {@code totalDelta}: the largest i whose total delta
     * fits, found by bisection over i (delta_i grows with i); +inf if even i = 0 does not fit.
     */
    public static double kovEpsilon(long k, double epsilon0, double delta0, double totalDelta) {
        if (kovDelta(k, epsilon0, delta0, 0) > totalDelta) {
            return Double.POSITIVE_INFINITY;
        }
        long low = 0;
        long high = k / 2;
        if (kovDelta(k, epsilon0, delta0, high) <= totalDelta) {
            return SafeRounding.multiplyUp((double) (k - 2 * high), epsilon0);
        }
        while (high - low > 1) {
            long middle = low + (high - low) / 2;
            if (kovDelta(k, epsilon0, delta0, middle) <= totalDelta) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return SafeRounding.multiplyUp((double) (k - 2 * low), epsilon0);
    }

    /** The smallest total delta of {@link #kovDelta} at which epsilon is certified; 1 if none. */
    public static double kovDeltaAt(long k, double epsilon0, double delta0, double epsilon) {
        // the smallest i with (k - 2i) epsilon0 <= epsilon: the ratio rounded down and k minus it rounded up, so
        // that i is never too small (a too small i would certify a larger epsilon than the one asked)
        long i = (long) Math.ceil(LogMath.sumUp(k, -SafeRounding.divideDown(epsilon, epsilon0)) / 2);
        i = Math.max(0, i);
        if (i > k / 2) {
            return 1.0;
        }
        return kovDelta(k, epsilon0, delta0, i);
    }

    /**
     * Sums needed by the heterogeneous bounds: {@code sum epsilon_i}, {@code sum epsilon_i^2},
     * {@code sum epsilon_i (e^epsilon_i - 1)} (Dwork-Rothblum-Vadhan drift) and
     * {@code sum epsilon_i (e^epsilon_i - 1) / (e^epsilon_i + 1)} (Kairouz et al. drift), plus
     * {@code sum delta_i} and {@code sum log(1 - delta_i)}. The first five are rounded up, the last (at most 0)
     * down: each is then on the side that makes the bounds computed from it larger.
     */
    public record Sums(double epsilon, double epsilonSquared, double drvDrift, double kairouzDrift, double delta,
                       double logOneMinusDelta) {
        /** These sums plus {@code count} copies of (epsilon0, delta0). */
        public Sums plus(double epsilon0, double delta0, long count) {
            Checks.atLeast("count", count, 0);
            double copies = count;
            double square = SafeRounding.multiplyUp(epsilon0, epsilon0);
            double drvTerm = SafeRounding.multiplyUp(epsilon0, LogMath.expm1Up(epsilon0));
            // Math.tanh is within 2.5 ulps: three ulps up
            double kairouzTerm = SafeRounding.multiplyUp(epsilon0,
                    SafeRounding.inflate(Math.tanh(SafeRounding.divideUp(epsilon0, 2)), 3));
            double logKeep = -SafeRounding.multiplyUp(copies, 0.0 - LogMath.log1pDown(-delta0));
            return new Sums(SafeRounding.addUp(epsilon, SafeRounding.multiplyUp(copies, epsilon0)),
                    SafeRounding.addUp(epsilonSquared, SafeRounding.multiplyUp(copies, square)),
                    SafeRounding.addUp(drvDrift, SafeRounding.multiplyUp(copies, drvTerm)),
                    SafeRounding.addUp(kairouzDrift, SafeRounding.multiplyUp(copies, kairouzTerm)),
                    SafeRounding.addUp(delta, SafeRounding.multiplyUp(copies, delta0)),
                    LogMath.sumDown(logOneMinusDelta, logKeep));
        }

        /** No event. */
        public static Sums empty() {
            return new Sums(0, 0, 0, 0, 0, 0);
        }
    }

    /**
     * Dwork, Rothblum and Vadhan (2010; Dwork and Roth 2014, Thm. 3.20, stated here for heterogeneous
     * epsilons): {@code sqrt(2 ln(1/delta') sum epsilon_i^2) + sum epsilon_i (e^epsilon_i - 1)} at total
     * delta {@code delta' + sum delta_i}, minimised with basic composition.
     */
    public static double drvEpsilon(Sums sums, double totalDelta) {
        double best = totalDelta >= sums.delta() ? sums.epsilon() : Double.POSITIVE_INFINITY;
        double slack = LogMath.sumDown(totalDelta, -sums.delta());
        if (slack > 0) {
            best = Math.min(best, SafeRounding.addUp(sqrtTwiceProductUp(sums.epsilonSquared(),
                    0.0 - LogMath.logDown(slack)), sums.drvDrift()));
        }
        return best;
    }

    /** The converse of {@link #drvEpsilon}: the smallest total delta certified at epsilon. */
    public static double drvDelta(Sums sums, double epsilon) {
        double best = epsilon >= sums.epsilon() ? sums.delta() : 1.0;
        double gap = LogMath.sumDown(epsilon, -sums.drvDrift());
        if (gap > 0 && sums.epsilonSquared() > 0) {
            best = Math.min(best, SafeRounding.addUp(sums.delta(),
                    LogMath.expUp(-exponentDown(gap, sums.epsilonSquared()))));
        }
        return Math.min(1.0, best);
    }

    /**
     * Kairouz, Oh and Viswanath (2015, Thm. 3.5), heterogeneous composition as in diffprivlib's
     * {@code BudgetAccountant}: with slack delta~, epsilon is the minimum of {@code sum epsilon_i},
     * {@code D + sqrt(2 S ln(e + sqrt(S)/delta~))} and {@code D + sqrt(2 S ln(1/delta~))}, where
     * {@code D = sum epsilon_i (e^epsilon_i - 1)/(e^epsilon_i + 1)} and {@code S = sum epsilon_i^2}; the total
     * delta is {@code 1 - (1 - delta~) prod (1 - delta_i)}.
     */
    public static double kairouzEpsilon(Sums sums, double totalDelta) {
        double basicDelta = 0.0 - LogMath.expm1Down(sums.logOneMinusDelta());
        double best = totalDelta >= Math.min(basicDelta, sums.delta()) ? sums.epsilon() : Double.POSITIVE_INFINITY;
        // 1 - totalDelta = (1 - slack) prod(1 - delta_i)  =>  slack = 1 - (1 - totalDelta) / prod(1 - delta_i),
        // rounded down (its log-ratio rounded up)
        double slack = 0.0 - LogMath.expm1Up(LogMath.sumUp(LogMath.log1pUp(-totalDelta), -sums.logOneMinusDelta()));
        if (slack > 0 && sums.epsilonSquared() > 0) {
            double squared = sums.epsilonSquared();
            double ratio = SafeRounding.divideUp(SafeRounding.sqrtUp(squared), slack);
            double first = SafeRounding.addUp(sums.kairouzDrift(),
                    sqrtTwiceProductUp(squared, LogMath.logUp(SafeRounding.addUp(E_UP, ratio))));
            double second = SafeRounding.addUp(sums.kairouzDrift(),
                    sqrtTwiceProductUp(squared, 0.0 - LogMath.logDown(slack)));
            best = Math.min(best, Math.min(first, second));
        }
        return best;
    }

    /** The converse of {@link #kairouzEpsilon}: the smallest total delta certified at epsilon. */
    public static double kairouzDelta(Sums sums, double epsilon) {
        double basicDelta = Math.min(0.0 - LogMath.expm1Down(sums.logOneMinusDelta()), sums.delta());
        double best = epsilon >= sums.epsilon() ? basicDelta : 1.0;
        double gap = LogMath.sumDown(epsilon, -sums.kairouzDrift());
        double squared = sums.epsilonSquared();
        if (gap > 0 && squared > 0) {
            // the exponent rounded down, so that the slack is rounded up
            double exponent = exponentDown(gap, squared);
            double slack = LogMath.expUp(-exponent);
            if (exponent > 1) {
                // ln(e + sqrt(S)/slack) = exponent  =>  slack = sqrt(S) / (e^exponent - e), the denominator rounded
                // down (positive only where it is certainly so)
                double denominator = LogMath.sumDown(LogMath.expDown(exponent), -E_UP);
                if (denominator > 0) {
                    slack = Math.min(slack, SafeRounding.divideUp(SafeRounding.sqrtUp(squared), denominator));
                }
            }
            if (slack < 1) {
                double logKeep = LogMath.sumDown(LogMath.log1pDown(-slack), sums.logOneMinusDelta());
                best = Math.min(best, 0.0 - LogMath.expm1Down(logKeep));
            }
        }
        return Math.min(1.0, best);
    }
}
