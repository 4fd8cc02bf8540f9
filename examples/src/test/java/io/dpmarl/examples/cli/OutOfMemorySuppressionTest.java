package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running out of heap is reported as such however the {@link OutOfMemoryError} reaches the command line. The JVM
 * throws one shared instance once the heap is exhausted, so a try-with-resources whose {@code close()} also runs out
 * adds the error as suppressed to itself, which {@link Throwable#addSuppressed} refuses with an
 * {@link IllegalArgumentException} "Self-suppression not permitted" caused by it: that used to be printed as bad
 * input ("dpmarl: Self-suppression not permitted", exit 2). A synthetic error stands in for the exhausted heap.
 */
class OutOfMemorySuppressionTest {

    /** A resource whose closing fails unchecked. */
    private interface Resource extends AutoCloseable {
        @Override
        void close();
    }

    /** An environment whose construction fails as {@code failure} says, given the shared error. */
    private static final class Failing implements PluginProvider<Environment> {
        private final String name;
        private final java.util.function.Consumer<OutOfMemoryError> failure;

        Failing(String name, java.util.function.Consumer<OutOfMemoryError> failure) {
            this.name = name;
            this.failure = failure;
        }

        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "fails with a synthetic OutOfMemoryError when built";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            failure.accept(new OutOfMemoryError("Java heap space"));
            throw new AssertionError("unreachable");
        }
    }

    /** The body and the closing resource throw the same error, as the JVM's shared instance does. */
    private static void selfSuppressed(OutOfMemoryError shared) {
        try (Resource resource = () -> {
            throw shared;
        }) {
            throw shared;
        }
    }

    /** The body fails with an I/O error and closing runs out of heap: the error is suppressed by the I/O error. */
    private static void suppressedByIo(OutOfMemoryError memory) {
        try (Resource resource = () -> {
            throw memory;
        }) {
            throw new UncheckedIOException(new IOException("disk full"));
        }
    }

    private static Registry registry() {
        List<PluginProvider<?>> providers = new ArrayList<>();
        Registry found = Registry.discover();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(new Failing("self-suppressed", OutOfMemorySuppressionTest::selfSuppressed));
        providers.add(new Failing("suppressed-by-io", OutOfMemorySuppressionTest::suppressedByIo));
        return Registry.of(providers);
    }

    @Test
    void theJvmRefusesSelfSuppressionWithAnErrorCausedByTheOutOfMemoryError() {
        OutOfMemoryError shared = new OutOfMemoryError("Java heap space");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> selfSuppressed(shared));
        assertEquals("Self-suppression not permitted", refused.getMessage());
        assertSame(shared, refused.getCause());
        assertSame(shared, Main.outOfMemory(refused));
    }

    @Test
    void anOutOfMemoryErrorSuppressedAtAnyDepthIsFound() {
        OutOfMemoryError memory = new OutOfMemoryError("Java heap space");
        IOException io = new IOException("disk full");
        io.addSuppressed(memory);
        RuntimeException outer = new RuntimeException(new IllegalStateException(io));
        assertSame(memory, Main.outOfMemory(outer));
        RuntimeException cycleA = new RuntimeException("a");
        RuntimeException cycleB = new RuntimeException("b", cycleA);
        cycleA.addSuppressed(cycleB);
        assertNull(Main.outOfMemory(cycleA), "a cycle without an OutOfMemoryError ends");
        assertNull(Main.outOfMemory(new IllegalArgumentException("bad input")));
    }

    @Test
    void aSelfSuppressedOutOfMemoryErrorIsReportedAsOutOfMemory(@TempDir Path directory) {
        assertOutOfMemoryLine(directory, "self-suppressed");
    }

    @Test
    void anOutOfMemoryErrorSuppressedByAnIoErrorIsReportedAsOutOfMemory(@TempDir Path directory) {
        assertOutOfMemoryLine(directory, "suppressed-by-io");
    }

    private static void assertOutOfMemoryLine(Path directory, String environment) {
        Registry registry = registry();
        Path out = directory.resolve("out");
        Cli.Result result = Cli.run(loader -> registry, "run", Cli.smokeSpec().toString(), "--set",
                "environment=" + environment, "--out", out.toString());
        assertEquals(1, result.code(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), err);
        long heap = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        assertEquals("dpmarl: run ran out of memory (Java heap space at a heap of " + heap + " MiB): give Java a "
                + "larger heap, for example DPMARL_JAVA_OPTS=-Xmx8g, or choose smaller sizes", err);
        assertFalse(err.contains("Self-suppression"), err);
        assertEquals("", result.out());
        assertFalse(Files.exists(out), "nothing is left behind");
        assertTrue(Files.isDirectory(directory));
    }
}
