package io.dpmarl.core.conformance;

import static io.dpmarl.core.conformance.KitRejections.assertRejected;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.fixtures.ToyMarkovGame;
import io.dpmarl.core.model.TabularModel;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Each rule of the environment kit against the conforming toy Markov game (3 states, 2 agents with 2 actions,
 * horizon 4) and a variant that breaks that rule only: metadata, the step/reset contract, observations and
 * rewards, seed determinism, the tabular model and step against the model. The chi-square part has the kit's
 * false-rejection rate of 1e-6 (fixed seeds); the other rules are deterministic.
 */
class EnvironmentRulesConformanceTest {

    private static void assertKitRejects(Supplier<Environment> broken, String fragment) {
        assertRejected(() -> EnvironmentConformance.check(broken), fragment);
    }

    /** The toy game with its metadata replaced. */
    private static Environment withInfo(Supplier<EnvironmentInfo> info) {
        return new ToyMarkovGame() {
            @Override
            public EnvironmentInfo info() {
                return info.get();
            }
        };
    }

    private static EnvironmentInfo toyInfo(String name, GameType type) {
        EnvironmentInfo info = new ToyMarkovGame().info();
        return new EnvironmentInfo(name, info.numAgents(), info.observationSpaces(), info.actionSpaces(),
                info.horizon(), type);
    }

    /** The toy game with every step result post-processed. */
    private static Supplier<Environment> stepping(java.util.function.UnaryOperator<StepResult> change) {
        return () -> new ToyMarkovGame() {
            @Override
            public StepResult step(int[] jointAction) {
                return change.apply(super.step(jointAction));
            }
        };
    }

    @Test
    void rejectsMissingOrUnstableMetadata() {
        assertKitRejects(() -> null, "the factory returned null");
        assertKitRejects(() -> withInfo(() -> null), "info() must be non-null");
        GameType type = new ToyMarkovGame().info().gameType();
        assertKitRejects(() -> withInfo(() -> toyInfo(" ", type)), "info().name() must be non-blank");
        assertKitRejects(() -> withInfo(() -> toyInfo(null, type)), "info().name() must be non-blank");
        // Only the metadata check reads the game type: check() must run it.
        assertKitRejects(() -> withInfo(() -> toyInfo("untyped", null)), "gameType must be non-null");
        // A name that counts the calls changes between two calls.
        int[] calls = {0};
        assertKitRejects(() -> withInfo(() -> toyInfo("call-" + calls[0]++, type)),
                "info() must not change between calls");
    }

    @Test
    void metadataMustNotChangeBetweenEpisodes() {
        // The name records the number of resets: stable between two calls, not across episodes.
        GameType type = new ToyMarkovGame().info().gameType();
        Environment drifting = new ToyMarkovGame() {
            private int resets;

            @Override
            public EnvironmentInfo info() {
                return toyInfo("resets-" + resets, type);
            }

            @Override
            public Observation[] reset(long seed) {
                resets++;
                return super.reset(seed);
            }
        };
        assertRejected(() -> EnvironmentConformance.checkApiContract(drifting),
                "info() must not change between episodes");
    }

    @Test
    void invalidJointActionsMustBeRefused() {
        // Ignores entries past the number of agents (but still refuses a short joint action).
        assertKitRejects(() -> new ToyMarkovGame() {
            @Override
            public StepResult step(int[] jointAction) {
                return super.step(jointAction.length > 2 ? new int[] {jointAction[0], jointAction[1]} : jointAction);
            }
        }, "a joint action with numAgents + 1 entries must throw IllegalArgumentException");
        // Clamps actions into range instead of refusing them.
        assertKitRejects(() -> new ToyMarkovGame() {
            @Override
            public StepResult step(int[] jointAction) {
                int[] clamped = jointAction.clone();
                for (int i = 0; i < clamped.length && clamped.length == 2; i++) {
                    clamped[i] = Math.max(Math.min(clamped[i], 1), jointAction[i] < 0 ? -1 : 0);
                }
                return super.step(clamped);
            }
        }, "an action equal to the action-space size must throw IllegalArgumentException");
        // Takes a negative action modulo 2 instead of refusing it.
        assertKitRejects(() -> new ToyMarkovGame() {
            @Override
            public StepResult step(int[] jointAction) {
                int[] wrapped = jointAction.clone();
                for (int i = 0; i < wrapped.length && wrapped.length == 2; i++) {
                    wrapped[i] = wrapped[i] < 0 ? Math.floorMod(wrapped[i], 2) : wrapped[i];
                }
                return super.step(wrapped);
            }
        }, "a negative action must throw IllegalArgumentException");
    }

