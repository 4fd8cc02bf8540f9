package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.tabular.qd.DpQdLearner;
import io.dpmarl.algorithms.tabular.qd.GainSchedule;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.privatizers.RandomizedResponsePrivatizer;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The message privatizer of a networked learner that can never release the learner's message is refused when the
 * learner is built, so when the run is checked: DPC-MARL's critic channel declares a vector of the critic's
 * parameter count, DP-QD-Learning's streams a scalar. Through the API nothing is charged or drawn; on the CLI
 * (DPC-MARL: the DP-QD plugin already refuses a privatizer without Scalar by name), in a grid whose SECOND
 * experiment has such a privatizer, {@code dpmarl run} prints one line, exits 2, writes nothing and runs no trial
 * of any experiment (an evaluator plugin counts the training episodes that started).
 *
 * <p>The environment is {@code cbmp(agents=3, graph=path)}: 2 states and 2 actions per agent, so the linear DPC-MARL
 * critic, one weight per (state, joint action), has 2 * 2^3 = 16 parameters, and its message perturbs 16
 * coordinates.
 */
class ChannelShapePreflightCliTest {
    private static final String ENVIRONMENT = "cbmp(agents=3, graph=path, model-seed=2023)";
    private final PreflightCli cli = new PreflightCli();

    /** A seeded noise source that counts the words drawn from it. */
    private static final class CountingNoise implements NoiseSource {
        private final NoiseSource bits = NoiseSource.seeded(4);
        private long drawn;

        @Override
        public long nextLong() {
            drawn++;
            return bits.nextLong();
        }

        @Override
        public boolean isSeeded() {
            return true;
        }
    }

    /** Builds {@code learner} on the test's environment and expects its refusal; nothing charged or drawn. */
    private void assertRefusedWhenBuilt(String learner, String expected) {
        Registry registry = cli.registry();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountingNoise noise = new CountingNoise();
        PluginContext context = new PluginContext(RandomStreams.of(3), noise, ledger, Optional.empty(), registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, ENVIRONMENT, context);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, learner, context.withEnvironment(environment)));
        assertTrue(refused.getMessage().contains(expected), refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
        assertEquals(0, noise.drawn, "nothing drawn");
    }

    private static String grid(String learner, String privatizers) {
        return """
                name: channel-shape
                environment: %s
                learner: %s
                accountant: basic
                delta: 0
                schedule:
                  steps: 20
                  step-limit: 10
                evaluators: [episode-counter]
                trials: 1
                seed: 2023
                threads: 1
                grid:
                  privatizer: [%s]
                """.formatted(ENVIRONMENT, learner, privatizers);
    }

    @Test
    void aCriticPrivatizerCappedBelowTheCriticIsRefusedWhenTheLearnerIsBuilt() {
        // 16 critic parameters (class comment); the cap 15 is one short.
        assertRefusedWhenBuilt("dpc-marl-linear(privatizer=laplace(epsilon=1, max-coordinates=15))",
                "max-coordinates must be in [16, inf) for it, got 15");
    }

    @Test
    void aMessagePrivatizerThatTakesNoScalarIsRefusedWhenTheQdLearnerIsBuilt() {
        // DP-QD-Learning's message is one Q-value, a Scalar; randomized response releases Categories only. The
        // plugin refuses such a privatizer by name already; the learner built through the Java API now refuses it
        // when its streams open, before anything is charged or drawn (before: at the first step's release).
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountingNoise noise = new CountingNoise();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new DpQdLearner(3, 2, 2,
                GraphProcess.fixed(CommunicationGraph.path(3)), GainSchedule.kar(1, 0.05), 0.7,
                Optional.of(new RandomizedResponsePrivatizer(1, 2, Neighbouring.RECORD)), noise, ledger,
                RandomStreams.of(3).stream(DpQdLearner.BEHAVIOUR_STREAM), TrialMetrics.discarding(), 0));
        assertTrue(refused.getMessage().endsWith("but the stream was opened for Scalar(1)"), refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
        assertEquals(0, noise.drawn, "nothing drawn");
    }

    @Test
    void aGridWhoseSecondCriticPrivatizerCannotCoverTheCriticIsRefusedBeforeAnyTrial(@TempDir Path directory)
            throws Exception {
        cli.assertRefusedBeforeAnyTrial(directory, grid("dpc-marl-linear",
                "\"laplace(epsilon=1)\", \"laplace(epsilon=1, max-coordinates=15)\""),
                "max-coordinates must be in [16, inf) for it, got 15");
    }

    @Test
    void theSameGridWithACoveringCapRuns(@TempDir Path directory) throws Exception {
        // The counter and the spec are live: with max-coordinates = 16 (exactly the critic) every trial runs.
        int episodes = cli.episodesOfARun(directory, grid("dpc-marl-linear",
                "\"laplace(epsilon=1)\", \"laplace(epsilon=1, max-coordinates=16)\""));
        assertEquals(2 * 2, episodes, "2 experiments x 1 trial x (20 steps / 10 per episode)");
    }
}
