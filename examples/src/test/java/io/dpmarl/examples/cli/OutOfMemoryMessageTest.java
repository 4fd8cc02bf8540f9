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
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
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

    /**
     * The smoke spec's coordination game, except that an episode started on a trial worker thread runs out of heap:
     * the error reaches the command through the trial pool, not through planning.
     */
    private static final class HogInTrial implements PluginProvider<Environment> {
        private final PluginProvider<?> game = Registry.discover().provider(PluginKind.ENVIRONMENT,
                "coordination-game");

        @Override
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        @Override
        public String name() {
            return "hog-in-trial";
        }

        @Override
        public String description() {
            return "the coordination game, throwing OutOfMemoryError on reset in a trial";
        }

        @Override
        public ParamSpec parameters() {
            return game.parameters();
        }

        @Override
        public Environment create(Params params, PluginContext context) {
            Environment real = (Environment) game.create(params, context);
            return (Environment) Proxy.newProxyInstance(Environment.class.getClassLoader(),
                    new Class<?>[] {Environment.class}, (proxy, method, arguments) -> {
                        if (method.getName().equals("reset") && Thread.currentThread().getName().equals(
                                "dpmarl-trial")) {
                            throw new OutOfMemoryError("Java heap space");
                        }
                        try {
                            return method.invoke(real, arguments);
                        } catch (InvocationTargetException thrown) {
                            throw thrown.getCause();
                        }
                    });
        }
    }

    private static Registry withHogs() {
        List<PluginProvider<?>> providers = new ArrayList<>();
        Registry found = Registry.discover();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(new MemoryHog());
        providers.add(new HogInTrial());
        return Registry.of(providers);
    }

    @Test
    void runningOutOfHeapInATrialIsOneLineWithWhatToDo(@TempDir Path directory) {
        Registry registry = withHogs();
        Path out = directory.resolve("hog");
        Cli.Result result = Cli.run(loader -> registry, "run", Cli.smokeSpec().toString(), "--set",
                "environment=hog-in-trial(horizon=3, high=1, low=0.5)", "--out", out.toString());
        assertEquals(1, result.code(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("dpmarl: run ran out of memory (Java heap space at a heap of "), err);
        assertFalse(Files.exists(out), "no trial was complete, so nothing is left behind");
    }

    @Test
    void runningOutOfHeapIsOneLineWithWhatToDo(@TempDir Path directory) {
        Registry registry = withHogs();
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
