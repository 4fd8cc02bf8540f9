package io.dpmarl.mechanisms.accounting.paper003;

import io.dpmarl.core.validation.Checks;

/**
 * The paper-literal privacy formulas of the DP federated TD(lambda) paper (Lemma 8,
 * Theorem 3). <b>Unsound:</b> Lemma 8 is not
 * an upper bound on the log moment of the Gaussian mechanism in general (its proof replaces
 * ln sum C(n,k) exp(x_k) by sum C(n,k) x_k, and the expression is not scale-invariant in (Delta, sigma)); use
 * these only to reproduce the paper and compare with {@link GaussianMomentsBound}.
 *
 * <ul>
 *   <li>Lemma 8: Gamma_M(nu) &lt;= T * S(nu, Delta) / (2 sigma^2), with
 *       S(nu, Delta) = sum_{k=0}^{nu+1} C(nu+1, k)(k^2 + k Delta) = n(n+1) 2^{n-2} + Delta n 2^{n-1}, n = nu + 1.</li>
 *   <li>Theorem 3: sigma^2 &gt;= T S(nu, Delta) / (nu epsilon), under the printed condition
 *       epsilon &lt;= (2/nu) ln(1/delta) (the paper's statement is wrong here: the correct direction is &gt;=).</li>
 *   <li>At that sigma, Gamma_M(nu) = nu epsilon / 2, so the tail bound exp(Gamma - nu epsilon) gives the boundary
 *       delta = exp(-nu epsilon / 2); the reproduction uses nu = 3 and delta = e^{-3 epsilon / 2}.</li>
 * </ul>
 */
public final class Paper003Bound {
    private Paper003Bound() {
    }

    private static int requireOrder(int nu) {
        return Checks.atLeast("nu", nu, 1);
    }

    /** S(nu, Delta) by its closed form n(n+1) 2^{n-2} + Delta n 2^{n-1}, n = nu + 1 (derived here
     * from the printed sum of Lemma 8). */
    public static double s(int nu, double sensitivity) {
        requireOrder(nu);
        Checks.nonNegativeFinite("sensitivity", sensitivity);
        int n = nu + 1;
        return n * (n + 1.0) * Math.pow(2, n - 2) + sensitivity * n * Math.pow(2, n - 1);
    }

    /** S(nu, Delta) by the binomial sum of Lemma 8, sum_{k=0}^{nu+1} C(nu+1, k)(k^2 + k Delta). */
    public static double sBinomialSum(int nu, double sensitivity) {
        requireOrder(nu);
        Checks.nonNegativeFinite("sensitivity", sensitivity);
        int n = nu + 1;
        double binomial = 1;
        double sum = 0;
        for (int k = 0; k <= n; k++) {
            sum += binomial * (k * (double) k + k * sensitivity);
            binomial = binomial * (n - k) / (k + 1);
        }
        return sum;
    }

    /** Lemma 8 (literal): the log-moment bound T S(nu, Delta) / (2 sigma^2) after T rounds. */
    public static double logMomentBound(int nu, double sensitivity, double sigma, long rounds) {
        Checks.positiveFinite("sigma", sigma);
        Checks.atLeast("T", rounds, 1);
        return rounds * s(nu, sensitivity) / (2 * sigma * sigma);
    }

    /** Theorem 3 (literal): sigma^2 = T S(nu, Delta) / (nu epsilon). */
    public static double sigmaSquared(double epsilon, long rounds, double sensitivity, int nu) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.atLeast("T", rounds, 1);
        Checks.positiveFinite("sensitivity", sensitivity);
        return rounds * s(nu, sensitivity) / (nu * epsilon);
    }

    /** Theorem 3 (literal): sigma = sqrt(T S(nu, Delta) / (nu epsilon)). */
    public static double sigma(double epsilon, long rounds, double sensitivity, int nu) {
        return Math.sqrt(sigmaSquared(epsilon, rounds, sensitivity, nu));
    }

    /** Theorem 3 inverted: the epsilon the paper claims for a given sigma, T S(nu, Delta) / (nu sigma^2). */
    public static double claimedEpsilon(long rounds, double sigma, double sensitivity, int nu) {
        Checks.positiveFinite("sigma", sigma);
        Checks.atLeast("T", rounds, 1);
        return rounds * s(nu, sensitivity) / (nu * sigma * sigma);
    }

    /** delta at the boundary of Theorem 3's condition: exp(-nu epsilon / 2). */
    public static double deltaAtBoundary(double epsilon, int nu) {
        Checks.positiveFinite("epsilon", epsilon);
        requireOrder(nu);
        return Math.exp(-nu * epsilon / 2);
    }

    /** The printed condition of Theorem 3: epsilon &lt;= (2/nu) ln(1/delta). */
    public static boolean conditionPrinted(double epsilon, double delta, int nu) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.openUnit("delta", delta);
        requireOrder(nu);
        return epsilon <= 2.0 / nu * Math.log(1 / delta) * (1 + 1e-12);
    }

    /** The corrected condition of Theorem 3 (the paper prints &lt;=): epsilon &gt;= (2/nu) ln(1/delta). */
    public static boolean conditionCorrected(double epsilon, double delta, int nu) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.openUnit("delta", delta);
        requireOrder(nu);
        return epsilon * (1 + 1e-12) >= 2.0 / nu * Math.log(1 / delta);
    }

    /**
     * The smallest integer nu satisfying the corrected condition, which minimises Theorem 3's sigma since
     * S(nu, Delta)/nu increases in nu: nu* = max(1, ceil(2 ln(1/delta) / epsilon)), computed with a relative
     * slack of 1e-12 so that delta = exp(-nu epsilon / 2) maps back to nu.
     */
    public static int smallestAdmissibleNu(double epsilon, double delta) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.openUnit("delta", delta);
        double ratio = 2 * Math.log(1 / delta) / epsilon;
        long nu = (long) Math.ceil(ratio * (1 - 1e-12));
        if (nu > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("delta is too small for epsilon: nu would be " + nu);
        }
        return (int) Math.max(1, nu);
    }
}
