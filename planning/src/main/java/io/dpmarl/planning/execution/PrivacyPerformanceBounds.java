package io.dpmarl.planning.execution;

import io.dpmarl.core.validation.Checks;

/**
 * The lower bounds on the success probability under private communication of Chen et al., "Differential Privacy in
 * Cooperative Multiagent Planning" (Theorem 1 and the tighter Theorem 2 of Appendix A), with the exponent's sign as
 * the proof gives it ({@code -N l}): with {@code q = ((rho_m - 1) e^(-epsilon/k) + 1)^(-N l)} (a lower bound on the
 * probability that every released state is the true one), Theorem 1 is
 * {@code v_pr >= v_tr - sqrt(1 - e^(-C) q)} and Theorem 2 is {@code v_pr >= v_tr - 1 + q}. Releases nothing.
 *
 * <p>Both are computed as the paper states them. Its proof of Theorem 1 brings {@code C} in only by loosening
 * {@code H - H = 0} into {@code sum_i H_i - H = C_pi >= 0} (step 10), so Theorem 1 also holds with {@code C = 0}, and
 * Theorem 2 is at least as tight as either ({@code 1 - q <= sqrt(1 - q)} for q in [0, 1]).
 */
public final class PrivacyPerformanceBounds {
    private PrivacyPerformanceBounds() {
    }

    /** {@code q = ((rho_m - 1) e^(-epsilon/k) + 1)^(-agents * length)}. */
    public static double q(int maxOutDegree, double epsilon, int adjacency, int agents, double length) {
        Checks.atLeast("rho_m", maxOutDegree, 1);
        Checks.positiveOrInfinite("epsilon", epsilon);
        Checks.atLeast("k", adjacency, 1);
        return Math.pow((maxOutDegree - 1) * Math.exp(-epsilon / adjacency) + 1, -agents * length);
    }

    /** Theorem 1: {@code v_tr - sqrt(1 - e^(-C) q)}. */
    public static double theorem1(double truthfulSuccess, double totalCorrelation, int maxOutDegree, double epsilon,
                                  int adjacency, int agents, double length) {
        double q = q(maxOutDegree, epsilon, adjacency, agents, length);
        return truthfulSuccess - Math.sqrt(Math.max(0, 1 - Math.exp(-totalCorrelation) * q));
    }

    /** Theorem 2: {@code v_tr - 1 + q}. */
    public static double theorem2(double truthfulSuccess, int maxOutDegree, double epsilon, int adjacency, int agents,
                                  double length) {
        return truthfulSuccess - 1 + q(maxOutDegree, epsilon, adjacency, agents, length);
    }
}
