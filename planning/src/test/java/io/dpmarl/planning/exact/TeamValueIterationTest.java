package io.dpmarl.planning.exact;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.smoke.CoordinationGame;
import org.junit.jupiter.api.Test;

class TeamValueIterationTest {

    /**
     * Two agents, two actions each, two states, H = 3, start in state 0. In state 0 the joint action (0,0)
     * (index 0) pays each agent 0.5 (team 1) and stays; (1,1) (index 3) pays 0 and moves to state 1; the other
     * joint actions pay 0 and stay. In state 1 every joint action pays each agent 1 (team 2) and stays.
     * By hand: V_2(0) = 1, V_2(1) = 2; V_1(1) = 4; V_1(0) = max(1 + V_2(0), 0 + V_2(1)) = max(2, 2) = 2 with the
     * tie going to index 0; V_0(0) = max(1 + V_1(0), 0 + V_1(1)) = max(3, 4) = 4, reached by index 3.
     */
    private static final TabularModel SWITCH = new TabularModel() {
        @Override
        public int numStates() {
            return 2;
        }

        @Override
        public int[] actionCounts() {
            return new int[] {2, 2};
        }

        @Override
        public int horizon() {
            return 3;
        }

        @Override
        public double[] initialDistribution() {
            return new double[] {1, 0};
        }

        @Override
        public double[] transition(int stage, int state, int jointAction) {
            return state == 0 && jointAction == 3 || state == 1 ? new double[] {0, 1} : new double[] {1, 0};
        }

        @Override
        public double reward(int stage, int state, int jointAction, int agent) {
            if (state == 1) {
                return 1.0;
            }
            return jointAction == 0 ? 0.5 : 0.0;
        }
    };

    @Test
    void matchesHandDerivedBackwardInduction() {
        TeamValueIteration solution = new TeamValueIteration(SWITCH);
        assertEquals(1.0, solution.value(2, 0), 0.0);
        assertEquals(2.0, solution.value(2, 1), 0.0);
        assertEquals(2.0, solution.value(1, 0), 0.0);
        assertEquals(4.0, solution.value(1, 1), 0.0);
        assertEquals(4.0, solution.value(0, 0), 0.0);
        assertEquals(0.0, solution.value(3, 1), 0.0);
        assertEquals(4.0, solution.initialValue(), 0.0);
        assertEquals(3, solution.greedyJointAction(0, 0));
        assertEquals(0, solution.greedyJointAction(1, 0), "ties go to the smallest joint action");

        Policy policy = solution.policy();
        Observation[] inState0 = {Observation.discrete(0), Observation.discrete(0)};
        assertArrayEquals(new double[] {0, 0, 0, 1}, policy.jointDistribution(0, inState0), 0.0);
        assertArrayEquals(new double[] {0, 1}, policy.marginal(1, 0, inState0), 0.0);
    }

    /** Coordination game with high = 0.2 < low = 0.5: the team coordinates on (1,1) every stage, value 3 * 2 * 0.5. */
    @Test
    void plannerPluginSolvesTheSmokeGame() {
        Registry registry = Registry.discover();
        Planner planner = registry.create(PluginKind.PLANNER, Planner.class, "team-value-iteration");
        Environment game = new CoordinationGame(3, 0.2, 0.5);
        Policy policy = planner.plan(game);
        Observation[] observations = {Observation.discrete(0), Observation.discrete(0)};
        for (int stage = 0; stage < 3; stage++) {
            assertArrayEquals(new double[] {0, 0, 0, 1}, policy.jointDistribution(stage, observations), 0.0);
        }
        assertEquals(3.0, new TeamValueIteration((TabularModel) game).initialValue(), 1e-12);
    }

    @Test
    void refusesEnvironmentWithoutModel() {
        Environment game = new CoordinationGame(1, 1, 0);
        Environment modelFree = new Environment() {
            @Override
            public io.dpmarl.core.env.EnvironmentInfo info() {
                return game.info();
            }

            @Override
            public Observation[] reset(long seed) {
                return game.reset(seed);
            }

            @Override
            public io.dpmarl.core.env.StepResult step(int[] jointAction) {
                return game.step(jointAction);
            }
        };
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new TeamValueIterationPlanner().plan(modelFree));
        assertTrue(error.getMessage().contains("TabularModel"), error.getMessage());
    }
}
