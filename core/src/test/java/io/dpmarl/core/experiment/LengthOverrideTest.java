package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.pipeline.Schedule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A schedule has one length: an override of the other run length ({@code steps} on a spec of episodes, or the
 * reverse) replaces the spec's length, keeps its step limit and the other schedule keys, and passes one note naming
 * what it replaced; an override in the spec's own unit, or of any other key, passes none; a refused override passes
 * none; the config map names only the unit in use. A file giving both lengths stays refused.
 */
class LengthOverrideTest {
    private static final String EPISODES_YAML = """
            name: demo
            environment: bandit-test(horizon=4)
            learner: greedy-test(exploration=0.2)
            accountant: sum-test
            schedule:
              episodes: 100
              step-limit: 3
              evaluate-every: 10
            """;

    private static final String STEPS_YAML = """
            name: demo
            environment: bandit-test(horizon=4)
            learner: greedy-test(exploration=0.2)
            accountant: sum-test
            steps: 5000
            """;

    private static ExperimentSpec parse(String yaml) {
        return ExperimentSpec.parse(yaml, false, "demo.yaml");
    }

    @Test
    void stepsOnASpecOfEpisodesReplacesItsLengthWithANote() {
        List<String> notes = new ArrayList<>();
        ExperimentSpec set = parse(EPISODES_YAML).withAll(List.of("steps=5000"), notes::add);
        assertEquals(List.of("--set steps=5000 replaces schedule.episodes=100 (a schedule has one length: 5000 "
                + "environment steps in all; schedule.step-limit bounds one episode)"), notes);
        assertEquals(Schedule.Unit.STEPS, set.schedule().unit());
        assertEquals(5000, set.schedule().length());
        assertEquals(3, set.schedule().stepLimit().getAsInt(), "the step limit still bounds each episode");
        assertEquals(10, set.schedule().evaluateEvery());
        Map<String, Object> map = set.toMap();
        assertEquals(5000L, map.get("schedule.steps"));
        assertFalse(map.containsKey("schedule.episodes"), map.toString());
        assertEquals(3, map.get("schedule.step-limit"));
        // read back from the config map, the spec counts steps
        assertEquals(set.schedule(), ExperimentSpec.fromMap(map).schedule());
    }

    @Test
    void episodesOnASpecOfStepsReplacesItsLengthWithANote() {
        List<String> notes = new ArrayList<>();
        ExperimentSpec set = parse(STEPS_YAML).withAll(List.of("schedule.episodes=40"), notes::add);
        assertEquals(List.of("--set schedule.episodes=40 replaces schedule.steps=5000 (a schedule has one length: "
                + "40 episodes)"), notes);
        assertEquals(Schedule.episodes(40), set.schedule());
        assertEquals(40L, set.toMap().get("schedule.episodes"));
        assertFalse(set.toMap().containsKey("schedule.steps"));
    }

    @Test
    void theSameUnitAndOtherKeysPassNoNote() {
        List<String> notes = new ArrayList<>();
        ExperimentSpec set = parse(EPISODES_YAML).withAll(List.of("episodes=7", "schedule.step-limit=2",
                "trials=2"), notes::add);
        assertEquals(List.of(), notes);
        assertEquals(7, set.schedule().length());
        assertEquals(2, set.schedule().stepLimit().getAsInt());
        assertEquals(Optional.empty(), parse(STEPS_YAML).lengthReplacedBy("steps"));
        assertEquals(Optional.empty(), parse(STEPS_YAML).lengthReplacedBy("schedule.step-limit"));
        assertEquals(Optional.of("schedule.steps=5000"), parse(STEPS_YAML).lengthReplacedBy("episodes"));
        assertEquals(Optional.of("schedule.episodes=100"), parse(EPISODES_YAML).lengthReplacedBy(" schedule.steps"));
    }

    /** Two overrides in different units: the later replaces the earlier, and each switch is noted. */
    @Test
    void eachSwitchIsNotedInOrder() {
        List<String> notes = new ArrayList<>();
        ExperimentSpec set = parse(EPISODES_YAML).withAll(List.of("steps=50", "episodes=9"), notes::add);
        assertEquals(List.of("--set steps=50 replaces schedule.episodes=100 (a schedule has one length: 50 "
                + "environment steps in all; schedule.step-limit bounds one episode)", "--set episodes=9 replaces "
                + "schedule.steps=50 (a schedule has one length: 9 episodes)"), notes);
        assertEquals(Schedule.Unit.EPISODES, set.schedule().unit());
    }

    @Test
    void aRefusedOverridePassesNoNote() {
        List<String> notes = new ArrayList<>();
        assertEquals("key 'schedule.steps' must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> parse(EPISODES_YAML).withAll(List.of("steps=0"), notes::add)).getMessage());
        assertEquals(List.of(), notes);
        // a grid that varies the other length refuses the override (as before), with no note
        ExperimentSpec grid = parse(EPISODES_YAML.replace("  evaluate-every: 10\n", "  evaluate-every: 10\n"
                + "grid:\n  schedule.episodes: [10, 20]\n"));
        assertEquals("--set steps: the spec's grid varies schedule.episodes (10, 20); change the grid instead",
                assertThrows(IllegalArgumentException.class, () -> grid.withAll(List.of("steps=5"), notes::add))
                        .getMessage());
        assertEquals(List.of(), notes);
    }

    @Test
    void aFileGivingBothLengthsIsStillRefused() {
        assertEquals("experiment spec s.yaml: the run length is given twice (schedule.episodes, steps); keep one of "
                + "schedule.episodes, schedule.steps", assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse("schedule:\n  episodes: 3\nsteps: 9\n", false, "s.yaml")).getMessage());
    }

    @Test
    void loadPassesTheNotesAndTheTwoArgumentFormsStaySilent(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("demo.yaml");
        Files.writeString(file, EPISODES_YAML);
        List<String> notes = new ArrayList<>();
        ExperimentSpec loaded = ExperimentSpec.load(file, List.of("steps=600"), notes::add);
        assertEquals(1, notes.size(), notes.toString());
        assertEquals(600, loaded.schedule().length());
        assertEquals(loaded, ExperimentSpec.load(file, List.of("steps=600")));
        assertEquals(loaded, parse(EPISODES_YAML).withAll(List.of("steps=600")));
    }
}
