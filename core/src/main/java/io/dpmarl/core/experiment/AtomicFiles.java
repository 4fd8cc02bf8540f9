package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Crash-safe file writes: the content goes to a temporary file next to the target, which is then
 * renamed over the target with {@link StandardCopyOption#ATOMIC_MOVE}. A reader (or a resumed run)
 * therefore sees either the old file, no file, or the complete new file, never a torn one. Temporary
 * files end in {@value #TEMP_SUFFIX}; a resumed run deletes the ones a killed run left behind.
 *
 * <p>The guarantee is against a killed or crashed process, the case {@code --resume} is for. Files are not
 * synced to the disk ({@code fsync}) before the rename, so after a power loss or an operating-system crash a
 * file may be empty or cut short; re-run the trials whose files look so (delete them, then {@code --resume}).
 */
public final class AtomicFiles {
    /** The suffix of temporary files. */
    public static final String TEMP_SUFFIX = ".tmp";
    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /** Writes the bytes to {@code target} atomically, creating parent directories. */
    public static void write(Path target, byte[] content) throws IOException {
        Path temp = temporaryFor(target);
        try {
            Files.write(temp, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            moveOver(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Writes the bytes to {@code target} only if no file of that name exists yet, atomically: of several writers
     * racing to create {@code target}, exactly one publishes its complete content and every other one gets
     * {@code false} and leaves the winner's file as it is. The content goes to a temporary file that is then
     * hard-linked as {@code target} (a link fails when the name exists, whereas a rename would replace it) and
     * removed. On a file system without hard links {@code target} is created exclusively and written in place
     * ({@link #createExclusively}).
     *
     * @return true if this call created {@code target}, false if it existed
     */
    static boolean writeIfAbsent(Path target, byte[] content) throws IOException {
        Path temp = temporaryFor(target);
        try {
            Files.write(temp, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.createLink(target, temp);
                return true;
            } catch (FileAlreadyExistsException taken) {
                return false;
            } catch (UnsupportedOperationException | FileSystemException noHardLinks) {
                return createExclusively(target, content);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Creates {@code target} with the bytes unless it exists (an exclusive create, atomic in every file system, but a
     * reader may see the file before all of it is written): the fallback of {@link #writeIfAbsent}.
     *
     * @return true if this call created {@code target}, false if it existed
     */
    static boolean createExclusively(Path target, byte[] content) throws IOException {
        try {
            Files.write(target, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return true;
        } catch (FileAlreadyExistsException taken) {
            return false;
        }
    }

    /**
     * A fresh temporary file name next to {@code target} (parent directories created), removed by
     * {@link #deleteLeftovers} if a writer is killed before {@link #moveOver}.
     */
    static Path temporaryFor(Path target) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        // Named by hand (not Files.createTempFile) so the file gets the usual umask permissions, not 0600.
        return parent.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + COUNTER.incrementAndGet() + TEMP_SUFFIX);
    }

    /** Renames a complete temporary file over {@code target}, atomically where the file system can. */
    static void moveOver(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException unsupported) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Writes UTF-8 text to {@code target} atomically. */
    public static void writeText(Path target, String content) throws IOException {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    /** Deletes the temporary files a killed writer left in {@code directory} and its sub-directories. */
    public static void deleteLeftovers(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                if (Files.isRegularFile(path) && path.getFileName().toString().endsWith(TEMP_SUFFIX)) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    /** Deletes a directory and everything in it (a run directory that holds nothing worth keeping). */
    public static void deleteTree(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
