package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Assertions of the CLI tests that a refused command left a run directory as it was: a byte snapshot of every file,
 * its comparison, and the one-line refusal (exit code 2, nothing on stdout).
 */
final class RunDirectoryAssertions {
    private RunDirectoryAssertions() {
    }

    /** Every regular file below {@code directory}, by relative path, with its bytes. */
    static Map<String, byte[]> snapshot(Path directory) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                files.put(directory.relativize(path).toString(), Files.readAllBytes(path));
            }
        }
        return files;
    }

    /** No file of {@code directory} was added, removed or changed since {@code before}. */
    static void assertUnchanged(Map<String, byte[]> before, Path directory) throws IOException {
        Map<String, byte[]> after = snapshot(directory);
        assertEquals(before.keySet(), after.keySet(), "no file added or removed");
        before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name + " unchanged"));
    }

    /** The command was refused with exactly {@code expected} on one stderr line, exit code 2 and empty stdout. */
    static void assertRefusedInOneLine(Cli.Result result, String expected) {
        assertEquals(2, result.code(), result.err());
        assertEquals(expected, result.err().strip());
        assertFalse(result.err().strip().contains("\n"), "one line");
        assertEquals("", result.out());
    }
}