    @Test
    void observationsMustBeOnePerAgentInsideTheirSpaces() {
        // From reset: null, too few, a null entry, a state outside Discrete(3), a non-finite feature.
        Observation[][] broken = {
            null,
            {Observation.discrete(0)},
            {Observation.discrete(0), null},
            {Observation.discrete(0), Observation.discrete(3)},
            {Observation.discrete(0), new Observation(1, new double[] {Double.NaN})}};
        String[] messages = {"returned null observations", "must return one observation per agent",
            "observation of agent 1 is null", "is outside its space", "has a non-finite feature"};
        for (int i = 0; i < broken.length; i++) {
            Observation[] observations = broken[i];
            Supplier<Environment> resetting = () -> new ToyMarkovGame() {
                @Override
                public Observation[] reset(long seed) {
                    super.reset(seed);
                    return observations;
                }
            };
            assertRejected(() -> EnvironmentConformance.checkApiContract(resetting.get()), "reset of episode 0");
            assertRejected(() -> EnvironmentConformance.checkApiContract(resetting.get()), messages[i]);
        }
        // From step: a state outside the space.
        assertRejected(() -> EnvironmentConformance.checkApiContract(stepping(result -> new StepResult(
                new Observation[] {Observation.discrete(0), Observation.discrete(7)}, result.rewards(),
                result.terminated(), result.truncated(), result.info())).get()), "step 1 of episode 0: observation s7");
    }

    @Test
    void stepResultsMustBeComplete() {
        assertKitRejects(stepping(result -> null), "step 1 of episode 0 returned null");
        assertKitRejects(stepping(result -> new StepResult(result.observations(), null, result.terminated(),
                result.truncated(), result.info())), "returned null rewards");
        assertKitRejects(stepping(result -> new StepResult(result.observations(), new double[] {1}, result.terminated(),
                result.truncated(), result.info())), "must return one reward per agent");
        assertKitRejects(stepping(result -> new StepResult(result.observations(), result.rewards(), result.terminated(),
                result.truncated(), null)), "info map must be non-null");
    }

    @Test
    void acceptsAContinuingEnvironmentFollowedForAThousandSteps() {
        // Unbounded horizon, never done, no tabular model: the kit follows 1000 steps per episode and does not
        // ask for an end. Rewards stay finite and observations in range.
        Supplier<Environment> continuing = () -> new ToyMarkovGame() {
            private int steps;

            @Override
            public EnvironmentInfo info() {
                EnvironmentInfo info = super.info();
                return new EnvironmentInfo("continuing", 2, info.observationSpaces(), info.actionSpaces(),
                        Integer.MAX_VALUE, info.gameType());
            }

            @Override
            public Observation[] reset(long seed) {
                steps = 0;
                return super.reset(seed);
            }

            @Override
            public StepResult step(int[] jointAction) {
                StepResult result = super.step(jointAction);
                steps++;
                if (result.truncated()) {
                    super.reset(steps);
                }
                if (steps > EnvironmentConformance.UNBOUNDED_STEPS) {
                    throw new IllegalStateException("followed past " + EnvironmentConformance.UNBOUNDED_STEPS
                            + " steps");
                }
                return new StepResult(result.observations(), result.rewards(), false, false, result.info());
            }

            @Override
            public <C> Optional<C> capability(Class<C> type) {
                return Optional.empty();
            }
        };
        assertDoesNotThrow(() -> EnvironmentConformance.check(continuing));
    }

