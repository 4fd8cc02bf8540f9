package io.dpmarl.examples.reproduce.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The platoon's {@code start} parameter on the command line: a value other than paper or reference-code is bad
 * input.
 */
class CapcStartCliTest {
    @TempDir
    Path directory;

    @Test
    void anUnknownStartIsOneLineExitTwoAndWritesNothing() {
        Path out = directory.resolve("bad-start");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", "specs/dpc-marl/catch-up-consensus-quick.yaml", "--set",
                "environment.start=code", "--out", out.toString()}, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true), Registry::discover);
        String message = err.toString().strip();
        assertEquals(2, code, message);
        assertFalse(message.contains("\n"), "one line: " + message);
        assertTrue(message.contains("start") && message.contains("reference-code"), message);
        assertFalse(Files.exists(out), "nothing written");
    }
}
