package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.validation.Checks;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * Exact one-sided Clopper-Pearson (1934) confidence bounds for a binomial proportion: with {@code k}
 * successes in {@code n} trials, {@code P(p < lower(k, n, alpha)) <= alpha} and
 * {@code P(p > upper(k, n, alpha)) <= alpha}. Beta quantiles from commons-math3 (statistics only, never noise).
 */
public final class ClopperPearson {
    private ClopperPearson() {
    }

    /** The lower bound: the {@code alpha} quantile of Beta(k, n - k + 1), 0 if k = 0. */
    public static double lower(long successes, long trials, double alpha) {
        check(successes, trials, alpha);
        if (successes == 0) {
            return 0;
        }
        return new BetaDistribution(successes, trials - successes + 1.0).inverseCumulativeProbability(alpha);
    }

    /** The upper bound: the {@code 1 - alpha} quantile of Beta(k + 1, n - k), 1 if k = n. */
    public static double upper(long successes, long trials, double alpha) {
        check(successes, trials, alpha);
        if (successes == trials) {
            return 1;
        }
        return new BetaDistribution(successes + 1.0, trials - successes).inverseCumulativeProbability(1 - alpha);
    }

    private static void check(long successes, long trials, double alpha) {
        Checks.atLeast("trials", trials, 1);
        if (successes < 0 || successes > trials) {
            throw new IllegalArgumentException("successes must be in [0, " + trials + "], got " + successes);
        }
        Checks.openUnit("alpha", alpha);
    }
}
