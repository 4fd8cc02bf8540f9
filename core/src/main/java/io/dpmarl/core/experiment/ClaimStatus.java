package io.dpmarl.core.experiment;

/** The outcome of checking one claim of a paper. */
public enum ClaimStatus {
    /** The measured value satisfies the check. */
    PASS,
    /** The measured value violates the check: {@code dpmarl reproduce} exits 1. */
    FAIL,
    /** Reported side by side with the paper, but not gated (a claim the spec says cannot be reproduced). */
    RECORDED
}
