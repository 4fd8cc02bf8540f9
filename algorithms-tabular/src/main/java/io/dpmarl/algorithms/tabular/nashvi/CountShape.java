package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.validation.Checks;

/**
 * The dimensions of DP-Nash-VI's count tables and their flat indexing: {@code (h, s, j)} with joint
 * action {@code j = a*B + b} maps to {@code (h*S + s)*A*B + j} in the {@code HSAB} table of
 * {@code N(s,a,b)}, and {@code (h, s, j, s')} to {@code ((h*S + s)*A*B + j)*S + s'} in the {@code HSABS}
 * table of {@code N(s,a,b,s')}. There are {@code n_str = HSAB(S+1)} count streams (the visitation counts of the paper's
 * Section 3).
 *
 * @param horizon       H
 * @param numStates     S
 * @param numActionsMax A
 * @param numActionsMin B
 */
public record CountShape(int horizon, int numStates, int numActionsMax, int numActionsMin) {
    public CountShape {
        Checks.atLeast("H", horizon, 1);
        Checks.atLeast("S", numStates, 1);
        Checks.atLeast("A", numActionsMax, 1);
        Checks.atLeast("B", numActionsMin, 1);
    }

    /** Number of joint actions A*B. */
    public int jointActions() {
        return numActionsMax * numActionsMin;
    }

    /** Size of the {@code (h,s,a,b)} table. */
    public int pairCount() {
        return horizon * numStates * jointActions();
    }

    /** Size of the {@code (h,s,a,b,s')} table. */
    public int transitionCount() {
        return pairCount() * numStates;
    }

    /** Total number of count streams, {@code HSAB(S+1)}. */
    public int streamCount() {
        return pairCount() * (numStates + 1);
    }

    /** Flat index of {@code (h, s, j)}. */
    public int pairIndex(int stage, int state, int jointAction) {
        return (stage * numStates + state) * jointActions() + jointAction;
    }
}
