package io.dpmarl.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyMarkovGame;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.TabularModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Environment metadata, spaces, observations, step results and the capability lookup. */
class EnvironmentValueTypesTest {
    private static final GameType TYPE = GameType.finite(GameType.Utility.COOPERATIVE);

    @Test
    void infoValidatesAgentsSpacesAndHorizon() {
        List<Space> observations = List.of(new Space.Discrete(2));
        List<Space.Discrete> actions = List.of(new Space.Discrete(3));
        EnvironmentInfo info = new EnvironmentInfo("x", 1, observations, actions, 5, TYPE);
        assertEquals(3, info.numActions(0));
        assertEquals("numAgents must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> new EnvironmentInfo("x", 0, List.of(), List.of(), 5, TYPE)).getMessage());
        assertEquals("one observation and one action space per agent are required", assertThrows(
                IllegalArgumentException.class, () -> new EnvironmentInfo("x", 2, observations, actions, 5, TYPE))
                .getMessage());
        assertEquals("horizon must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> new EnvironmentInfo("x", 1, observations, actions, 0, TYPE)).getMessage());
    }

    @Test
    void spacesContainTheirElements() {
        Space.Discrete discrete = new Space.Discrete(3);
        assertTrue(discrete.contains(Observation.discrete(2)));
        assertFalse(discrete.contains(Observation.discrete(3)));
        assertFalse(discrete.contains(Observation.vector(0.5)),
                "a continuous observation (state -1) is not in a discrete space");
        assertTrue(discrete.contains(0));
        assertFalse(discrete.contains(-1));
        assertEquals("size must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> new Space.Discrete(0)).getMessage());
        Space.Box box = new Space.Box(new double[] {0, -1}, new double[] {1, 1});
        assertTrue(box.contains(Observation.vector(1, -1)));
        assertFalse(box.contains(Observation.vector(1.5, 0)));
        assertFalse(box.contains(Observation.vector(0.5)));
        assertFalse(box.contains(Observation.vector(Double.NaN, 0)));
        assertEquals(box, new Space.Box(new double[] {0, -1}, new double[] {1, 1}));
        assertEquals("Box[low=[0.0, -1.0], high=[1.0, 1.0]]", box.toString(), "error messages show the bounds");
        assertEquals("low and high must have the same length", assertThrows(IllegalArgumentException.class,
                () -> new Space.Box(new double[1], new double[2])).getMessage());
    }

    @Test
    void observationsCompareByContent() {
        assertEquals(Observation.vector(1, 2), Observation.vector(1, 2));
        assertEquals(Observation.vector(1, 2).hashCode(), Observation.vector(1, 2).hashCode());
        assertNotEquals(Observation.discrete(1), Observation.discrete(2));
        assertEquals(-1, Observation.vector(3).state());
        assertEquals("s4", Observation.discrete(4).toString());
    }

    @Test
    void stepResultIsDoneWhenTerminatedOrTruncated() {
        Observation[] none = new Observation[0];
        assertFalse(new StepResult(none, new double[0], false, false, Map.of()).done());
        assertTrue(new StepResult(none, new double[0], true, false, Map.of()).done());
        assertTrue(new StepResult(none, new double[0], false, true, Map.of()).done());
    }

    @Test
    void capabilityIsFoundByType() {
        Environment game = new ToyMarkovGame();
        assertTrue(game.capability(TabularModel.class).isPresent());
        assertTrue(game.capability(Runnable.class).isEmpty());
        assertEquals(4, game.capability(TabularModel.class).orElseThrow().jointActions().size());
    }
}
