package io.dpmarl.algorithms.federated.theory;

import io.dpmarl.core.validation.Checks;
import org.apache.commons.math3.special.Erf;

/**
 * Constants and bounds of the DP federated TD(lambda) paper (Theorem 2, Lemmas 1-2 and
 * Theorem 4) for N agents, K features, cost bound R,
 * discount gamma, trace decay lambda and minimum weight c_min:
 * <pre>
 *   e_1   = 1 + (g/(1 - gamma lambda))^2 + 2R sqrt(NK)/(1 - gamma lambda)
 *   e_2   = g/(1 - gamma lambda)^2 (g + 2R sqrt(NK))
 *   beta  = 1 - c_min^2/2 + alpha^2 e_2 + alpha e_1                (beta &lt; 1 iff alpha &lt; Psi_1)
 *   Psi_1 = (sqrt(e_1^2 + 2 c_min^2 e_2) - e_1) / (2 e_2)
 *   Psi_2 = 4 alpha^2 K N (R/(1 - gamma lambda))^2
 *           + 2 alpha R sqrt(NK)/(1 - gamma lambda) (1 + alpha g/(1 - gamma lambda))
 *   Psi_3 = 62 sigma_max (1 + R/(1 - gamma lambda))
 *   Psi_4 = 55 sigma_max (1 + R/(1 - gamma lambda))^3
 *   Psi_5 = 4 alpha_0 K N (R/(1 - gamma lambda))^2 + 2 R sqrt(NK)/(1 - gamma lambda) (1 + alpha_0 g/(1 - gamma lambda))
 *   a_t   = 1 - 0.9 alpha_t / sigma_max,   d_t = alpha_t^2 tau(alpha_t)
 * </pre>
 * (Psi_2(alpha) = alpha Psi_5 at alpha_0 = alpha; sigma_max is the largest eigenvalue of the Lyapunov solution of the
 * TD(lambda) matrix A, see {@link FederatedTdTheorem2}; Theorem 2's two bounds are in that class.)
 * with g = 1 + gamma (the bound on ||A(X_t)|| the proofs use; {@link Variant#SOUND}) or the printed 1 + lambda
 * ({@link Variant#PRINTED}). Lemma 2 (constant alpha in (0, Psi_1), pathwise):
 * sum_i c^i ||theta_t^i - (Theta_t)||^2 &lt;= beta^t sum_i c^i ||theta_0^i - (Theta_0)||^2 + Psi_2/(1 - beta).
 * Theorem 4 (non-rigorous: its printed integral is garbled and it ignores noise accumulation; reconstructed here):
 * sqrt(K)(p (zeta - 2R/(1 - lambda gamma)) + 2R/(1 - lambda gamma)), p = erf(zeta / (sqrt(2) sigma)).
 */
