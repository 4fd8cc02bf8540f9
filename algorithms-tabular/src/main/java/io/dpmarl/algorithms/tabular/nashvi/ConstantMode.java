package io.dpmarl.algorithms.tabular.nashvi;

/**
 * How DP-Nash-VI's constants are chosen (our choice where the paper is silent). The paper never instantiates its
 * "universal constants" C1, C2.
 */
public enum ConstantMode {
    /** C1 = 2, C2 = 10 (derived from the appendix inequalities), E = the explicit width of {@link ConfidenceWidth}. */
    THEORY,
    /** C1 = C2 = bonusScale and E = eScale times the explicit width: for learning curves at feasible K. */
    PRACTICAL
}
