package io.dpmarl.algorithms.tabular.nashvi;

/**
 * The objective of the CCE linear program (DP-Nash-VI, Section 3, Algorithm 1 line 14; the paper leaves it unspecified,
 * any feasible point is a valid CCE for the theory).
 */
public enum CceObjective {
    /** Minimise {@code sum pi (Qup - Qlo)}: the CCE with the smallest local certified gap (default). */
    MIN_GAP,
    /** Zero objective: whatever vertex the solver reaches first. */
    FEASIBILITY
}