    @Test
    void seedDeterminismIsCheckedAcrossInstancesAndAcrossRuns() {
        // Each instance mixes its own serial number into the seed: one instance replays itself, two do not agree.
        int[] instances = {0};
        assertRejected(() -> EnvironmentConformance.checkSeedDeterminism(() -> new ToyMarkovGame() {
            private final int serial = instances[0]++;

            @Override
            public Observation[] reset(long seed) {
                return super.reset(seed + 1000L * serial);
            }
        }), "two instances reset with seed 42");
        // Each instance mixes the number of its resets into the seed: two fresh instances agree, a rerun does not.
        assertRejected(() -> EnvironmentConformance.checkSeedDeterminism(() -> new ToyMarkovGame() {
            private int resets;

            @Override
            public Observation[] reset(long seed) {
                return super.reset(seed + 1000L * resets++);
            }
        }), "resetting the same instance with seed 42 again");
    }

    /** The toy game with its tabular model replaced by {@code model} (the game still steps as the toy). */
    private static Environment modelled(TabularModel model) {
        return new ToyMarkovGame() {
            @Override
            @SuppressWarnings("unchecked")
            public <C> Optional<C> capability(Class<C> type) {
                return type == TabularModel.class ? Optional.of((C) model) : Optional.empty();
            }
        };
    }

    /** A model that answers as the toy game's, with the given rows. */
    private static TabularModel rows(java.util.function.IntFunction<double[]> row) {
        return new ToyMarkovGame() {
            @Override
            public double[] transition(int stage, int state, int jointAction) {
                return row.apply(stage * 100 + state * 10 + jointAction);
            }
        };
    }

