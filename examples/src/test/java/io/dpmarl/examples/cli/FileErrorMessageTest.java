package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/**
 * A file-system error met after the up-front {@code --out} check (for example permissions changed during a run)
 * names the file being written, not the temporary file of its atomic write ({@code DIR/.NAME.PID-N.tmp}).
 */
class FileErrorMessageTest {
    @Test
    void aTemporaryFileIsShownAsTheFileItWrites() {
        assertEquals("permission denied: /runs/x/config.json",
                Main.message(new AccessDeniedException("/runs/x/.config.json.32580-1.tmp")));
        assertEquals("no such file: runs/x/trials/0/3.metrics.csv",
                Main.message(new NoSuchFileException("runs/x/trials/0/.3.metrics.csv.7-12.tmp")));
        assertEquals("permission denied: .config.json",
                Main.message(new AccessDeniedException("..config.json.1-1.tmp")));
        // Other names are kept as they are.
        assertEquals("permission denied: /runs/x/.hidden.tmp",
                Main.message(new AccessDeniedException("/runs/x/.hidden.tmp")));
        assertEquals("no such file: spec.yaml", Main.message(new NoSuchFileException("spec.yaml")));
    }
}
