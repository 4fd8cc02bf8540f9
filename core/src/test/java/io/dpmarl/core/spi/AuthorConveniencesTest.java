package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.RandomStreams;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The two conveniences a learner author uses to declare a release stream: the privatizer a parameter names
 * ({@link PluginContext#privatizer}) and the number of training steps ({@link Schedule#trainingSteps}).
 */
class AuthorConveniencesTest {
    private static final ParamSpec PARAMETERS = ParamSpec.of(
            Param.plugin("privatizer", PluginKind.PRIVATIZER, "privatizer of every reward").withDefault(Param.NONE));

    private static EnvironmentInfo info(int horizon) {
        return new EnvironmentInfo("chain-test", 2, List.of(new Space.Discrete(3), new Space.Discrete(3)),
                List.of(new Space.Discrete(2), new Space.Discrete(2)), horizon,
                GameType.finite(GameType.Utility.COOPERATIVE));
    }

    @Test
    void trainingStepsCountEpisodesTimesTheirLengthOrTheSteps() {
        assertEquals(40 * 6, Schedule.episodes(40).trainingSteps(info(6)));
        assertEquals(40 * 4, Schedule.episodes(40).withStepLimit(4).trainingSteps(info(6)), "the limit cuts");
        assertEquals(40 * 6, Schedule.episodes(40).withStepLimit(9).trainingSteps(info(6)), "the horizon cuts");
        assertEquals(1000, Schedule.steps(1000).trainingSteps(info(6)));
        assertEquals(1000, Schedule.steps(1000).trainingSteps(info(Integer.MAX_VALUE)), "steps need no horizon");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Schedule.episodes(40).trainingSteps(info(Integer.MAX_VALUE))).getMessage()
                .startsWith("schedule.step-limit must be set in [1, inf) for chain-test"));
    }

    /**
     * Episodes times the steps of one episode must fit in a long: the largest accepted count is
     * floor((2^63 - 1) / 6) = 1537228672809129301 for 6 steps (6 times it is 2^63 - 2), and
     * floor((2^63 - 1) / 4) = 2305843009213693951 when a step limit of 4 cuts a horizon of 6. One more is refused
     * with an IllegalArgumentException naming schedule.episodes, what it is multiplied by and the range.
     */
    @Test
    void trainingStepsThatOverflowALongAreRefusedNamingTheEpisodes() {
        assertEquals(9223372036854775806L, Schedule.episodes(1537228672809129301L).trainingSteps(info(6)));
        assertEquals("schedule.episodes must be in [1, 1537228672809129301] for chain-test: it is multiplied by the 6 "
                + "steps of one episode (the horizon) to count the training steps, which must fit in a long; got "
                + "1537228672809129302", assertThrows(IllegalArgumentException.class,
                () -> Schedule.episodes(1537228672809129302L).trainingSteps(info(6))).getMessage());
        assertEquals("schedule.episodes must be in [1, 2305843009213693951] for chain-test: it is multiplied by the 4 "
                + "steps of one episode (schedule.step-limit) to count the training steps, which must fit in a long; "
                + "got 9223372036854775807", assertThrows(IllegalArgumentException.class,
                () -> Schedule.episodes(Long.MAX_VALUE).withStepLimit(4).trainingSteps(info(6))).getMessage());
    }

    @Test
    void thePrivatizerAParameterNamesIsCreatedInTheContext() {
        Registry registry = TestPlugins.registry();
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT,
                io.dpmarl.core.privacy.Accountant.class, "sum-test"), 1e-6);
        PluginContext context = new PluginContext(RandomStreams.of(1), RandomStreams.of(2).noise("privacy"), ledger,
                Optional.empty(), registry);
        assertEquals(Optional.empty(), context.privatizer(PARAMETERS.resolve("team-test", java.util.Map.of()),
                "privatizer", "team-test", Statistic.Scalar.class), "none is no privatizer");

        Privatizer privatizer = context.privatizer(PARAMETERS.resolve("team-test",
                java.util.Map.of("privatizer", "shift-test(epsilon=0.5)")), "privatizer", "team-test",
                Statistic.Scalar.class).orElseThrow();
        assertEquals("shift-test", privatizer.name());
        privatizer.release(new Statistic.Scalar(1), context.noise(), ledger, LedgerKey.agent(0));
        assertEquals(1, ledger.releases(LedgerKey.agent(0)), "it charges the context's ledger");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> context.privatizer(PARAMETERS.resolve("team-test", java.util.Map.of("privatizer", "shift-test")),
                        "privatizer", "team-test", Statistic.Vector.class));
        assertEquals("team-test: parameter 'privatizer' must name a privatizer that accepts Vector statistics; "
                + "'shift-test' accepts [Scalar]", refused.getMessage());
    }
}
