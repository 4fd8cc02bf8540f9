package io.dpmarl.examples.reproduce.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input to an MA-LDP run on the command line: one line naming the parameter and its accepted range, exit code 2,
 * nothing written. Each case overrides one key of the bundled quick paper spec.
 */
class MaLdpCliTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "environment=network-mdp(q=0)|'q' must be in [1",
        "environment=network-mdp(d=1)|'d' must be in [2",
        "environment=network-mdp(stay=0.1, forward=0.2)|forward[0] must be in [0, stay[0]",
        "environment=network-mdp(n=3)|negative transition probabilities",
        "environment=network-mdp(delta=1.5)|'delta' must be in [0, 1]",
        "privatizer=ma-ldp(mechanism=laplace, epsilon=0)|'epsilon' must be in (0, inf)",
        "privatizer=ma-ldp(mechanism=gaussian, epsilon=0.2, delta=1)|'delta' must be in (0, 1)",
        "privatizer=bounded-laplace(epsilon=0.1, bound=0)|'bound' must be in (0, inf)"})
    void badInputIsOneLineExitTwoAndNothingWritten(String override, String message, @TempDir Path directory)
            throws Exception {
        Path spec = Path.of("specs", "ma-ldp", "baseline-quick.yaml");
        Path out = directory.resolve("out");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        String[] overrides = {"--set", override};
        String[] args = new String[3 + overrides.length + 2];
        args[0] = "run";
        args[1] = spec.toString();
        System.arraycopy(overrides, 0, args, 2, overrides.length);
        args[2 + overrides.length] = "--out";
        args[3 + overrides.length] = out.toString();
        args[4 + overrides.length] = "--quiet";
        int code = Main.execute(java.util.Arrays.copyOf(args, 4 + overrides.length), new PrintWriter(stdout, true),
                new PrintWriter(stderr, true), Registry::discover);
        String error = stderr.toString().strip();
        assertEquals(2, code, error);
        assertTrue(error.startsWith("dpmarl: ") && error.contains(message), error);
        assertFalse(error.contains("\n"), "one line: " + error);
        assertFalse(Files.exists(out), "nothing written");
    }

    private static int run(Path out, String threads) {
        String[] args = {"run", Path.of("specs", "ma-ldp", "paper-quick.yaml").toString(), "--set", "episodes=40",
            "--set", "trials=2", "--set", "threads=" + threads, "--out", out.toString()};
        return Main.execute(args, new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true),
                Registry::discover);
    }

    /** Same seed, byte-identical metrics and privacy files with one thread and with two (noise included). */
    @Test
    void sameSeedSameBytesAtAnyThreadCount(@TempDir Path directory) throws Exception {
        Path one = directory.resolve("one");
        Path two = directory.resolve("two");
        assertEquals(0, run(one, "1"));
        assertEquals(0, run(two, "2"));
        assertArrayEquals(Files.readAllBytes(one.resolve("metrics.csv")),
                Files.readAllBytes(two.resolve("metrics.csv")));
        assertArrayEquals(Files.readAllBytes(one.resolve("privacy.csv")),
                Files.readAllBytes(two.resolve("privacy.csv")));
    }
}
