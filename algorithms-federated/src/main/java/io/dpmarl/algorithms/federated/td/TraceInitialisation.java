package io.dpmarl.algorithms.federated.td;

/**
 * How the eligibility trace starts. The federated TD(lambda) paper's pseudocode sets z_0 = 0, but its text states
 * z_t = sum_{k=0}^t (gamma lambda)^{t-k} phi(s_k), which needs z_0 = phi(s_0); with z_0 = 0 the first round makes
 * no TD step.
 */
public enum TraceInitialisation {
    /** z_0 = phi(s_0): the text's z_t = sum_{k=0}^t (gamma lambda)^{t-k} phi(s_k) (default). */
    PHI_S0,
    /** z_0 = 0 as printed in the pseudocode (the first round makes no TD step). */
    LITERAL_ZERO
}
