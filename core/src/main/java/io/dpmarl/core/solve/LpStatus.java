package io.dpmarl.core.solve;

/** The outcome of solving a {@link LinearProgram}. */
public enum LpStatus {
    /** An optimal vertex was found. */
    OPTIMAL,
    /** No point satisfies the constraints (phase 1 ended with a positive infeasibility). */
    INFEASIBLE,
    /** The objective decreases without bound on the feasible set. */
    UNBOUNDED
}
