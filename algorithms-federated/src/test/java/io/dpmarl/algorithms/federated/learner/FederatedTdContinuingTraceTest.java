package io.dpmarl.algorithms.federated.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code trace=continue}: Algorithm 1 of the federated TD(lambda) paper initialises the trace once and runs one
 * trajectory. On {@code federated-cost-chain(restart=continue)}, N episodes of L rounds must therefore give exactly
 * (bit for bit) the parameters of one episode of N L rounds with the same seeds: the two runs then make the same
 * rounds on the same transitions, costs and noise draws, which is the derivation-free identity of one chain. With
 * {@code trace=restart} (or a restarting environment) the episode boundaries reset z and the parameters differ.
 */
class FederatedTdContinuingTraceTest {
    private static final int AGENTS = 3;
    private static final int ROUNDS = 120;

    /** The average parameters after {@code episodes} equal episodes of the given run (resets seeded 100, 101, ...). */
    private static double[] run(String environmentSpec, String learnerSpec, int episodes) {
        Registry registry = Registry.discover();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(3),
                PrivacyLedger.unaccounted(), Optional.empty(), registry)
                .withSchedule(Schedule.steps(ROUNDS).withStepLimit(ROUNDS / episodes));
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, environmentSpec, context);
        FederatedTdLearner learner = (FederatedTdLearner) registry.create(PluginKind.LEARNER, Learner.class,
                learnerSpec, context.withEnvironment(environment));
        int length = ROUNDS / episodes;
        for (int episode = 0; episode < episodes; episode++) {
            Observation[] observations = environment.reset(100 + episode);
            learner.beginEpisode(episode, observations);
            for (int t = 0; t < length; t++) {
                int[] action = learner.act(t, observations);
                StepResult result = environment.step(action);
                learner.observe(t, action, result);
                observations = result.observations();
            }
            learner.endEpisode(episode);
        }
        assertEquals(ROUNDS, learner.team().rounds());
        return learner.team().averageParameters();
    }

    private static final String CONTINUING = "federated-cost-chain(agents=3, states=7, features=2, model-seed=4,"
            + " restart=continue)";

    @Test
    void continuingEpisodesGiveTheParametersOfOneEpisode() {
        for (String learner : new String[] {"federated-td(alpha=0.1, noise=none, trace=continue)",
            "federated-td(noise=sound, epsilon=10, trace=continue)",
            "federated-td(noise=laplace-global, epsilon=10, trace=continue)"}) {
            double[] one = run(CONTINUING, learner, 1);
            assertArrayEquals(one, run(CONTINUING, learner, 6), 0.0, learner);
            assertArrayEquals(one, run(CONTINUING, learner, 40), 0.0, learner);
        }
    }

    /** The final td_error and j_value of one pipeline trial (trial seed 7) of 120 steps cut at {@code stepLimit}. */
    private static double[] pipeline(String learner, int stepLimit) {
        Schedule schedule = Schedule.steps(ROUNDS).withStepLimit(stepLimit);
        PipelineSpec spec = new PipelineSpec(CONTINUING, learner, "rdp", 1e-6, Optional.empty(),
                List.of("td-error", "j-deviation"), Optional.of(schedule));
        List<MetricRecord> records = new ArrayList<>();
        Pipeline run = PipelineModule.assemble(spec, Registry.discover(), RandomStreams.of(7), records::add);
        run.run(new TrialId("continuing", 0, 7), schedule);
        long last = ROUNDS / stepLimit;
        return new double[] {value(records, last, "td_error"), value(records, last, "j_value")};
    }

    private static double value(List<MetricRecord> records, long step, String metric) {
        return records.stream().filter(r -> r.step() == step && r.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " at step " + step)).value();
    }

    @Test
    void thePipelineRunsOneChainWhateverTheStepLimit() {
        // the pipeline reseeds every episode from the trial's reset stream; the continuing chain ignores those seeds
        String continuing = "federated-td(power=0.65, noise=sound, epsilon=10, trace=continue)";
        assertArrayEquals(pipeline(continuing, ROUNDS), pipeline(continuing, 20), 0.0);
        String restart = "federated-td(power=0.65, noise=sound, epsilon=10)";
        assertFalse(Arrays.equals(pipeline(restart, ROUNDS), pipeline(restart, 20)));
    }

    @Test
    void restartingTheTraceBreaksTheIdentity() {
        String restart = "federated-td(alpha=0.1, noise=none, trace=restart)";
        double[] one = run(CONTINUING, restart, 1);
        assertFalse(Arrays.equals(one, run(CONTINUING, restart, 6)));
        // the default is restart
        assertArrayEquals(run(CONTINUING, "federated-td(alpha=0.1, noise=none)", 6), run(CONTINUING, restart, 6),
                0.0);
    }

    /** A learner on a hand-built 4-state chain, fed transitions directly (no environment dynamics involved). */
    private static FederatedTdLearner handLearner(String trace) {
        Registry registry = Registry.discover();
        PluginContext base = PluginContext.standalone(registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=3, states=4, features=2, model-seed=1)", base);
        return (FederatedTdLearner) registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td(alpha=0.1, noise=none, trace=" + trace + ")", base.withEnvironment(environment));
    }

    private static Observation[] at(int state) {
        Observation[] observations = new Observation[AGENTS];
        Arrays.fill(observations, Observation.discrete(state));
        return observations;
    }

    private static void step(FederatedTdLearner learner, int next) {
        learner.observe(0, new int[AGENTS], new StepResult(at(next), new double[] {0.1, 0.2, 0.3}, false, false,
                Map.of()));
    }

    @Test
    void aContinuingTraceIsCarriedOverTheBoundaryEvenInStateZero() {
        // the episode ends in state 0, the smallest state: the carried-over trace must not be restarted there
        FederatedTdLearner continuing = handLearner("continue");
        continuing.beginEpisode(0, at(1));
        step(continuing, 2);
        step(continuing, 0);
        double[] carried = continuing.team().trace();
        continuing.beginEpisode(1, at(0));
        assertArrayEquals(carried, continuing.team().trace(), 0.0);
        assertEquals(0, continuing.team().state());
        // z_1 = gamma lambda phi(1)... after two rounds z = (gamma lambda)^2 phi(1) + gamma lambda phi(2) + phi(0),
        // never phi(0) alone (what a restart would give), since phi(1) and phi(2) are not both zero
        FederatedTdLearner restarting = handLearner("restart");
        restarting.beginEpisode(0, at(1));
        step(restarting, 2);
        step(restarting, 0);
        assertArrayEquals(carried, restarting.team().trace(), 0.0);
        restarting.beginEpisode(1, at(0));
        assertFalse(Arrays.equals(carried, restarting.team().trace()));
        assertArrayEquals(restarting.team().features().phi(0), restarting.team().trace(), 0.0);
    }

    @Test
    void aContinuingTraceRefusesAnEpisodeThatDoesNotStartWhereTheLastEnded() {
        FederatedTdLearner continuing = handLearner("continue");
        continuing.beginEpisode(0, at(3));
        step(continuing, 1);
        double[] before = continuing.team().trace();
        IllegalStateException jump = assertThrows(IllegalStateException.class,
                () -> continuing.beginEpisode(1, at(2)));
        assertTrue(jump.getMessage().contains("trace=continue") && jump.getMessage().contains("restart=continue")
                && jump.getMessage().contains("must start in state 1") && jump.getMessage().endsWith("got 2"),
                jump.getMessage());
        assertArrayEquals(before, continuing.team().trace(), 0.0);
        // on a restarting environment a run is refused at its first boundary that jumps
        IllegalStateException onUniform = assertThrows(IllegalStateException.class, () -> run(
                "federated-cost-chain(agents=3, states=7, features=2, model-seed=4)",
                "federated-td(alpha=0.1, noise=none, trace=continue)", 40));
        assertTrue(onUniform.getMessage().contains("trace=continue"), onUniform.getMessage());
    }

    @Test
    void aBadTraceValueIsRefused() {
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> handLearner("keep"));
        assertTrue(bad.getMessage().contains("trace"), bad.getMessage());
    }
}
