package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.fixtures.ToyMarkovGame;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.ExactModel;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.model.KnownRewards;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The learner kit's rule "a learner never reads the exact model" against a probe learner whose provider or episodes
 * ask the environment for one capability. The toy Markov game has horizon 4 and two agents, so a run of the kit is 3
 * training episodes of 4 stages (resets 1 to 3) and one evaluation episode of 4 stages (reset 4). Deterministic:
 * the kit has no false rejections.
 */
class LearnerConformanceTest {
    private static final String PREFIX = "probe: " + LearnerConformance.RULE + "; it requested ";

    /** What the probe does; {@code episode} is -1 at creation, 0 to 2 in training, 3 in evaluation. */
    @FunctionalInterface
    private interface Probe {
        void ask(Environment environment, int episode);
    }

    /** The calls the run loop made on a probe learner. */
    private static final class Calls {
        int begins;
        int initialObservations;
        int acts;
        int evaluationActs;
        int ends;
    }

    /** {@code probe}: plays action 0 for every agent and counts the run loop's calls. */
    private static final class ProbeProvider implements PluginProvider<Learner> {
        private final Probe probe;
        private final Calls calls = new Calls();

        ProbeProvider(Probe probe) {
            this.probe = probe;
        }

        @Override
        public PluginKind kind() {
            return PluginKind.LEARNER;
        }

        @Override
        public String name() {
            return "probe";
        }

        @Override
        public String description() {
            return "test learner";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of();
        }

        @Override
        public Learner create(Params params, PluginContext context) {
            Environment environment = context.requireEnvironment(name());
            probe.ask(environment, -1);
            int agents = environment.info().numAgents();
            return new Learner() {
                private boolean evaluating;

                @Override
                public void beginEpisode(int episode, Observation[] observations) {
                    calls.begins++;
                    calls.initialObservations += observations.length;
                    probe.ask(environment, episode);
                }

                @Override
                public int[] act(int stage, Observation[] observations) {
                    calls.acts++;
                    if (evaluating) {
                        calls.evaluationActs++;
                        if (stage == 0) {
                            probe.ask(environment, LearnerConformance.EPISODES);
                        }
                    }
                    return new int[agents];
                }

                @Override
                public void observe(int stage, int[] jointAction, StepResult result) {
                }

                @Override
                public void endEpisode(int episode) {
                    calls.ends++;
                }

                @Override
                public void evaluationMode(boolean on) {
                    evaluating = on;
                }

                @Override
                public Policy policy() {
                    throw new UnsupportedOperationException("not needed by the kit");
                }
            };
        }
    }

    /** The toy game, which also tells its learners its reward table (public structure, not an exact model). */
    private static final class ToyGameWithKnownRewards extends ToyMarkovGame implements KnownRewards {
    }

    private static ProbeProvider probe(Probe probe) {
        return new ProbeProvider(probe);
    }

    private static void check(ProbeProvider provider, Environment environment) {
        LearnerConformance.checkReadsNoExactModel(Registry.of(List.of(provider)), "probe", environment);
    }

    private static AssertionError rejected(Probe probe) {
        return assertThrows(AssertionError.class, () -> check(probe(probe), new ToyMarkovGame()));
    }

    /** Asks for the tabular model in {@code episode} and carries on without it. */
    private static Probe modelIn(int episode) {
        return (environment, at) -> {
            if (at == episode) {
                assertTrue(environment.capability(TabularModel.class).isEmpty());
            }
        };
    }

    /**
     * A learner that asks for nothing passes, and did run: 3 episodes begun (each with the 2 agents' observations
     * of the reset) and ended, 3 x 4 = 12 training acts and 4 evaluation acts.
     */
    @Test
    void aLearnerThatAsksForNothingPasses() {
        ProbeProvider provider = probe((environment, episode) -> { });
        check(provider, new ToyMarkovGame());
        assertEquals(3, provider.calls.begins);
        assertEquals(6, provider.calls.initialObservations);
        assertEquals(3, provider.calls.ends);
        assertEquals(16, provider.calls.acts);
        assertEquals(4, provider.calls.evaluationActs);
    }

    /** A provider that needs the model fails with the rule, what it asked for and when, and the learner's failure. */
    @Test
    void aProviderThatNeedsTheModelFails() {
        AssertionError error = rejected((environment, episode) -> environment.capability(TabularModel.class)
                .orElseThrow(() -> new IllegalArgumentException("probe needs a tabular model")));
        assertEquals(PREFIX + "TabularModel while its provider created it; the learner then failed: "
                + "java.lang.IllegalArgumentException: probe needs a tabular model", error.getMessage());
        assertEquals("probe needs a tabular model", error.getCause().getMessage());
    }

