package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unusable {@code --out} of {@code dpmarl run} and {@code dpmarl reproduce} is refused before anything is written,
 * in one line naming {@code --out}, the path and what is wrong, exit 2.
 */
class OutDirectoryCliTest {
    private static void assertRefused(String expected, String... args) {
        Cli.Result result = Cli.run(args);
        assertEquals(2, result.code(), result.err());
        assertEquals("dpmarl: " + expected, result.err().strip());
        assertEquals("", result.out());
    }

    private static String[] run(Path out) {
        return new String[] {"run", Cli.smokeSpec().toString(), "--set", "episodes=2", "--set", "trials=1",
            "--no-plots", "--out", out.toString()};
    }

    private static String[] reproduce(Path out) {
        return new String[] {"reproduce", "dp-nash-vi", "--quick", "--no-plots", "--out", out.toString()};
    }

    @Test
    void aParentThatIsAFileIsNamed(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("x_file"), "keep");
        Path out = file.resolve("sub");
        String expected = "--out " + out + ": cannot create the output directory: " + file + " is not a directory";
        assertRefused(expected, run(out));
        assertRefused(expected, reproduce(out));
        Path deeper = file.resolve("a").resolve("b");
        assertRefused("--out " + deeper + ": cannot create the output directory: " + file + " is not a directory",
                run(deeper));
        assertEquals("keep", Files.readString(file));
        assertEquals(List.of(file), list(directory));
    }

    @Test
    void anExistingFileIsNamedForRunAndReproduceAlike(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("out"), "keep");
        String expected = "--out " + file + ": it is a file, not a directory; choose another --out";
        assertRefused(expected, run(file));
        assertRefused(expected, reproduce(file));
        assertEquals("keep", Files.readString(file));
        assertEquals(List.of(file), list(directory));
    }

    /**
     * A directory that is not writable, and a path to be created under one. The check is given the writability test,
     * so this runs as root too (root may write anywhere): the CLI path of a refusal is the same as in the tests above.
     */
    @Test
    void aReadOnlyDirectoryIsNamed(@TempDir Path directory) throws Exception {
        Path readOnly = Files.createDirectory(directory.resolve("read-only"));
        Predicate<Path> onlyReadOnlyRefused = p -> !p.equals(readOnly.toAbsolutePath().normalize());
        IllegalArgumentException existing = assertThrows(IllegalArgumentException.class,
                () -> OutDirectory.check(readOnly, onlyReadOnlyRefused));
        assertEquals("--out " + readOnly + ": the directory is not writable", existing.getMessage());
        Path inside = readOnly.resolve("run");
        IllegalArgumentException created = assertThrows(IllegalArgumentException.class,
                () -> OutDirectory.check(inside, onlyReadOnlyRefused));
        assertEquals("--out " + inside + ": cannot create the output directory: " + readOnly + " is not writable",
                created.getMessage());
        assertEquals(List.of(), list(readOnly));
        OutDirectory.check(inside, p -> true); // the control: writable, so accepted, and the probe is removed again
        assertEquals(List.of(), list(readOnly));
    }

    @Test
    void aUsableOutStillWorksAndTheCheckLeavesNoDirectoryBehind(@TempDir Path directory) {
        Path out = directory.resolve("new").resolve("run");
        // The check creates the missing directories to prove it can, then removes them again.
        OutDirectory.check(out);
        assertEquals(List.of(), list(directory), "the check leaves nothing behind");
        Cli.Result bad = Cli.run("run", Cli.smokeSpec().toString(), "--set", "trials=0", "--out", out.toString());
        assertEquals(2, bad.code(), bad.err());
        assertFalse(Files.exists(directory.resolve("new")), "nothing written on bad input");
        Cli.Result good = Cli.run(run(out));
        assertEquals(0, good.code(), good.err());
        assertFalse(list(out).isEmpty());
    }

    private static List<Path> list(Path directory) {
        try (var entries = Files.list(directory)) {
            return entries.sorted().toList();
        } catch (java.io.IOException unreadable) {
            throw new java.io.UncheckedIOException(unreadable);
        }
    }
}
