package io.dpmarl.core.comm;

import io.dpmarl.core.validation.Checks;
import java.util.Optional;

/**
 * The stability condition of a consensus step {@code x <- (I - beta L) x}: every eigenvalue of {@code I - beta L}
 * lies in (-1, 1] exactly when {@code beta * lambda_N(L) < 2}; the monotone (non-oscillating) regime that the
 * QD-learning analysis uses (Kar, Moura and Poor, QD-learning, 2013; Qiao et al., Section 4) asks for
 * {@code beta * lambda_N(L) < 1}, which this class checks. For graphs up to {@link Laplacian#MAX_EXACT_AGENTS}
 * agents {@code lambda_N} is exact; above that it is the Anderson-Morley upper bound, so a failure then means
 * "may be unstable".
 *
 * @param gain             the largest consensus gain beta that will be used (at the first visit)
 * @param largestEigenvalue {@code lambda_N(L)}, exact or an upper bound
 * @param exact            whether {@code largestEigenvalue} is exact
 */
public record ConsensusStability(double gain, double largestEigenvalue, boolean exact) {

    /** Checks {@code gain * lambda_N(L(graph)) < 1}. */
    public static ConsensusStability check(double gain, CommunicationGraph graph) {
        Checks.positiveFinite("consensusGain", gain);
        if (graph.numAgents() <= Laplacian.MAX_EXACT_AGENTS) {
            return new ConsensusStability(gain, Laplacian.spectrum(graph).largest(), true);
        }
        return new ConsensusStability(gain, Laplacian.largestEigenvalueUpperBound(graph), false);
    }

    /** {@code gain * lambda_N}. */
    public double product() {
        return gain * largestEigenvalue;
    }

    /** True if {@code gain * lambda_N < 1}. */
    public boolean stable() {
        return product() < 1;
    }

    /** A warning naming the gain, the eigenvalue and the largest stable gain, when the condition fails. */
    public Optional<String> warning() {
        if (stable()) {
            return Optional.empty();
        }
        return Optional.of(String.format(java.util.Locale.ROOT,
                "consensus gain %.6g times lambda_max(L) %s %.6g is %.6g >= 1: the consensus step %s oscillate or "
                        + "diverge; use a gain below %.6g", gain, exact ? "=" : "<=", largestEigenvalue, product(),
                exact ? "will" : "may", 1 / largestEigenvalue));
    }

    /** Logs {@link #warning()} (if any) as a WARNING on the {@code io.dpmarl.core.comm} logger; returns this. */
    public ConsensusStability warnIfUnstable() {
        warning().ifPresent(message -> System.getLogger("io.dpmarl.core.comm")
                .log(System.Logger.Level.WARNING, message));
        return this;
    }
}