    @Test
    void tabularModelMustMatchTheMetadataAndHoldDistributions() {
        ToyMarkovGame toy = new ToyMarkovGame();
        EnvironmentInfo info = toy.info();
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, new ToyMarkovGame() {
            @Override
            public int numStates() {
                return 0;
            }
        }), "numStates must be in [1, inf)");
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, new ToyMarkovGame() {
            @Override
            public int[] actionCounts() {
                return new int[] {2, 3};
            }
        }), "action counts must match the action spaces");
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, new ToyMarkovGame() {
            @Override
            public int horizon() {
                return 5;
            }
        }), "horizon must match info().horizon()");
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, new ToyMarkovGame() {
            @Override
            public double[] initialDistribution() {
                return new double[] {0.5, 0.5, 0.5};
            }
        }), "initial distribution must sum to 1");
        // Rows: null, of the wrong length, with an entry outside [0, 1] (though summing to 1).
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, rows(key -> null)),
                "P_0(. | s=0, a=0) is null");
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, rows(key -> new double[] {0.5, 0.5})),
                "must have one entry per state");
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, rows(key -> new double[] {1.2, -0.2, 0})),
                "entry 0 must be a probability, got 1.2");
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, rows(key -> new double[] {0.6, -0.2, 0.6})),
                "entry 1 must be a probability, got -0.2");
        // The last row (stage 3, state 2, joint action 3) is checked too.
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, rows(key -> key == 323
                ? new double[] {0.5, 0.5, 0.5} : new double[] {1, 0, 0})), "P_3(. | s=2, a=3) must sum to 1");
        // Deterministic rows (entries exactly 0 and 1) are distributions.
        assertDoesNotThrow(() -> EnvironmentConformance.checkTabularModel(info, rows(key -> new double[] {0, 1, 0})));
    }

    @Test
    void tabularModelRewardsMustBeFiniteForEveryAgent() {
        EnvironmentInfo info = new ToyMarkovGame().info();
        assertRejected(() -> EnvironmentConformance.checkTabularModel(info, new ToyMarkovGame() {
            @Override
            public double reward(int stage, int state, int jointAction, int agent) {
                return agent == 1 ? Double.POSITIVE_INFINITY : super.reward(stage, state, jointAction, agent);
            }
        }), "reward of agent 1 must be finite");
        // A model that refuses arguments outside its ranges (stage, agent) is correct: the kit must ask only for
        // stages 0..H-1, states 0..S-1, joint actions 0..3 and agents 0..1.
        assertDoesNotThrow(() -> EnvironmentConformance.checkTabularModel(info, new ToyMarkovGame() {
            @Override
            public double[] transition(int stage, int state, int jointAction) {
                if (stage < 0 || stage >= 4 || state < 0 || state >= 3 || jointAction < 0 || jointAction >= 4) {
                    throw new IllegalArgumentException("row out of range");
                }
                return super.transition(stage, state, jointAction);
            }

            @Override
            public double reward(int stage, int state, int jointAction, int agent) {
                if (agent < 0 || agent >= 2) {
                    throw new IllegalArgumentException("agent must be in [0, 1], got " + agent);
                }
                return super.reward(stage, state, jointAction, agent);
            }
        }));
    }

    @Test
    void stepMustFollowTheModel() {
        // The model puts probability 0 on (s + a + 2) mod 3, which the game reaches with probability 0.15.
        Environment impossible = modelled(rows(key -> {
            int target = (key / 10 % 10 + key % 10) % 3;
            double[] row = new double[3];
            row[target] = 0.85;
            row[(target + 1) % 3] = 0.15;
            return row;
        }));
        TabularModel model = impossible.capability(TabularModel.class).orElseThrow();
        assertRejected(() -> EnvironmentConformance.checkStepAgainstModel(impossible, model), "of model probability 0");
        // The model starts in state 0 or 1 only, but reset draws all three states uniformly.
        Environment unreachableStart = modelled(new ToyMarkovGame() {
            @Override
            public double[] initialDistribution() {
                return new double[] {0.5, 0.5, 0};
            }
        });
        assertRejected(() -> EnvironmentConformance.checkStepAgainstModel(unreachableStart,
                unreachableStart.capability(TabularModel.class).orElseThrow()), "of initial probability 0");
        // Reset always starts in state 0 while the model declares a uniform start: the initial counts (600, 0, 0)
        // against 200 each give chi-square 400^2 / 200 + 2 * 200^2 / 200 = 1200 on 2 degrees of freedom.
        Environment stuck = new ToyMarkovGame() {
            @Override
            public Observation[] reset(long seed) {
                Observation[] first;
                long attempt = seed;
                do {
                    first = super.reset(attempt);
                    attempt += 1_000_003L;
                } while (first[0].state() != 0);
                return first;
            }
        };
        assertRejected(() -> EnvironmentConformance.checkStepAgainstModel(stuck, (ToyMarkovGame) stuck),
                "next-state frequencies disagree with the model");
    }

    @Test
    void stepIsNotComparedWhenTheStateIsNotObserved() {
        // Agent 0 observes Discrete(2), not the model's 3 states: nothing to compare, the result is empty.
        ToyMarkovGame hidden = new ToyMarkovGame() {
            @Override
            public EnvironmentInfo info() {
                EnvironmentInfo info = super.info();
                return new EnvironmentInfo(info.name(), 2, java.util.List.of(new io.dpmarl.core.env.Space.Discrete(2),
                        new io.dpmarl.core.env.Space.Discrete(3)), info.actionSpaces(), info.horizon(),
                        info.gameType());
            }
        };
        assertEquals(Optional.empty(), EnvironmentConformance.checkStepAgainstModel(hidden, hidden));
    }

    @Test
    void chiSquareGroupsSmallCellsAfterSortingAndMergesTheRemainder() {
        // Exactly 20 draws are tested: expected 10 and 10, observed 10 and 10: two groups, statistic 0, 1 df.
        double[] twenty = EnvironmentConformance.chiSquare(new long[] {10, 10}, new double[] {0.5, 0.5});
        assertEquals(0.0, twenty[0], 1e-12);
        assertEquals(1.0, twenty[1], 0.0);
        // Cells of expectation exactly 5 are groups of their own: 4 groups, 3 df.
        assertEquals(3.0, EnvironmentConformance.chiSquare(new long[] {5, 5, 5, 5},
                new double[] {0.25, 0.25, 0.25, 0.25})[1], 0.0);
        // 100 draws over probabilities 0.04, 0.5, 0.04, 0.42: sorted, the two 4s merge (8), then 42, then 50.
        // Observed 8, 46, 4, 42: groups (8 vs 12), (42 vs 42), (50 vs 46): 16 / 8 + 0 + 16 / 50 = 2.32 on 2 df.
        // (Without sorting, 4 + 50 and 4 + 42 would give 2 groups.)
        double[] sorted = EnvironmentConformance.chiSquare(new long[] {8, 46, 4, 42},
                new double[] {0.04, 0.5, 0.04, 0.42});
        assertEquals(2.32, sorted[0], 1e-9);
        assertEquals(2.0, sorted[1], 0.0);
        // 24 draws over five cells of 0.2 (expected 4.8 each): groups (4.8 + 4.8), (4.8 + 4.8), and the remainder
        // 4.8 joins the last group. Observed 4, 6, 5, 5, 4: (9.6 vs 10), (14.4 vs 14):
        // 0.4^2 / 9.6 + 0.4^2 / 14.4 = 0.0166667 + 0.0111111 on 1 df.
        double[] remainder = EnvironmentConformance.chiSquare(new long[] {4, 6, 5, 5, 4},
                new double[] {0.2, 0.2, 0.2, 0.2, 0.2});
        assertEquals(0.16 / 9.6 + 0.16 / 14.4, remainder[0], 1e-9);
        assertEquals(1.0, remainder[1], 0.0);
        // A deviation counts by its square, whatever its sign: observed 14, 6 against 10, 10 gives 16/10 + 16/10.
        assertEquals(3.2, EnvironmentConformance.chiSquare(new long[] {14, 6}, new double[] {0.5, 0.5})[0], 1e-9);
    }

    /**
     * The smallest environment: one agent, one state, two actions, horizon 1, reward = the action; its exact model
     * has one state. Every range the kit checks is at its lower end (1 agent, horizon 1, 1 state).
     */
    private static final class OneStepBandit implements Environment, TabularModel {
        private boolean active;

        @Override
        public EnvironmentInfo info() {
            return new EnvironmentInfo("one-step-bandit", 1,
                    java.util.List.of(new io.dpmarl.core.env.Space.Discrete(1)),
                    java.util.List.of(new io.dpmarl.core.env.Space.Discrete(2)), 1,
                    GameType.finite(GameType.Utility.COOPERATIVE));
        }

        @Override
        public Observation[] reset(long seed) {
            active = true;
            return new Observation[] {Observation.discrete(0)};
        }

        @Override
        public StepResult step(int[] jointAction) {
            if (!active) {
                throw new IllegalStateException("one-step-bandit: call reset before step");
            }
            if (jointAction.length != 1 || jointAction[0] < 0 || jointAction[0] > 1) {
                throw new IllegalArgumentException("jointAction must be one action in [0, 1]");
            }
            active = false;
            return new StepResult(new Observation[] {Observation.discrete(0)}, new double[] {jointAction[0]}, false,
                    true, Map.of());
        }

        @Override
        public int numStates() {
            return 1;
        }

        @Override
        public int[] actionCounts() {
            return new int[] {2};
        }

        @Override
        public int horizon() {
            return 1;
        }

        @Override
        public double[] initialDistribution() {
            return new double[] {1};
        }

        @Override
        public double[] transition(int stage, int state, int jointAction) {
            return new double[] {1};
        }

        @Override
        public double reward(int stage, int state, int jointAction, int agent) {
            return jointAction;
        }
    }

    @Test
    void acceptsTheSmallestEnvironment() {
        // One agent, horizon 1 and one state are all inside the kit's ranges [1, inf).
        assertDoesNotThrow(() -> EnvironmentConformance.check(OneStepBandit::new));
    }
}
