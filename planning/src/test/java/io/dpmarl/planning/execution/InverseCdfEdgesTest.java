package io.dpmarl.planning.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.model.FactoredModel;
import org.junit.jupiter.api.Test;

/**
 * The inverse-CDF edges of the two samplers of Algorithm 2's execution (Chen et al., "Differential Privacy in
 * Cooperative Multiagent Planning"): a local action from a local policy row ({@link LocalPolicies#sample(double[],
 * double)}) and a local successor state from a local kernel row ({@link PrivateExecution#successor}). Both pick the
 * first entry whose cumulative probability exceeds the uniform draw {@code u}, and the last entry (the last one of
 * positive probability, for the kernel) when rounding leaves the cumulative sum at or below {@code u}. Added after
 * the PIT survey of {@code execution}; expected values by hand from that definition and IEEE 754 double arithmetic.
 */
class InverseCdfEdgesTest {
    /** The largest double below 1, 1 - 2^-53: the largest value SplittableRandom.nextDouble() returns. */
    private static final double LAST_DRAW = Math.nextDown(1.0);

    /**
     * One agent, five local states, one action, local kernel rows by state (states 3 and 4 self-loop). Indexing the
     * array out of range throws, as a kernel stored in arrays does.
     */
    private static final double[][] KERNEL = {
        {0.5, 0.5, 0, 0, 0},
        {0.7, 0.1, 0.1, 0.1, 0},
        {0, 0, 1, 0, 0},
        {0, 0, 0, 1, 0},
        {0, 0, 0, 0, 1}};

    private static final FactoredModel GAME = new FactoredModel() {
        @Override
        public int numAgents() {
            return 1;
        }

        @Override
        public int localStates(int agent) {
            return KERNEL.length;
        }

        @Override
        public int localActions(int agent) {
            return 1;
        }

        @Override
        public double localTransition(int agent, int state, int action, int next) {
            return KERNEL[state][next];
        }

        @Override
        public int initialState() {
            return 0;
        }

        @Override
        public boolean isTarget(int jointState) {
            return false;
        }

        @Override
        public boolean isAvoid(int jointState) {
            return false;
        }
    };

    /**
     * In double arithmetic 0.7 + 0.1 = 0.7999999999999999, + 0.1 = 0.8999999999999999, + 0.1 = 0.9999999999999999 =
     * 1 - 2^-53, so for the row (0.7, 0.1, 0.1, 0.1) the draw u = 1 - 2^-53 is not below any cumulative sum: the
     * sampler returns the last action, 3 (not an index past the row, nor 0).
     */
    @Test
    void aLocalPolicyRowWhoseSumRoundsBelowTheDrawGivesTheLastAction() {
        double[] row = {0.7, 0.1, 0.1, 0.1};
        assertEquals(3, LocalPolicies.sample(row, LAST_DRAW));
        assertEquals(3, LocalPolicies.sample(row, 0.95)); // 0.8999999999999999 <= 0.95 < 1 - 2^-53
        assertEquals(0, LocalPolicies.sample(row, 0.0));
    }

    /**
     * Row (1/2, 1/2, 0, 0, 0): cumulative sums 0.5, 1. The draw u = 0.5 is not below 0.5, so the successor is 1 (the
     * first whose cumulative probability EXCEEDS u); just below 0.5 it is 0.
     */
    @Test
    void aDrawEqualToACumulativeSumGoesToTheNextSuccessor() {
        assertEquals(1, PrivateExecution.successor(GAME, 0, 0, 0, 0.5));
        assertEquals(0, PrivateExecution.successor(GAME, 0, 0, 0, Math.nextDown(0.5)));
        assertEquals(0, PrivateExecution.successor(GAME, 0, 0, 0, 0.0));
    }

    /**
     * Row (0.7, 0.1, 0.1, 0.1, 0): the positive entries sum to 1 - 2^-53 (above), so the draw 1 - 2^-53 is below no
     * cumulative sum: the successor is the last one of positive probability, 3, not the zero-probability state 4 (nor
     * 0, nor an index past the row); the draw 0.85 (between 0.7999999999999999 and 0.8999999999999999) gives 2.
     */
    @Test
    void aKernelRowWhoseSumRoundsBelowTheDrawGivesTheLastPositiveSuccessor() {
        assertEquals(3, PrivateExecution.successor(GAME, 0, 1, 0, LAST_DRAW));
        assertEquals(2, PrivateExecution.successor(GAME, 0, 1, 0, 0.85));
    }

    /** Row (0, 0, 1, 0, 0): zero-probability states are never picked, whatever the draw (0, 1/2, 1 - 2^-53). */
    @Test
    void zeroProbabilitySuccessorsAreNeverPicked() {
        for (double u : new double[] {0.0, 0.5, LAST_DRAW}) {
            assertEquals(2, PrivateExecution.successor(GAME, 0, 2, 0, u), "u = " + u);
        }
    }
}
