package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that exhausts the heap (here an environment plugin that throws {@link OutOfMemoryError} when it is built, as
 * a model too large for the heap would) ends with one line that says so and how to give Java more memory, exit 1,
 * instead of a wrapped stack trace; nothing is left behind.
 */
class OutOfMemoryMessageTest {

    /** An environment whose construction runs out of heap. */
    private static final class MemoryHog implements PluginProvider<Environment> {
        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "memory-hog";
        }

        @Override
        public String description() {
            return "throws OutOfMemoryError when built";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    @Test
    void runningOutOfHeapIsOneLineWithWhatToDo(@TempDir Path directory) {
        List<PluginProvider<?>> providers = new ArrayList<>();
        Registry found = Registry.discover();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(new MemoryHog());
        Registry registry = Registry.of(providers);
        Path out = directory.resolve("hog");
        Cli.Result result = Cli.run(loader -> registry, "run", Cli.smokeSpec().toString(), "--set",
                "environment=memory-hog", "--out", out.toString());
        assertEquals(1, result.code(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("dpmarl: run ran out of memory (Java heap space at a heap of "), err);
        assertTrue(err.endsWith("MiB): give Java a larger heap, for example DPMARL_JAVA_OPTS=-Xmx8g, or choose "
                + "smaller sizes"), err);
        assertFalse(Files.exists(out), "nothing is left behind");
    }
}
