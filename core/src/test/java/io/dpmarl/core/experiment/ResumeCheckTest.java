package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ExperimentRunner#checkResumable}: the check a command makes before it writes anything, so that a run of
 * another spec or seed is never continued in (and mixed into) a run directory. Each refusal is an
 * {@link IllegalArgumentException} naming the directory; nothing is written by the check itself.
 */
class ResumeCheckTest {
    private static final String SPEC = TestSpecs.bandit("resume-check", """
            episodes: 4
            trials: 2
            seed: 11
            """);

    private final Registry registry = TestPlugins.registry();

    private ExperimentPlan plan(String seed) {
        return ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec").with("seed", seed), registry);
    }

    @Test
    void aMissingOrEmptyDirectoryAndARunOfTheSameSpecMayBeResumed(@TempDir Path directory) throws Exception {
        Path run = directory.resolve("run");
        assertDoesNotThrow(() -> ExperimentRunner.checkResumable(plan("11"), run));
        Files.createDirectory(run);
        assertDoesNotThrow(() -> ExperimentRunner.checkResumable(plan("11"), run));
        new ExperimentRunner(registry).run(plan("11"), RunOptions.of(run, 1, line -> { }).withPlots(false));
        assertDoesNotThrow(() -> ExperimentRunner.checkResumable(plan("11"), run));
    }

    @Test
    void aRunOfAnotherSeedIsRefusedAndLeftAsItWas(@TempDir Path directory) throws Exception {
        Path run = directory.resolve("run");
        new ExperimentRunner(registry).run(plan("11"), RunOptions.of(run, 1, line -> { }).withPlots(false));
        byte[] config = Files.readAllBytes(run.resolve("config.json"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ExperimentRunner.checkResumable(plan("12"), run));
        assertEquals("cannot resume " + run + ": its config.json was written for another spec; choose another --out",
                error.getMessage());
        assertArrayEquals(config, Files.readAllBytes(run.resolve("config.json")));
    }

    @Test
    void aFileAFolderThatIsNoRunAndAnUnreadableConfigAreRefused(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("file"), "x");
        assertEquals("run directory " + file + " is a file; choose another --out", assertThrows(
                IllegalArgumentException.class, () -> ExperimentRunner.checkResumable(plan("11"), file)).getMessage());
        Path other = Files.createDirectory(directory.resolve("other"));
        Files.writeString(other.resolve("notes.txt"), "x");
        assertEquals("run directory " + other + " exists and is not a dpmarl run; choose another --out",
                assertThrows(IllegalArgumentException.class,
                        () -> ExperimentRunner.checkResumable(plan("11"), other)).getMessage());
        Path torn = Files.createDirectory(directory.resolve("torn"));
        Files.writeString(torn.resolve("config.json"), "{\"spec\" : ");
        String message = assertThrows(IllegalArgumentException.class,
                () -> ExperimentRunner.checkResumable(plan("11"), torn)).getMessage();
        String prefix = "cannot resume " + torn + ": its config.json cannot be read (";
        assertEquals(prefix, message.substring(0, Math.min(prefix.length(), message.length())), message);
    }
}
