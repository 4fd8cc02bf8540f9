package io.dpmarl.algorithms.linear.maldp;

/**
 * How the untrusted server shifts the privatised Gram matrix before solving ("Local differential privacy preserving
 * mechanisms for multi-agent reinforcement learning"): {@link #CONSTANT_ETA} is Algorithm 1's
 * {@code Sigma = Lambda + eta I}; {@link #ANALYSIS_SHIFT} is App. C's {@code Sigma = Lambda + 2 Gamma_k I} with
 * {@code Gamma_k = s_noise sqrt(k - 1) (sqrt(4 nd) + 2 ln(6H/alpha))}. Either way the server then floors the
 * eigenvalues at {@code eta} when Sigma is not already at least {@code eta I} (noise makes it indefinite).
 */
public enum PsdStrategy {
    /** {@code Lambda + eta I} (Alg. 1). */
    CONSTANT_ETA,
    /** {@code Lambda + 2 Gamma_k I} (App. C). */
    ANALYSIS_SHIFT;

    /** {@code Gamma_k = s_noise sqrt(k - 1) (sqrt(4 nd) + 2 ln(6H/alpha))}, with {@code k - 1} episodes seen. */
    public static double gamma(double noiseStd, long episodesSeen, int nd, int horizon, double failProb) {
        return noiseStd * Math.sqrt(episodesSeen) * (Math.sqrt(4.0 * nd) + 2 * Math.log(6.0 * horizon / failProb));
    }
}
