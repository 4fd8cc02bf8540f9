package io.dpmarl.algorithms.federated.td;

/**
 * A step-size schedule alpha_t, t = 0, 1, ... (paper 003 Assumption 4 for the time-varying case). Public
 * information: every worker knows it.
 */
@FunctionalInterface
public interface StepSizeSchedule {

    /** The step size of round t (from 0), in (0, inf). */
    double alpha(long round);

    /** A short label, for example {@code "alpha=0.02"}. */
    default String label() {
        return toString();
    }
}
