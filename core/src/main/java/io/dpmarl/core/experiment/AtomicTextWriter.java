package io.dpmarl.core.experiment;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file written as it goes and published atomically: text is appended (UTF-8, buffered) to a temporary file next
 * to the target, and {@link #commit()} renames it over the target (see {@link AtomicFiles}). Closing without
 * committing deletes the temporary file, so a reader never sees a partial file and memory does not grow with the
 * content.
 */
final class AtomicTextWriter implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private final OutputStream bytes;
    private final BufferedWriter text;
    private boolean done;

    /** Opens a temporary file for {@code target}, creating parent directories. */
    AtomicTextWriter(Path target) throws IOException {
        this.target = target;
        this.temp = AtomicFiles.temporaryFor(target);
        this.bytes = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.text = new BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), 1 << 16);
    }

    /** Appends text. */
    AtomicTextWriter append(CharSequence content) throws IOException {
        text.append(content);
        return this;
    }

    /** Appends the bytes of a file (already UTF-8) after the text written so far. */
    AtomicTextWriter appendFile(Path file) throws IOException {
        text.flush();
        try (InputStream in = Files.newInputStream(file)) {
            in.transferTo(bytes);
        }
        return this;
    }

    /** Closes the temporary file and renames it over the target. */
    void commit() throws IOException {
        text.close();
        AtomicFiles.moveOver(temp, target);
        done = true;
    }

    /** Deletes the temporary file unless committed. */
    @Override
    public void close() throws IOException {
        if (!done) {
            done = true;
            try {
                text.close();
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }
}
