package io.dpmarl.examples.reproduce;

import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentRunner;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.RunOptions;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Test helper shared by the reproductions' tests: runs one bundled spec through the ordinary runner
 * ({@link ExperimentRunner}, the same path as {@code dpmarl run}) into {@code directory}, and reads bundled spec
 * resources.
 */
public final class BundledSpecRunner {
    private BundledSpecRunner() {
    }

    /** The text of a bundled spec resource. */
    public static String text(String resource) throws IOException {
        try (InputStream in = BundledSpecRunner.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no class-path resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The copy of a bundled spec resource under {@code examples/specs/} (tests run in {@code examples/}). */
    public static Path mirror(String resource) {
        return Path.of("specs", resource.substring("specs/".length()));
    }

    /** Runs the spec with the runner into {@code directory} and returns the directory. */
    public static Path run(String resource, Path directory, Registry registry) throws IOException {
        ExperimentSpec spec = ExperimentSpec.parse(text(resource), false, resource);
        ExperimentPlan plan = ExperimentPlan.resolve(spec, registry);
        new ExperimentRunner(registry).run(plan, RunOptions.of(directory, 2, line -> { }));
        return directory;
    }
}
