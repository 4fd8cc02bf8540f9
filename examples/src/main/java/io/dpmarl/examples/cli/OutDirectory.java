package io.dpmarl.examples.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Checks, before anything is written, that the {@code --out} directory of {@code dpmarl run} and
 * {@code dpmarl reproduce} can be used: it is a writable directory, or it can be created (its nearest existing
 * ancestor is a writable directory, and creating it succeeds). Directories created by the check are removed again,
 * so a refused or later failing command leaves nothing behind. A refusal is an {@link IllegalArgumentException}
 * naming {@code --out}, the path and what is wrong (the CLI prints it as one line, exit 2). No privacy guarantee is
 * involved: it only manages files.
 */
final class OutDirectory {
    private OutDirectory() {
    }

    /**
     * Checks that {@code out} can hold the command's output.
     *
     * @throws IllegalArgumentException naming {@code --out} if it is a file, an unwritable directory, or a directory
     *                                  that cannot be created
     */
    static void check(Path out) {
        check(out, Files::isWritable);
    }

    /** {@link #check(Path)} with the writability test given (a test seam: root may write anywhere). */
    static void check(Path out, Predicate<Path> writable) {
        Path target = out.toAbsolutePath().normalize();
        if (Files.exists(target)) {
            if (!Files.isDirectory(target)) {
                throw refused(out, "it is a file, not a directory; choose another --out");
            }
            if (!writable.test(target)) {
                throw refused(out, "the directory is not writable");
            }
            return;
        }
        Path ancestor = target.getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor == null) {
            throw refused(out, "cannot create the output directory: no part of the path exists");
        }
        if (!Files.isDirectory(ancestor)) {
            throw refused(out, "cannot create the output directory: " + ancestor + " is not a directory");
        }
        if (!writable.test(ancestor)) {
            throw refused(out, "cannot create the output directory: " + ancestor + " is not writable");
        }
        try {
            Files.createDirectories(target);
        } catch (IOException failed) {
            throw refused(out, "cannot create the output directory: " + reason(failed));
        } finally {
            removeCreated(target, ancestor);
        }
    }

    /** Deletes the directories from {@code target} up to, not including, {@code ancestor} (those the check made). */
    private static void removeCreated(Path target, Path ancestor) {
        for (Path created = target; created != null && !created.equals(ancestor); created = created.getParent()) {
            try {
                Files.deleteIfExists(created);
            } catch (IOException notEmptyOrGone) {
                return; // another process wrote into it meanwhile: not ours to delete
            }
        }
    }

    private static String reason(IOException failed) {
        if (failed instanceof FileSystemException system && system.getReason() != null) {
            return system.getReason().toLowerCase(Locale.ROOT);
        }
        if (failed instanceof NoSuchFileException) {
            return "the file system does not allow it (no such file or directory)";
        }
        if (failed instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (failed instanceof FileAlreadyExistsException) {
            return "a file of that name appeared meanwhile";
        }
        return Main.oneLine(String.valueOf(failed.getMessage()));
    }

    private static IllegalArgumentException refused(Path out, String problem) {
        return new IllegalArgumentException("--out " + out + ": " + problem);
    }
}
