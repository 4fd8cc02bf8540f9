package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.counters.NodeNoise;

/**
 * The explicit confidence width {@code E_{epsilon,beta}} of Assumption 3.1 (derived here; the
 * paper gives only its order). A union bound over the {@code n_str = HSAB(S+1)} streams and K count
 * indices with {@code delta0 = beta/(3 n_str K)} and the sum-of-Laplace tail {@code tau(n, b)} of
 * {@link NodeNoise#sumOfLaplaceTail} give, with probability {@code 1 - beta/3}, {@code |N^ - N| <= E/4}
 * everywhere, for
 * <ul>
 *   <li>central: {@code E = 4 tau(L, b_C)} (an error sums at most L tree nodes);</li>
 *   <li>local: {@code E = 4 tau(max(K-1, 1), b_L)} (an error sums at most K-1 reports);</li>
 *   <li>non-private: {@code E = 0}.</li>
 * </ul>
 * Each {@link CountsPrivatizer} computes its own E with {@link CountsPrivatizer#confidenceWidth}.
 */
public final class ConfidenceWidth {
    private ConfidenceWidth() {
    }

    /** {@code ln(2/delta0)} with {@code delta0 = beta/(3 n_str K)}. */
    public static double logTerm(CountShape shape, int episodes, double beta) {
        Checks.atLeast("K", episodes, 1);
        Checks.openUnit("beta", beta);
        double delta0 = beta / (3.0 * shape.streamCount() * episodes);
        return Math.log(2 / delta0);
    }

    /** {@code delta0 = beta/(3 n_str K)}, the per-stream, per-index failure probability of the union bound. */
    public static double delta0(CountShape shape, int episodes, double beta) {
        Checks.atLeast("K", episodes, 1);
        Checks.openUnit("beta", beta);
        return beta / (3.0 * shape.streamCount() * episodes);
    }
}
