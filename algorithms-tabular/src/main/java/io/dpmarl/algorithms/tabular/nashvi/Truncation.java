package io.dpmarl.algorithms.tabular.nashvi;

/** The cap of Qup in Algorithm 1 line 10 (spec 001 Section 8 item 14). */
public enum Truncation {
    /** {@code min(., H)} as in the paper (default). */
    H,
    /** {@code min(., H - h + 1)} (paper stages 1..H): valid, since true values at stage h lie in [0, H-h+1]. */
    H_MINUS_H_PLUS_1
}
