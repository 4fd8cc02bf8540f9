package io.dpmarl.core.game;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The ends of {@link JointActions}' accepted ranges: an action count of 1 (an agent with a single action) is
 * accepted, and the number of joint actions may reach {@code Integer.MAX_VALUE} = 2^31 - 1 but not exceed it.
 */
class JointActionsRangeTest {

    /** Counts (3, 1, 2): size 3 * 1 * 2 = 6; (a, 0, c) has index (a * 1 + 0) * 2 + c = 2a + c. */
    @Test
    void anAgentWithOneActionIsAccepted() {
        JointActions joint = new JointActions(3, 1, 2);
        assertEquals(6, joint.size());
        assertEquals(3, joint.numAgents());
        assertEquals(5, joint.encode(2, 0, 1));
        assertArrayEquals(new int[] {1, 0, 1}, joint.decode(3));
        assertEquals(1, new JointActions(1).size());
        assertEquals(1, new JointActions().size(), "no agent: the empty product, one joint action");
    }

    /**
     * 2^31 - 1 = 2147483647 joint actions (one agent) is the largest size an int index can hold and is accepted;
     * the last index decodes to itself. 46341^2 = 2147488281 exceeds it by 4634 and is refused.
     */
    @Test
    void theNumberOfJointActionsMayReachButNotExceedTheLargestInt() {
        JointActions largest = new JointActions(Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE, largest.size());
        assertArrayEquals(new int[] {Integer.MAX_VALUE - 1}, largest.decode(Integer.MAX_VALUE - 1));
        assertEquals("too many joint actions: 2147488281", assertThrows(IllegalArgumentException.class,
                () -> new JointActions(46341, 46341)).getMessage());
        assertEquals("action counts must be in [1, inf), got -4", assertThrows(IllegalArgumentException.class,
                () -> new JointActions(-4)).getMessage());
    }
}