public record FederatedTdBounds(int numAgents, int numFeatures, double costBound, double gamma, double lambda,
                                double minWeight, Variant variant) {

    /** Which constant multiplies the A-term: 1 + gamma (sound, default) or the paper's printed 1 + lambda. */
    public enum Variant {
        /** g = 1 + gamma, the bound ||A(X_t)|| &lt;= (1 + gamma)/(1 - gamma lambda) used by the proofs. */
        SOUND,
        /** g = 1 + lambda, as printed in e_1, e_2, Psi_2, Psi_5. */
        PRINTED
    }

    public FederatedTdBounds {
        Checks.atLeast("N", numAgents, 1);
        Checks.atLeast("K", numFeatures, 1);
        Checks.positiveFinite("costBound", costBound);
        if (!(gamma > 0 && gamma < 1)) {
            throw new IllegalArgumentException("gamma must be in (0, 1), got " + gamma);
        }
        Checks.probability("lambda", lambda);
        if (!(minWeight > 0 && minWeight <= 1)) {
            throw new IllegalArgumentException("minWeight must be in (0, 1], got " + minWeight);
        }
        if (variant == null) {
            variant = Variant.SOUND;
        }
    }

    private double g() {
        return variant == Variant.SOUND ? 1 + gamma : 1 + lambda;
    }

    private double oneMinus() {
        return 1 - gamma * lambda;
    }

    private double rootNk() {
        return Math.sqrt((double) numAgents * numFeatures);
    }

    /** e_1. */
    public double e1() {
        double ratio = g() / oneMinus();
        return 1 + ratio * ratio + 2 * costBound * rootNk() / oneMinus();
    }

    /** e_2. */
    public double e2() {
        return g() / (oneMinus() * oneMinus()) * (g() + 2 * costBound * rootNk());
    }

    /** Psi_1, the largest constant step size for which beta &lt; 1. */
    public double psi1() {
        double e1 = e1();
        double e2 = e2();
        return (Math.sqrt(e1 * e1 + 2 * minWeight * minWeight * e2) - e1) / (2 * e2);
    }

    /** beta(alpha). */
    public double beta(double alpha) {
        Checks.positiveFinite("alpha", alpha);
        return 1 - minWeight * minWeight / 2 + alpha * alpha * e2() + alpha * e1();
    }

    /** Psi_2(alpha). */
    public double psi2(double alpha) {
        Checks.positiveFinite("alpha", alpha);
        double scaled = costBound / oneMinus();
        return 4 * alpha * alpha * numFeatures * numAgents * scaled * scaled
                + 2 * alpha * costBound * rootNk() / oneMinus() * (1 + alpha * g() / oneMinus());
    }

    /**
     * Psi_3 = 62 sigma_max (1 + R/(1 - gamma lambda)) (Theorem 2; enters its step-size conditions).
     *
     * @param sigmaMax largest eigenvalue of the Lyapunov solution, in (0, inf)
     */
    public double psi3(double sigmaMax) {
        Checks.positiveFinite("sigmaMax", sigmaMax);
        return 62 * sigmaMax * (1 + costBound / oneMinus());
    }

    /**
     * Psi_4 = 55 sigma_max (1 + R/(1 - gamma lambda))^3 (Theorem 2; the O(alpha tau) term).
     *
     * @param sigmaMax largest eigenvalue of the Lyapunov solution, in (0, inf)
     */
    public double psi4(double sigmaMax) {
        Checks.positiveFinite("sigmaMax", sigmaMax);
        double scaled = 1 + costBound / oneMinus();
        return 55 * sigmaMax * scaled * scaled * scaled;
    }

    /**
     * Psi_5 = 4 alpha_0 K N (R/(1 - gamma lambda))^2
     * + 2 R sqrt(NK)/(1 - gamma lambda) (1 + alpha_0 g/(1 - gamma lambda)) (Theorem 2 and Lemma 4:
     * ||Y_{t+1}||_C^2 &lt;= beta ||Y_t||_C^2 + alpha_t Psi_5 for a non-increasing schedule), with g = 1 + gamma
     * ({@link Variant#SOUND}) or the printed 1 + lambda ({@link Variant#PRINTED}).
     *
     * @param initialStep alpha_0, in (0, inf)
     */
    public double psi5(double initialStep) {
        Checks.positiveFinite("initialStep", initialStep);
        double scaled = costBound / oneMinus();
        return 4 * initialStep * numFeatures * numAgents * scaled * scaled
                + 2 * costBound * rootNk() / oneMinus() * (1 + initialStep * g() / oneMinus());
    }

    /**
     * a_t = 1 - 0.9 alpha_t / sigma_max (Theorem 2 (2); also the contraction (1 - 0.9 alpha/sigma_max) of part (1)).
     *
     * @param alpha    the step size alpha_t, in (0, inf)
     * @param sigmaMax largest eigenvalue of the Lyapunov solution, in (0, inf)
     */
    public static double contractionFactor(double alpha, double sigmaMax) {
        Checks.positiveFinite("alpha", alpha);
        Checks.positiveFinite("sigmaMax", sigmaMax);
        return 1 - 0.9 * alpha / sigmaMax;
    }

    /**
     * d_t = alpha_t^2 tau(alpha_t) (Theorem 2 (2)).
     *
     * @param alpha      the step size alpha_t, in (0, inf)
     * @param mixingTime tau(alpha_t), in (0, inf)
     */
    public static double mixingTerm(double alpha, double mixingTime) {
        Checks.positiveFinite("alpha", alpha);
        Checks.positiveFinite("mixingTime", mixingTime);
        return alpha * alpha * mixingTime;
    }

    /** R/(1 - gamma lambda), the bound on ||b^i(X_t)|| that Theorem 2's terms use. */
    double scaledCostBound() {
        return costBound / oneMinus();
    }

    /** The right-hand side of Lemma 2 at round t, given the initial consensus error. */
    public double lemma2Bound(double alpha, long round, double initialConsensusError) {
        double beta = beta(alpha);
        if (!(beta < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, Psi_1) = (0, " + psi1() + "), got " + alpha);
        }
        return Math.pow(beta, round) * initialConsensusError + psi2(alpha) / (1 - beta);
    }

    /**
     * Lemma 1's two sides for rows Y^i of a disagreement matrix: {left, right} with
     * left = sum_j sum_l c^j c^l ||Y^j - Y^l||^2 and right = c_min^2 sum_i c^i ||Y^i||^2 (left &gt;= right).
     */
    public static double[] lemma1(double[][] disagreement, double[] weights) {
        double minimum = Double.POSITIVE_INFINITY;
        for (double weight : weights) {
            minimum = Math.min(minimum, weight);
        }
        double left = 0;
        double right = 0;
        for (int j = 0; j < disagreement.length; j++) {
            double squared = 0;
            for (double value : disagreement[j]) {
                squared += value * value;
            }
            right += weights[j] * squared;
            for (int l = 0; l < disagreement.length; l++) {
                double distance = 0;
                for (int k = 0; k < disagreement[j].length; k++) {
                    double gap = disagreement[j][k] - disagreement[l][k];
                    distance += gap * gap;
                }
                left += weights[j] * weights[l] * distance;
            }
        }
        return new double[] {left, minimum * minimum * right};
    }

    /** Theorem 4's probability p = erf(zeta / (sqrt(2) sigma)). */
    public static double utilityProbability(double zeta, double sigma) {
        Checks.positiveFinite("zeta", zeta);
        Checks.positiveFinite("sigma", sigma);
        return Erf.erf(zeta / (Math.sqrt(2) * sigma));
    }

    /** Theorem 4's utility-loss formula sqrt(K)(p (zeta - 2R/(1 - lambda gamma)) + 2R/(1 - lambda gamma)). */
    public double utilityLossBound(double zeta, double sigma) {
        double worst = 2 * costBound / oneMinus();
        return Math.sqrt(numFeatures) * (utilityProbability(zeta, sigma) * (zeta - worst) + worst);
    }
}
