package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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

    @Test
    void writeIfAbsentCreatesOnceAndNeverReplaces(@TempDir Path directory) throws Exception {
        Path target = directory.resolve("config.json");
        assertTrue(AtomicFiles.writeIfAbsent(target, "first".getBytes(StandardCharsets.UTF_8)));
        assertFalse(AtomicFiles.writeIfAbsent(target, "second".getBytes(StandardCharsets.UTF_8)));
        assertEquals("first", Files.readString(target), "the first writer's content is kept");
        try (var files = Files.list(directory)) {
            assertEquals(List.of(target), files.toList(), "no temporary file is left, by the winner or the loser");
        }
    }

    @Test
    void theExclusiveCreateOfFileSystemsWithoutHardLinksNeverReplacesEither(@TempDir Path directory)
            throws Exception {
        Path target = directory.resolve("config.json");
        assertTrue(AtomicFiles.createExclusively(target, "first".getBytes(StandardCharsets.UTF_8)));
        assertFalse(AtomicFiles.createExclusively(target, "second".getBytes(StandardCharsets.UTF_8)));
        assertEquals("first", Files.readString(target));
    }

    /**
     * Two writers released together, many times over: whatever the interleaving, exactly one creates the file and
     * it holds that writer's content whole.
     */
    @Test
    void ofTwoConcurrentWritersExactlyOneWins(@TempDir Path directory) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 50; round++) {
                Path target = directory.resolve("config-" + round + ".json");
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<Boolean>> writers = new ArrayList<>();
                for (String content : List.of("a".repeat(4096), "b".repeat(4096))) {
                    writers.add(pool.submit(() -> {
                        start.await();
                        return AtomicFiles.writeIfAbsent(target, content.getBytes(StandardCharsets.UTF_8));
                    }));
                }
                boolean first = writers.get(0).get();
                boolean second = writers.get(1).get();
                assertTrue(first ^ second, "round " + round + ": exactly one writer wins");
                assertEquals((first ? "a" : "b").repeat(4096), Files.readString(target), "round " + round);
            }
        } finally {
            pool.shutdownNow();
        }
        try (var files = Files.list(directory)) {
            assertEquals(50, files.count(), "no temporary file is left");
        }
    }
}
