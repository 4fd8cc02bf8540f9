package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Atomic writes replace whole files and leave no temporary file behind. */
class AtomicFilesTest {

    @Test
    void replacesContentAndLeavesNoTemporaryFile(@TempDir Path directory) throws Exception {
        Path target = directory.resolve("sub/file.csv");
        AtomicFiles.writeText(target, "first");
        AtomicFiles.writeText(target, "second");
        assertEquals("second", Files.readString(target));
        try (var files = Files.list(target.getParent())) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void deletesLeftoversOfAKilledWriter(@TempDir Path directory) throws Exception {
        Path leftover = directory.resolve("trials/.x.csv.123.tmp");
        Files.createDirectories(leftover.getParent());
        Files.writeString(leftover, "half a fi");
        Path kept = directory.resolve("trials/keep.csv");
        Files.writeString(kept, "ok");
        AtomicFiles.deleteLeftovers(directory);
        assertFalse(Files.exists(leftover));
        assertTrue(Files.exists(kept));
    }
}
