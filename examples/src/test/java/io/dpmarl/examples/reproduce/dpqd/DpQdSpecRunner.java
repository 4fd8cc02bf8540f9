package io.dpmarl.examples.reproduce.dpqd;

import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentRunner;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.RunOptions;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Test helper: runs one bundled dp-qd spec through the ordinary runner (the path of {@code dpmarl run}). */
final class DpQdSpecRunner {
    private DpQdSpecRunner() {
    }

    static String text(String resource) throws IOException {
        try (InputStream in = DpQdSpecRunner.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no class-path resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Path run(String resource, Path directory, Registry registry) throws IOException {
        ExperimentSpec spec = ExperimentSpec.parse(text(resource), false, resource);
        ExperimentPlan plan = ExperimentPlan.resolve(spec, registry);
        new ExperimentRunner(registry).run(plan, RunOptions.of(directory, 2, line -> { }));
        return directory;
    }
}
