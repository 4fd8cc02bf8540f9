package io.dpmarl.environments.smoke;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/**
 * The exact model of the coordination game checks its indices: stages {@code 0..H-1}, the single state 0, joint
 * actions {@code 0..3} (both 0 pays high, both 1 pays low, a mismatch 0), agents 0 and 1.
 */
class CoordinationGameModelTest {
    @Test
    void modelIndicesAreCheckedAtBothEnds() {
        CoordinationGame game = new CoordinationGame(3, 2.0, 1.0);
        // the last stage and joint action are valid
        assertArrayEquals(new double[] {1.0}, game.transition(2, 0, 3), 0);
        assertEquals(1.0, game.reward(2, 0, 3, 1), 0);
        assertEquals(0.0, game.reward(0, 0, 1, 0), 0);
        assertEquals("stage must be in [0, 2], got 3",
                assertThrows(IllegalArgumentException.class, () -> game.transition(3, 0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> game.reward(3, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> game.reward(-1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> game.transition(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> game.reward(0, 0, 4, 0));
        assertThrows(IllegalArgumentException.class, () -> game.reward(0, 0, 0, 2));
    }

    @Test
    void stepRefusesAMissingJointAction() {
        CoordinationGame game = new CoordinationGame(2, 2.0, 1.0);
        game.reset(0);
        assertEquals("joint action must have 2 entries, got null",
                assertThrows(IllegalArgumentException.class, () -> game.step(null)).getMessage());
        assertEquals("joint action must have 2 entries, got 1",
                assertThrows(IllegalArgumentException.class, () -> game.step(new int[] {0})).getMessage());
    }

    @Test
    void thePluginDescribesItself() {
        String description = Registry.discover().provider(PluginKind.ENVIRONMENT, "coordination-game").description();
        assertTrue(description.contains("coordination game"), description);
    }
}
