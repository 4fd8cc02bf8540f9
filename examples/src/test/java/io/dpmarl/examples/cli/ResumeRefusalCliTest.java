package io.dpmarl.examples.cli;

import static io.dpmarl.examples.cli.RunDirectoryAssertions.assertRefusedInOneLine;
import static io.dpmarl.examples.cli.RunDirectoryAssertions.assertUnchanged;
import static io.dpmarl.examples.cli.RunDirectoryAssertions.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --resume} into a directory written for another spec or seed is refused before anything is written: one line
 * {@code dpmarl: <message>} naming the run directory, exit code 2, nothing on stdout, and every file of the directory
 * byte for byte as it was, so the complete trials of two seeds are never mixed and no earlier result is overwritten.
 */
class ResumeRefusalCliTest {
    @Test
    void reproduceResumeWithAnotherSeedIsRefusedBeforeAnyFileIsRewritten(@TempDir Path directory) throws Exception {
        Cli.Result first = Cli.run(TestReproduction.discovery(), "reproduce", TestReproduction.PAPER, "--threads", "1",
                "--no-plots", "--out", directory.toString());
        assertEquals(0, first.code(), first.err());
        Map<String, byte[]> before = snapshot(directory);

        Cli.Result other = Cli.run(TestReproduction.discovery(), "reproduce", TestReproduction.PAPER, "--seed", "7",
                "--resume", "--no-plots", "--out", directory.toString());
        Path run = directory.resolve(TestReproduction.PAPER).resolve("tiny");
        assertRefusedInOneLine(other, "dpmarl: cannot resume " + run
                + ": its config.json was written for another spec; choose another --out");
        assertUnchanged(before, directory);
    }

    @Test
    void runResumeWithAnotherSeedIsRefusedAndLeavesTheRunAsItWas(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        Cli.runSmoke(out, "--set", "episodes=20");
        Map<String, byte[]> before = snapshot(out);
        Cli.Result other = Cli.tryRunSmoke(out, "--set", "episodes=20", "--set", "seed=43", "--resume");
        assertRefusedInOneLine(other, "dpmarl: cannot resume " + out
                + ": its config.json was written for another spec; choose another --out");
        assertUnchanged(before, out);
    }

    @Test
    void resumeOverAnUnreadableConfigNamesTheDirectoryAndTheFile(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        Cli.runSmoke(out, "--set", "episodes=20");
        // A config.json cut off after its first line, as a disk-full copy could leave it.
        Files.writeString(out.resolve("config.json"), "{\n  \"spec\" : {\n");
        Map<String, byte[]> before = snapshot(out);
        Cli.Result resumed = Cli.tryRunSmoke(out, "--set", "episodes=20", "--resume");
        assertEquals(2, resumed.code(), resumed.err());
        String line = resumed.err().strip();
        assertFalse(line.contains("\n"), "one line");
        String prefix = "dpmarl: cannot resume " + out + ": its config.json cannot be read (";
        assertEquals(prefix, line.substring(0, Math.min(line.length(), prefix.length())), line);
        assertEquals("); choose another --out", line.substring(line.length() - "); choose another --out".length()));
        assertUnchanged(before, out);
    }
}
