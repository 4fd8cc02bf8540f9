package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
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

    @Test
    void aReadOnlyDirectoryIsNamed(@TempDir Path directory) throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")),
                "running as root, where directory permissions are not enforced");
        Path readOnly = Files.createDirectory(directory.resolve("read-only"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assertRefused("--out " + readOnly + ": the directory is not writable", run(readOnly));
            assertRefused("--out " + readOnly + ": the directory is not writable", reproduce(readOnly));
            Path inside = readOnly.resolve("run");
            assertRefused("--out " + inside + ": cannot create the output directory: " + readOnly
                    + " is not writable", run(inside));
            assertEquals(List.of(), list(readOnly));
        } finally {
            Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
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
