package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.validation.Checks;
import java.util.Objects;

/**
 * The hyper-parameters of MA-LDP ("Local differential privacy preserving mechanisms for multi-agent reinforcement
 * learning", Algorithm 1). The paper fixes only {@code eta = 1}; the others are this framework's documented defaults.
 *
 * @param ridge        lambda > 0 ({@code Lambda_1 = lambda I})
 * @param eta          eta > 0, the shift of Alg. 1 and the eigenvalue floor
 * @param psd          the server's shift
 * @param noiseStd     per-entry noise std, for the analysis shift (0 without noise)
 * @param failProb     alpha in (0, 1)
 * @param bonus        the bonus schedule beta_{k,h}
 * @param stepExponent rho in (0.5, 1]: reward step size {@code gamma_k = k^-rho}
 * @param selection    maxmin (paper) or joint greedy
 * @param randomTies   uniform random tie-breaking (else the lowest index)
 * @param clip         enforce the calibration's bounds {@code ||phi_V|| <= H} and {@code 0 <= V <= H}: clip the
 *                     target to [0, H], then rescale the pair {@code (f, V)} by {@code min(1, H/||f||)} (it stays on
 *                     the regression line), and clip Q below at 0; false is the paper-literal learner, which voids the
 *                     guarantee of every user whose inputs break them (recorded on the ledger)
 * @param noise        release through the privatizers (false: raw statistics reach the server, no charge; a
 *                     test switch, never a private run)
 */
public record MaLdpConfig(double ridge, double eta, PsdStrategy psd, double noiseStd, double failProb,
                          BonusSchedule bonus, double stepExponent, ActionSelection selection, boolean randomTies,
                          boolean clip, boolean noise) {
    public MaLdpConfig {
        Checks.positiveFinite("ridge", ridge);
        Checks.positiveFinite("eta", eta);
        Objects.requireNonNull(psd, "psd");
        Checks.nonNegativeFinite("noise-std", noiseStd);
        Checks.openUnit("fail-prob", failProb);
        Objects.requireNonNull(bonus, "bonus");
        if (!(stepExponent > 0.5 && stepExponent <= 1)) {
            throw new IllegalArgumentException("step-exponent must be in (0.5, 1], got " + stepExponent);
        }
        Objects.requireNonNull(selection, "selection");
    }
}
