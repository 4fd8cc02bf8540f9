package io.dpmarl.core.experiment;

/**
 * The outcome of one claim row. PASS and FAIL only for a gate that a wrong implementation could fail, with a
 * threshold from the paper or a pre-registered margin; DIFFERS where the paper's claim does not reproduce, with
 * the reason; RECORDED for a measurement without a gate.
 */
public enum ClaimStatus {
    /** The gate holds. */
    PASS,
    /** The gate fails: {@code dpmarl reproduce} and {@code dpmarl claims} exit 1. */
    FAIL,
    /**
     * The paper's claim does not reproduce, for a stated reason (a documented flaw, the paper's own calibration,
     * missing information).
     */
    DIFFERS,
    /** Measured and reported beside the paper's value, without a gate. */
    RECORDED
}
