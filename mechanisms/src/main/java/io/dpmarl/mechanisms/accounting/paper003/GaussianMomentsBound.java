package io.dpmarl.mechanisms.accounting.paper003;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;

/**
 * The sound moments (Renyi) bound of T rounds of the Gaussian mechanism without subsampling (Abadi et al.
 * 2016 with q = 1; Mironov 2017): one round has log moment
 * Gamma(nu) = nu (nu + 1) Delta^2 / (2 sigma^2), T rounds add up, and
 * epsilon(delta) = min_{nu} (Gamma_T(nu) + ln(1/delta)) / nu.
 *
 * <p>With rho = T Delta^2 / (2 sigma^2) and L = ln(1/delta): over real nu &gt; 0 the minimum is
 * rho + 2 sqrt(rho L) at nu* = sqrt(L/rho); over integer nu &gt;= 1 it is min_nu rho (nu + 1) + L / nu. The
 * calibration inverts the real-order form: rho = (sqrt(L + epsilon) - sqrt(L))^2, sigma = sqrt(T Delta^2/(2 rho)).
 * This is the classic moments-accountant conversion (valid, slightly looser than the improved conversion of
 * the framework's {@code rdp} accountant). Also Definition 3's classic one-shot calibration.
 */
public final class GaussianMomentsBound {
    private GaussianMomentsBound() {
    }

    private static double rho(long rounds, double sensitivity, double sigma) {
        Checks.atLeast("T", rounds, 1);
        Checks.positiveFinite("sensitivity", sensitivity);
        Checks.positiveFinite("sigma", sigma);
        return SafeRounding.multiplyUp(rounds, SafeRounding.rho(sigma, sensitivity));
    }

    /** The exact log moment after T rounds, T nu (nu + 1) Delta^2 / (2 sigma^2). */
    public static double logMoment(double nu, long rounds, double sensitivity, double sigma) {
        Checks.positiveFinite("nu", nu);
        return nu * (nu + 1) * rho(rounds, sensitivity, sigma);
    }

    /** epsilon(delta) minimised over real orders nu &gt; 0: rho + 2 sqrt(rho ln(1/delta)). */
    public static double epsilonRealOrder(double delta, long rounds, double sensitivity, double sigma) {
        Checks.openUnit("delta", delta);
        double rho = rho(rounds, sensitivity, sigma);
        return rho + 2 * Math.sqrt(rho * Math.log(1 / delta));
    }

    /**
     * epsilon(delta) minimised over integer orders nu &gt;= 1: min rho (nu + 1) + ln(1/delta) / nu, attained at one
     * of the two integers around the real optimum {@code sqrt(L / rho)} (the objective is convex in nu). The two
     * orders are doubles, not longs: for a real optimum above 2^63 (rho below about {@code L / 2^126}, a tiny epsilon
     * or a huge sigma) a long saturated and gave +inf (and {@link #sigmaForIntegerOrder} doubled sigma to overflow);
     * above 2^53 the two orders round to the same double, a relative change of the order near 2^-53.
     */
    public static double epsilonIntegerOrder(double delta, long rounds, double sensitivity, double sigma) {
        Checks.openUnit("delta", delta);
        double rho = rho(rounds, sensitivity, sigma);
        double log = Math.log(1 / delta);
        double low = Math.max(1, Math.floor(Math.sqrt(log / rho)));
        double high = low + 1;
        return Math.min(rho * (low + 1) + log / low, rho * (high + 1) + log / high);
    }

    /** delta(epsilon) over real orders nu &gt; 0: min_nu exp(Gamma_T(nu) - nu epsilon), 1 if epsilon &lt;= rho. */
    public static double deltaRealOrder(double epsilon, long rounds, double sensitivity, double sigma) {
        Checks.positiveFinite("epsilon", epsilon);
        double rho = rho(rounds, sensitivity, sigma);
        if (epsilon <= rho) {
            return 1.0;
        }
        // min over nu of nu(nu+1) rho - nu epsilon is at nu = (epsilon - rho) / (2 rho)
        double nu = (epsilon - rho) / (2 * rho);
        return Math.min(1.0, Math.exp(nu * (nu + 1) * rho - nu * epsilon));
    }

