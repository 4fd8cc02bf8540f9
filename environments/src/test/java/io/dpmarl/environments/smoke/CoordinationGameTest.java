package io.dpmarl.environments.smoke;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.EnvironmentConformance;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/** The smoke coordination game: payoffs, horizon, errors, its exact model and the conformance kit. */
class CoordinationGameTest {

    @Test
    void payoffsFollowTheCoordinationMatrix() {
        CoordinationGame game = new CoordinationGame(1, 1.0, 0.5);
        // Matrix of the class Javadoc: (0,0) -> high, (1,1) -> low, miscoordination -> 0, same for both agents.
        int[][] actions = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
        double[] payoff = {1.0, 0.0, 0.0, 0.5};
        for (int i = 0; i < actions.length; i++) {
            game.reset(i);
            StepResult result = game.step(actions[i]);
            assertArrayEquals(new double[] {payoff[i], payoff[i]}, result.rewards(), 0.0);
            assertEquals(payoff[i], game.reward(0, 0, game.jointActions().encode(actions[i]), 1), 0.0);
        }
    }

    @Test
    void episodesAreTruncatedAtTheHorizon() {
        CoordinationGame game = new CoordinationGame(3, 2.0, 1.0);
        assertThrows(IllegalStateException.class, () -> game.step(new int[] {0, 0}));
        game.reset(7);
        assertFalse(game.step(new int[] {0, 0}).done());
        assertFalse(game.step(new int[] {1, 1}).done());
        StepResult last = game.step(new int[] {0, 1});
        assertTrue(last.truncated());
        assertFalse(last.terminated());
        assertThrows(IllegalStateException.class, () -> game.step(new int[] {0, 0}));
        game.reset(8);
        assertThrows(IllegalArgumentException.class, () -> game.step(new int[] {0, 2}));
        assertThrows(IllegalArgumentException.class, () -> game.step(new int[] {0}));
    }

    @Test
    void passesTheConformanceKitThroughTheRegistry() {
        Registry registry = Registry.discover();
        EnvironmentConformance.check(() -> registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "coordination-game(horizon=4, high=2, low=1)"));
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game");
        assertEquals(3, environment.info().horizon());
        TabularModel model = environment.capability(TabularModel.class).orElseThrow();
        assertArrayEquals(new double[] {1.0}, model.transition(2, 0, 3), 0.0);
        assertEquals("coordination-game: parameter 'horizon' must be in [1, 100000], got 0",
                assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.ENVIRONMENT,
                        Environment.class, "coordination-game(horizon=0)")).getMessage());
    }
}
