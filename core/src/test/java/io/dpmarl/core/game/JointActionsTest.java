package io.dpmarl.core.game;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Mixed-radix joint actions, agent 0 most significant. */
class JointActionsTest {

    @Test
    void encodesAgentZeroMostSignificant() {
        JointActions joint = new JointActions(2, 3);
        assertEquals(6, joint.size());
        assertEquals(2, joint.numAgents());
        // (a, b) -> a * 3 + b
        assertEquals(0, joint.encode(0, 0));
        assertEquals(2, joint.encode(0, 2));
        assertEquals(3, joint.encode(1, 0));
        assertEquals(5, joint.encode(1, 2));
        assertArrayEquals(new int[] {1, 1}, joint.decode(4));
    }

    @Test
    void decodeInvertsEncodeForEveryJointAction() {
        JointActions joint = new JointActions(2, 3, 4);
        int index = 0;
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 3; b++) {
                for (int c = 0; c < 4; c++) {
                    assertEquals(index, joint.encode(a, b, c));
                    assertArrayEquals(new int[] {a, b, c}, joint.decode(index));
                    index++;
                }
            }
        }
        assertEquals(24, joint.size());
    }

    @Test
    void rejectsBadInput() {
        JointActions joint = new JointActions(2, 3);
        assertEquals("joint action must have 2 entries, got 3", assertThrows(IllegalArgumentException.class,
                () -> joint.encode(0, 0, 0)).getMessage());
        assertEquals("action of agent 1 must be in [0, 2], got 3", assertThrows(IllegalArgumentException.class,
                () -> joint.encode(0, 3)).getMessage());
        assertEquals("action of agent 0 must be in [0, 1], got -1", assertThrows(IllegalArgumentException.class,
                () -> joint.encode(-1, 0)).getMessage());
        assertEquals("joint action index must be in [0, 5], got 6", assertThrows(IllegalArgumentException.class,
                () -> joint.decode(6)).getMessage());
        assertEquals("action counts must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> new JointActions(2, 0)).getMessage());
        assertEquals("too many joint actions: 4294967296", assertThrows(IllegalArgumentException.class,
                () -> new JointActions(65536, 65536)).getMessage());
    }

    @Test
    void constructorCopiesItsArgument() {
        int[] counts = {2, 2};
        JointActions joint = new JointActions(counts);
        counts[1] = 5;
        assertEquals(4, joint.size());
        assertEquals("action of agent 1 must be in [0, 1], got 2", assertThrows(IllegalArgumentException.class,
                () -> joint.encode(0, 2)).getMessage());
    }

    @Test
    void finiteGameTypeIsSimultaneous() {
        GameType type = GameType.finite(GameType.Utility.ZERO_SUM);
        assertEquals(
                new GameType(GameType.Dynamics.SIMULTANEOUS, GameType.Utility.ZERO_SUM, GameType.HorizonKind.FINITE),
                type);
    }
}