    /**
     * The sound calibration: sigma with epsilonRealOrder(delta, T, Delta, sigma) = epsilon, rounded up (never less
     * noise than the real-number formula), for every positive finite epsilon and sensitivity, delta in (0, 1) and
     * T &gt;= 1; +inf only where sigma is above about 2^997 (far above the samplers' largest sigma, 2^991).
     *
     * <p>When every intermediate value of {@code sqrt(T Delta^2 / (2 rho))} (rho, {@code T Delta^2} and the
     * quotient) is a normal finite double, each operation is within one ulp and the square root is moved up by 16
     * ulps, as in earlier releases bit for bit. Elsewhere that form overflowed or underflowed: {@code T Delta^2}
     * overflows for Delta at least about 2^512 / sqrt(T) and rho underflows for epsilon below about 2^-510 (both gave
     * +inf, a false refusal of a calibration that exists: Delta = 2^600 needs sigma of about 3 2^600), {@code 1 /
     * delta} overflows for delta below 2^-1024 (+inf), and {@code 2 rho} overflows for epsilon above about 2^1022
     * (sigma 0, moved up to 16 2^-1074: far too little noise); a subnormal {@code T Delta^2} or rho had lost its
     * precision (Delta = (1 + 2^-20) 2^-530, epsilon = 2^-30 gave a sigma 9.5e-7 relative too small). Then it is
     * {@link #scaledSigma}.
     */
    public static double sigmaFor(double epsilon, double delta, long rounds, double sensitivity) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.openUnit("delta", delta);
        Checks.atLeast("T", rounds, 1);
        Checks.positiveFinite("sensitivity", sensitivity);
        double log = Math.log(1 / delta);
        // sqrt(log + eps) - sqrt(log), without cancellation
        double root = epsilon / (Math.sqrt(log + epsilon) + Math.sqrt(log));
        double rho = root * root;
        double variance = rounds * sensitivity * sensitivity / (2 * rho);
        // an infinite log gives rho = 0, an infinite rho or numerator a variance of 0, +inf or NaN: all refused here
        if (rho >= Double.MIN_NORMAL && rounds * sensitivity * sensitivity >= Double.MIN_NORMAL
                && variance >= Double.MIN_NORMAL && variance < Double.POSITIVE_INFINITY) {
            // about ten operations each within one ulp: moved up by 16 ulps so sigma is never too small
            return SafeRounding.inflate(Math.sqrt(variance), 16);
        }
        return scaledSigma(epsilon, delta, rounds, sensitivity);
    }

    /**
     * {@code sigma = Delta sqrt(T / 2) (sqrt(L + epsilon) + sqrt(L)) / epsilon} with {@code L = ln(1/delta)} (the
     * same sigma: {@code 1 / (sqrt(L + epsilon) - sqrt(L)) = (sqrt(L + epsilon) + sqrt(L)) / epsilon}), with every
     * step rounded up ({@link SafeRounding}; sums, {@code -log(delta)} and T moved up one ulp),
     * and {@code sqrt(L + epsilon)} as {@code 2 sqrt(L/4 + epsilon/4)} so that no sum overflows. The factor {@code
     * sqrt(T / 2) (...)} is at least {@code sqrt(L / 2) >= 2^-27} ({@code L >= 2^-53}); only the quotient {@code
     * Delta / epsilon} can overflow, and then sigma is above {@code 2^-27 Double.MAX_VALUE}, about 2^997: +inf.
     */
    private static double scaledSigma(double epsilon, double delta, long rounds, double sensitivity) {
        double log = Math.nextUp(-Math.log(delta));
        double quarterSum = Math.nextUp(log / 4 + SafeRounding.divideUp(epsilon, 4));
        double sum = Math.nextUp(2 * SafeRounding.sqrtUp(quarterSum) + SafeRounding.sqrtUp(log));
        double roundsUp = Math.nextUp((double) rounds); // at least T: the conversion rounds to nearest above 2^53
        double factor = SafeRounding.multiplyUp(SafeRounding.sqrtUp(roundsUp / 2), sum);
        return SafeRounding.multiplyUp(factor, SafeRounding.divideUp(sensitivity, epsilon));
    }

    /** The sound calibration over integer orders (what Abadi's accountant uses), by bisection on sigma. */
    public static double sigmaForIntegerOrder(double epsilon, double delta, long rounds, double sensitivity) {
        double low = sigmaFor(epsilon, delta, rounds, sensitivity);
        double high = low * 2;
        while (epsilonIntegerOrder(delta, rounds, sensitivity, high) > epsilon) {
            high *= 2;
        }
        for (int iteration = 0; iteration < 200; iteration++) {
            double middle = 0.5 * (low + high);
            if (epsilonIntegerOrder(delta, rounds, sensitivity, middle) > epsilon) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return high;
    }

    /**
     * The classic one-shot Gaussian mechanism (Dwork-Roth Theorem A.1, Definition 3 of the DP federated TD(lambda)
     * paper): sigma = sqrt(2 ln(1.25/delta)) Delta / epsilon, valid only for 0 &lt; epsilon &lt; 1.
     */
    public static double classicSigma(double epsilon, double delta, double sensitivity) {
        Checks.positiveFinite("epsilon", epsilon);
        if (epsilon >= 1) {
            throw new IllegalArgumentException("epsilon must be in (0, 1) for the classic Gaussian mechanism, got "
                    + epsilon);
        }
        Checks.openUnit("delta", delta);
        Checks.positiveFinite("sensitivity", sensitivity);
        return SafeRounding.inflate(Math.sqrt(2 * Math.log(1.25 / delta)) * sensitivity / epsilon, 8);
    }
}
