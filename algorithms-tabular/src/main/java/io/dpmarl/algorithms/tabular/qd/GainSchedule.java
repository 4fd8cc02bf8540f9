package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.ConsensusStability;
import io.dpmarl.core.validation.Checks;
import java.util.Objects;

/**
 * The step sizes of QD-learning, indexed by the visit count k (from 0: the first visit of a pair uses k = 0) of the
 * updated pair: the innovation (TD) gain {@code alpha(k)} and the consensus gain {@code beta(k)} (Qiao et al.,
 * eq. 3; Kar, Moura and Poor, QD-learning, 2013). Both gains are 0 for pairs not visited at a step.
 *
 * <p>The paper gives no values for a and b. Its sentence after eq. 3, "a, b, tau1 in (1/2, 1]", read literally
 * would ask b &gt;= 1/2, which makes the first consensus steps unstable on any graph with {@code lambda_max(L) >= 2};
 * the range is read as tau1's only (Kar et al. need only a, b &gt; 0), so any positive a and b are accepted, and the
 * learner warns when {@code b lambda_max(L) >= 1}.
 *
 * @param gainA      innovation gain constant a, in (0, inf)
 * @param gainB      consensus gain constant b, in (0, inf)
 * @param tau1       exponent of the faster-decaying gain, in (1/2, 1]
 * @param tau2       exponent of the slower-decaying gain, in (0, tau1)
 * @param convention which gain takes which exponent
 */
public record GainSchedule(double gainA, double gainB, double tau1, double tau2, GainConvention convention) {
    public GainSchedule {
        Checks.positiveFinite("gain-a", gainA);
        Checks.positiveFinite("gain-b", gainB);
        if (!(tau1 > 0.5 && tau1 <= 1)) {
            throw new IllegalArgumentException("tau1 must be in (0.5, 1], got " + tau1);
        }
        if (!(tau2 > 0 && tau2 < tau1)) {
            throw new IllegalArgumentException("tau2 must be in (0, " + tau1 + "), got " + tau2);
        }
        Objects.requireNonNull(convention, "convention");
    }

    /** The paper's exponents tau1 = 1, tau2 = 0.2 with the given constants, Kar's convention. */
    public static GainSchedule kar(double gainA, double gainB) {
        return new GainSchedule(gainA, gainB, 1.0, 0.2, GainConvention.KAR);
    }

    /** The fraction of the stability limit that {@link #autoConsensusGain} uses: {@code b = 0.9 / lambda_max(L)}. */
    public static final double AUTO_FRACTION = 0.9;

    /**
     * The consensus gain constant chosen from the graph, {@code b = 0.9 / lambda_max(L)}, so that
     * {@code b * lambda_max(L) = 0.9 < 1} (the stability condition of {@link ConsensusStability}). For graphs above
     * {@link io.dpmarl.core.comm.Laplacian#MAX_EXACT_AGENTS} agents {@code lambda_max} is the Anderson-Morley upper
     * bound, so the product is at most 0.9.
     */
    public static double autoConsensusGain(CommunicationGraph graph) {
        return AUTO_FRACTION / ConsensusStability.check(1.0, graph).largestEigenvalue();
    }

    /** This schedule with consensus gain constant {@code gainB}. */
    public GainSchedule withConsensusGain(double gainB) {
        return new GainSchedule(gainA, gainB, tau1, tau2, convention);
    }

    /** The innovation gain {@code alpha(k)}. */
    public double innovation(long visit) {
        return gainA / Math.pow(visit + 1, convention == GainConvention.KAR ? tau1 : tau2);
    }

    /** The consensus gain {@code beta(k)}. */
    public double consensus(long visit) {
        return gainB / Math.pow(visit + 1, convention == GainConvention.KAR ? tau2 : tau1);
    }
}
