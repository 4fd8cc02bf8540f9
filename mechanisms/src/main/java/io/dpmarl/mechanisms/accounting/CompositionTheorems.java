package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.validation.Checks;

/**
 * Closed-form composition theorems for (epsilon, delta)-DP mechanisms, used by {@link AdvancedAccountant}.
 * Every method returns a valid (never understated) bound; +inf or 1 where the theorem certifies nothing.
 */
public final class CompositionTheorems {
    private CompositionTheorems() {
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
        double logSum = Double.NEGATIVE_INFINITY;
        double logBinomial = 0;
        for (long l = 0; l < i; l++) {
            if (l > 0) {
                logBinomial += Math.log((double) (k - l + 1)) - Math.log((double) l);
            }
            double term = logBinomial + (k - l) * epsilon0 + Math.log(-Math.expm1((2.0 * l - 2.0 * i) * epsilon0));
            logSum = LogMath.logAdd(logSum, term);
        }
        double logDeltaI = logSum - k * LogMath.logAdd(0.0, epsilon0);
        double deltaI = Math.min(1.0, Math.exp(logDeltaI));
        double logKeep = k * Math.log1p(-delta0) + Math.log1p(-deltaI);
        return Math.min(1.0, -Math.expm1(logKeep));
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
            return (k - 2 * high) * epsilon0;
        }
        while (high - low > 1) {
            long middle = low + (high - low) / 2;
            if (kovDelta(k, epsilon0, delta0, middle) <= totalDelta) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (k - 2 * low) * epsilon0;
    }

    /** The smallest total delta of {@link #kovDelta} at which epsilon is certified; 1 if none. */
    public static double kovDeltaAt(long k, double epsilon0, double delta0, double epsilon) {
        long i = (long) Math.ceil((k - epsilon / epsilon0) / 2);
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
     * {@code sum delta_i} and {@code sum log(1 - delta_i)}.
     */
    public record Sums(double epsilon, double epsilonSquared, double drvDrift, double kairouzDrift, double delta,
                       double logOneMinusDelta) {
        /** These sums plus {@code count} copies of (epsilon0, delta0). */
        public Sums plus(double epsilon0, double delta0, long count) {
            Checks.atLeast("count", count, 0);
            return new Sums(epsilon + count * epsilon0, epsilonSquared + count * epsilon0 * epsilon0,
                    drvDrift + count * epsilon0 * Math.expm1(epsilon0),
                    kairouzDrift + count * epsilon0 * Math.tanh(epsilon0 / 2),
                    delta + count * delta0, logOneMinusDelta + count * Math.log1p(-delta0));
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
        double slack = totalDelta - sums.delta();
        if (slack > 0) {
            best = Math.min(best, Math.sqrt(2 * sums.epsilonSquared() * Math.log(1 / slack)) + sums.drvDrift());
        }
        return best;
    }

    /** The converse of {@link #drvEpsilon}: the smallest total delta certified at epsilon. */
    public static double drvDelta(Sums sums, double epsilon) {
        double best = epsilon >= sums.epsilon() ? sums.delta() : 1.0;
        double gap = epsilon - sums.drvDrift();
        if (gap > 0 && sums.epsilonSquared() > 0) {
            best = Math.min(best, sums.delta() + Math.exp(-gap * gap / (2 * sums.epsilonSquared())));
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
        double basicDelta = -Math.expm1(sums.logOneMinusDelta());
        double best = totalDelta >= Math.min(basicDelta, sums.delta()) ? sums.epsilon() : Double.POSITIVE_INFINITY;
        // 1 - totalDelta = (1 - slack) prod(1 - delta_i)  =>  slack = 1 - (1 - totalDelta) / prod(1 - delta_i)
        double slack = -Math.expm1(Math.log1p(-totalDelta) - sums.logOneMinusDelta());
        if (slack > 0 && sums.epsilonSquared() > 0) {
            double squared = sums.epsilonSquared();
            double first = sums.kairouzDrift() + Math.sqrt(2 * squared * Math.log(Math.E + Math.sqrt(squared) / slack));
            double second = sums.kairouzDrift() + Math.sqrt(2 * squared * Math.log(1 / slack));
            best = Math.min(best, Math.min(first, second));
        }
        return best;
    }

    /** The converse of {@link #kairouzEpsilon}: the smallest total delta certified at epsilon. */
    public static double kairouzDelta(Sums sums, double epsilon) {
        double basicDelta = Math.min(-Math.expm1(sums.logOneMinusDelta()), sums.delta());
        double best = epsilon >= sums.epsilon() ? basicDelta : 1.0;
        double gap = epsilon - sums.kairouzDrift();
        double squared = sums.epsilonSquared();
        if (gap > 0 && squared > 0) {
            double exponent = gap * gap / (2 * squared);
            double slack = Math.exp(-exponent);
            if (exponent > 1) {
                // ln(e + sqrt(S)/slack) = exponent  =>  slack = sqrt(S) / (e^exponent - e)
                slack = Math.min(slack, Math.sqrt(squared) / (Math.exp(exponent) - Math.E));
            }
            if (slack < 1) {
                double total = -Math.expm1(Math.log1p(-slack) + sums.logOneMinusDelta());
                best = Math.min(best, total);
            }
        }
        return Math.min(1.0, best);
    }
}
