package io.dpmarl.algorithms.tabular.nashvi;

/**
 * The optimistic and pessimistic Q-updates of DP-Nash-VI (Algorithm 1, lines 8-11, Bernstein-type private
 * bonus eq. 21) for one {@code (h,s,a,b)}:
 * <pre>
 *   gamma = (C1/H) P~(Vup - Vlo)
 *   Gamma = C2 sqrt(Var_P~((Vup + Vlo)/2) iota / N~) + C2 H S E iota / N~ + C2 H^2 S iota / N~
 *   Qup   = min(r + P~ Vup + gamma + Gamma, cap),   Qlo = max(r + P~ Vlo - gamma - Gamma, 0)
 * </pre>
 * with the variance clamped at 0. Our guard (the paper's initialisation {@code N~^1 = 0} would divide
 * 0/0 in eq. (1)) applies when {@code N~ <= 0}:
 * {@code Qup = cap, Qlo = 0}.
 */
public final class Bonus {
    private Bonus() {
    }

    /** Constants of one evaluation. */
    public record Constants(double c1, double c2, double iota, double width, int horizon, int numStates) {
    }

    /**
     * Computes {@code (Qup, Qlo)} into {@code out[0], out[1]}.
     *
     * @param transitionCounts {@code N~(s,a,b,.)} starting at {@code offset}, length S
     * @param pairCount        {@code N~(s,a,b)}
     * @param upperNext        {@code Vup_{h+1}}
     * @param lowerNext        {@code Vlo_{h+1}}
     * @param reward           {@code r_h(s,a,b)}
     * @param cap              the truncation of Qup ({@code H}, or {@code H-h+1} if selected)
     */
    public static void evaluate(double[] transitionCounts, int offset, double pairCount, double[] upperNext,
                                double[] lowerNext, double reward, double cap, Constants constants, double[] out) {
        if (!(pairCount > 0)) {
            out[0] = cap;
            out[1] = 0.0;
            return;
        }
        int size = constants.numStates();
        double inverse = 1.0 / pairCount;
        double expectedUpper = 0;
        double expectedLower = 0;
        double meanMid = 0;
        double meanMidSquared = 0;
        for (int next = 0; next < size; next++) {
            double p = transitionCounts[offset + next] * inverse;
            double up = upperNext[next];
            double lo = lowerNext[next];
            double mid = 0.5 * (up + lo);
            expectedUpper += p * up;
            expectedLower += p * lo;
            meanMid += p * mid;
            meanMidSquared += p * mid * mid;
        }
        double variance = Math.max(0.0, meanMidSquared - meanMid * meanMid);
        double iota = constants.iota();
        double h = constants.horizon();
        double gamma = constants.c1() / h * (expectedUpper - expectedLower);
        double bigGamma = constants.c2() * Math.sqrt(variance * iota * inverse)
                + constants.c2() * h * size * constants.width() * iota * inverse
                + constants.c2() * h * h * size * iota * inverse;
        out[0] = Math.min(reward + expectedUpper + gamma + bigGamma, cap);
        out[1] = Math.max(reward + expectedLower - gamma - bigGamma, 0.0);
    }
}
