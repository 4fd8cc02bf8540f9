package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every spec in {@code examples/specs} loads and resolves against the built-in plugins. */
class BundledSpecsTest {

    @Test
    void everyBundledSpecResolves() throws Exception {
        Path folder = Cli.smokeSpec().getParent();
        List<Path> specs;
        try (var files = Files.list(folder)) {
            specs = files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
        }
        assertFalse(specs.isEmpty());
        Registry registry = Registry.discover();
        for (Path spec : specs) {
            ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.load(spec, List.of()), registry);
            assertEquals(5, plan.trialSeeds().size(), spec + " runs 5 seeds");
        }
        ExperimentPlan grid = ExperimentPlan.resolve(ExperimentSpec.load(folder.resolve("smoke-epsilon-grid.yaml"),
                List.of()), registry);
        assertEquals(List.of("privatizer.epsilon=0.5", "privatizer.epsilon=2", "privatizer.epsilon=8"),
                grid.experiments().stream().map(ExperimentPlan.Experiment::label).toList());
    }
}