    /** A provider that asks, gets nothing and carries on fails too: asking is the violation. */
    @Test
    void aProviderThatAsksAndCarriesOnFails() {
        assertEquals(PREFIX + "TabularModel while its provider created it", rejected(modelIn(-1)).getMessage());
    }

    /** Asking in the second training episode (episode index 1) is the run's second reset. */
    @Test
    void aLearnerThatAsksDuringTrainingFails() {
        assertEquals(PREFIX + "TabularModel in episode 2 of the run", rejected(modelIn(1)).getMessage());
    }

    /** Asking in evaluation mode, after the 3 training episodes, is the run's fourth reset. */
    @Test
    void aLearnerThatAsksDuringEvaluationFails() {
        assertEquals(PREFIX + "TabularModel in episode 4 of the run", rejected(modelIn(3)).getMessage());
    }

    /** Every type assignable to ExactModel counts, the marker itself included; each request is listed in order. */
    @Test
    void everyExactModelTypeIsRecorded() {
        AssertionError error = rejected((environment, episode) -> {
            if (episode == -1) {
                environment.capability(ExactModel.class);
            }
            if (episode == 0) {
                environment.capability(FactoredModel.class);
            }
        });
        assertEquals(PREFIX + "ExactModel while its provider created it, FactoredModel in episode 1 of the run",
                error.getMessage());
    }

    /** Asking for the environment itself yields the watched environment, so the model behind it is still refused. */
    @Test
    void theEnvironmentItselfLeadsNowhereElse() {
        AssertionError error = rejected((environment, episode) -> {
            if (episode == -1) {
                Environment itself = environment.capability(Environment.class).orElseThrow();
                assertSame(environment, itself);
                itself.capability(TabularModel.class);
            }
        });
        assertEquals(PREFIX + "TabularModel while its provider created it", error.getMessage());
    }

    /** Known rewards are public structure: answered by the environment, at creation and in every episode. */
    @Test
    void publicStructurePasses() {
        ToyGameWithKnownRewards game = new ToyGameWithKnownRewards();
        ProbeProvider provider = probe((environment, episode) ->
                assertSame(game, environment.capability(KnownRewards.class).orElseThrow()));
        check(provider, game);
        assertEquals(3, provider.calls.begins);
    }

    /** A failure that has nothing to do with the model reaches the caller unchanged. */
    @Test
    void anUnrelatedFailurePropagates() {
        IllegalStateException refused = new IllegalStateException("probe: refused");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> check(probe(
                (environment, episode) -> {
                    throw refused;
                }), new ToyMarkovGame()));
        assertSame(refused, thrown);
    }

    /**
     * An environment without a horizon runs {@value LearnerConformance#UNBOUNDED_STEPS} steps per episode: 4 x 100 =
     * 400 acts, 100 of them in evaluation.
     */
    @Test
    void aContinuingEnvironmentRunsToTheStepLimit() {
        ProbeProvider provider = probe((environment, episode) -> { });
        check(provider, new Continuing());
        assertEquals(400, provider.calls.acts);
        assertEquals(100, provider.calls.evaluationActs);
    }

    /** Null arguments are refused with an AssertionError naming them. */
    @Test
    void refusesNulls() {
        Registry registry = Registry.of(List.of(probe((environment, episode) -> { })));
        assertEquals("registry must be non-null ==> expected: not <null>", assertThrows(AssertionError.class,
                () -> LearnerConformance.checkReadsNoExactModel(null, "probe", new ToyMarkovGame())).getMessage());
        assertEquals("learnerSpec must be non-null ==> expected: not <null>", assertThrows(AssertionError.class,
                () -> LearnerConformance.checkReadsNoExactModel(registry, null, new ToyMarkovGame())).getMessage());
        assertEquals("environment must be non-null ==> expected: not <null>", assertThrows(AssertionError.class,
                () -> LearnerConformance.checkReadsNoExactModel(registry, "probe", null)).getMessage());
    }

    /** One agent, one state, two actions, no horizon: episodes never end by themselves. */
    private static final class Continuing implements Environment {
        @Override
        public EnvironmentInfo info() {
            return new EnvironmentInfo("continuing", 1, List.of(new Space.Discrete(1)), List.of(new Space.Discrete(2)),
                    Integer.MAX_VALUE, GameType.finite(GameType.Utility.SINGLE_AGENT));
        }

        @Override
        public Observation[] reset(long seed) {
            return new Observation[] {Observation.discrete(0)};
        }

        @Override
        public StepResult step(int[] jointAction) {
            return new StepResult(reset(0), new double[] {0}, false, false, Map.of());
        }
    }
}
