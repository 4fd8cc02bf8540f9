package io.dpmarl.examples.reproduce.fedtd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricsCsv;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Test helper: runs one bundled federated-TD spec as the runner does (trial i seeded by
 * {@code RandomStreams.of(seed).child("trial/" + i)}, one series per grid value labelled {@code key=value}, rows in
 * {@code metrics.csv}) with {@link PipelineModule} and {@code Pipeline.run}. It reads the keys the specs use
 * ({@code schedule.steps}, {@code schedule.step-limit}, {@code evaluators}, one {@code learner.<param>} grid axis).
 * It stands in for {@code ExperimentRunner} until the runner's schedule keys reach this branch; then the test
 * should run the specs through the runner itself.
 */
final class BundledSpecRunner {
    private BundledSpecRunner() {
    }

    static String text(String resource) throws IOException {
        try (InputStream in = BundledSpecRunner.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no class-path resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Runs the spec into {@code directory/metrics.csv} and returns the directory. */
    static Path run(String resource, Path directory, Registry registry) throws IOException {
        JsonNode root = new YAMLMapper().readTree(text(resource));
        String name = root.get("name").asText();
        Schedule schedule = Schedule.steps(root.get("schedule").get("steps").asLong())
                .withStepLimit(root.get("schedule").get("step-limit").asInt());
        List<String> evaluators = new ArrayList<>();
        root.get("evaluators").forEach(node -> evaluators.add(node.asText()));
        List<String[]> points = new ArrayList<>();
        if (root.has("grid")) {
            Iterator<Map.Entry<String, JsonNode>> axes = root.get("grid").fields();
            Map.Entry<String, JsonNode> axis = axes.next();
            for (JsonNode value : axis.getValue()) {
                points.add(new String[] {axis.getKey(), value.asText()});
            }
        } else {
            points.add(null);
        }
        RandomStreams rootStreams = RandomStreams.of(root.get("seed").asLong());
        List<MetricRecord> records = new ArrayList<>();
        for (String[] point : points) {
            String learner = root.get("learner").asText();
            String label = name;
            if (point != null) {
                learner = ExperimentSpec.withParameter(learner, point[0].substring("learner.".length()), point[1]);
                label = point[0] + "=" + point[1];
            }
            PipelineSpec spec = new PipelineSpec(root.get("environment").asText(), learner,
                    root.get("accountant").asText(), root.get("delta").asDouble(), Optional.empty(), evaluators,
                    Optional.of(schedule));
            for (int trial = 0; trial < root.get("trials").asInt(); trial++) {
                long seed = rootStreams.child("trial/" + trial).seed();
                PipelineModule.assemble(spec, registry, RandomStreams.of(seed), records::add)
                        .run(new TrialId(label, trial, seed), schedule);
            }
        }
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("metrics.csv"), MetricsCsv.format(records, true));
        return directory;
    }
}
