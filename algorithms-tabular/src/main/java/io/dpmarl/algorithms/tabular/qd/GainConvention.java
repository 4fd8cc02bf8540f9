package io.dpmarl.algorithms.tabular.qd;

/**
 * Which exponent goes with which gain in QD-learning's step sizes (Qiao et al., Privacy-preserved Fully
 * Decentralized Multi-agent Reinforcement Learning for Networked Social Systems, eq. 3). The printed equation gives
 * the innovation gain the small exponent tau2 and the consensus gain tau1 = 1, which contradicts the paper's own
 * Remark 1 ("beta / alpha -> infinity", consensus dominates) and Kar, Moura and Poor's QD-learning (2013).
 */
public enum GainConvention {
    /** {@code alpha(k) = a / (k+1)^tau1}, {@code beta(k) = b / (k+1)^tau2}: Kar et al. and Remark 1 (default). */
    KAR,
    /** {@code alpha(k) = a / (k+1)^tau2}, {@code beta(k) = b / (k+1)^tau1}: eq. 3 exactly as printed. */
    PAPER_LITERAL
}
