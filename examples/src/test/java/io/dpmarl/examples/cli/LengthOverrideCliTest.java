package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpmarl.core.experiment.MetricsCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpmarl run SPEC --set steps=N} on a spec of episodes (or {@code episodes=N} on a spec of steps) runs the
 * override's length: one {@code note:} line on stderr names the length it replaced, the run counts the new unit and
 * {@code config.json} records only that unit (the step limit kept). A refused run prints its one error line and no
 * note, exits 2 and writes nothing; an override in the spec's own unit prints no note.
 */
class LengthOverrideCliTest {
    private static Path spec(String relative) {
        Path local = Path.of("specs", relative);
        return Files.exists(local) ? local : Path.of("examples", "specs", relative);
    }

    /**
     * The smoke spec gives {@code episodes: 200} of the horizon-3 coordination game: {@code steps=30} is 30 / 3 = 10
     * whole episodes per trial.
     */
    @Test
    void stepsOnTheSmokeSpecRunsStepsWithANoteAndConfigRecordsSteps(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("out");
        Cli.Result result = Cli.runSmoke(out, "--set", "steps=30", "--set", "trials=1");
        List<String> notes = result.err().lines().filter(line -> line.startsWith("note:")).toList();
        assertEquals(List.of("note: --set steps=30 replaces schedule.episodes=200 (a schedule has one length: 30 "
                + "environment steps in all; schedule.step-limit bounds one episode)"), notes);
        JsonNode config = new ObjectMapper().readTree(out.resolve("config.json").toFile());
        assertEquals(30, config.path("spec").path("schedule.steps").asLong());
        assertTrue(config.path("spec").path("schedule.episodes").isMissingNode(), config.path("spec").toString());
        JsonNode schedule = config.path("experiments").get(0).path("schedule");
        assertEquals(30, schedule.path("steps").asLong());
        assertTrue(schedule.path("episodes").isMissingNode(), schedule.toString());
        long episodes = MetricsCsv.read(out.resolve("metrics.csv")).stream()
                .filter(record -> record.metric().equals("episode_return")).count();
        assertEquals(10, episodes, "30 steps of 3-step episodes, one trial");
    }

    @Test
    void theSpecsOwnUnitPrintsNoNote(@TempDir Path directory) {
        Path out = directory.resolve("out");
        Cli.Result result = Cli.runSmoke(out, "--set", "episodes=2", "--set", "trials=1");
        assertFalse(result.err().contains("note:"), result.err());
    }

    /**
     * Federated TD with the paper's noise calibrates it to its rounds, one per step: {@code episodes=5} on its spec of
     * steps is refused by the learner, so the note of the switch is not printed either; a refused length prints none
     * too.
     */
    @Test
    void aRefusedRunPrintsOneErrorLineAndNoNote(@TempDir Path directory) {
        Path federated = spec("federated-td/gaussian-paper-eps10-quick.yaml");
        Cli.assertBadRun(directory, federated, List.of("episodes=5"), "federated-td calibrates its noise to the number"
                + " of rounds: it needs a schedule of steps (one round per step), got 5 episodes");
        Cli.assertBadRun(directory, Cli.smokeSpec(), List.of("steps=0"),
                "key 'schedule.steps' must be in [1, inf), got 0");
    }
}
