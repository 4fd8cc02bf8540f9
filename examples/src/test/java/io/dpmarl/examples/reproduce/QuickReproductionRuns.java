package io.dpmarl.examples.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricsCsv;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * Test fixture shared by the reproductions' end-to-end tests: the quick bundled specs of one reproduction, each run
 * once through the ordinary runner ({@link BundledSpecRunner}), and its claims step on those runs, on a subset of
 * them, or with some replaced by deliberately wrong copies ({@link #mutated}). The specs are seeded, so the runs are
 * deterministic.
 */
public final class QuickReproductionRuns {
    private final String paper;
    private final Reproduction reproduction;
    private final Map<String, Path> runs;
    private final Path directory;

    private QuickReproductionRuns(String paper, Reproduction reproduction, Map<String, Path> runs, Path directory) {
        this.paper = paper;
        this.reproduction = reproduction;
        this.runs = runs;
        this.directory = directory;
    }

    /**
     * Runs every quick spec of the reproduction registered as {@code paper}, each into its own folder below
     * {@code directory}, and prints how long they took.
     */
    public static QuickReproductionRuns run(String paper, Path directory) throws IOException {
        Registry registry = Registry.discover();
        Reproduction reproduction = registry.create(PluginKind.REPRODUCTION, Reproduction.class, paper);
        Map<String, Path> runs = new HashMap<>();
        long start = System.nanoTime();
        for (BundledSpec spec : reproduction.specs(false)) {
            runs.put(spec.name(), BundledSpecRunner.run(spec.resource(), directory.resolve(spec.name()), registry));
        }
        System.out.println(paper + " quick specs ran in " + (System.nanoTime() - start) / 1e9 + " s");
        return new QuickReproductionRuns(paper, reproduction, Map.copyOf(runs), directory);
    }

    /** The reproduction whose specs were run. */
    public Reproduction reproduction() {
        return reproduction;
    }

    /** The run folder of every quick spec, by spec name. */
    public Map<String, Path> runs() {
        return runs;
    }

    /** The run folder of the quick spec {@code spec}. */
    public Path run(String spec) {
        return runs.get(spec);
    }

    /** The quick claims step on the {@code given} run folders (by spec name). */
    public List<Claim> claims(Map<String, Path> given) throws IOException {
        return reproduction.claims(new ClaimInputs(given, true));
    }

    /** The quick claims step on every run, with the folders in {@code changed} in place of those of their specs. */
    public List<Claim> claimsWith(Map<String, Path> changed) throws IOException {
        Map<String, Path> given = new HashMap<>(runs);
        given.putAll(changed);
        return claims(given);
    }

    /**
     * A new folder holding a copy of the run of {@code spec} whose metric rows went through {@code change}; of the
     * run's other files only {@code alsoCopied} are copied, unchanged.
     */
    public Path mutated(String spec, UnaryOperator<MetricRecord> change, String... alsoCopied) throws IOException {
        List<MetricRecord> records = new ArrayList<>();
        for (MetricRecord record : MetricsCsv.read(run(spec).resolve("metrics.csv"))) {
            records.add(change.apply(record));
        }
        Path copy = Files.createTempDirectory(directory, spec + "-mutant");
        Files.writeString(copy.resolve("metrics.csv"), MetricsCsv.format(records, true));
        for (String file : alsoCopied) {
            Files.copy(run(spec).resolve(file), copy.resolve(file));
        }
        return copy;
    }

    /**
     * Checks every bundled spec of the reproduction, quick and full: its copy under {@code examples/specs/} has the
     * same text, and the text names the spec ({@code name: <spec>}) and its claims ({@code claims: <paper>/<spec>});
     * then {@code more} checks the spec's text further.
     */
    public void assertBundledSpecsMirrored(BiConsumer<BundledSpec, String> more) throws IOException {
        for (boolean full : new boolean[] {false, true}) {
            for (BundledSpec spec : reproduction.specs(full)) {
                String text = BundledSpecRunner.text(spec.resource());
                Path mirror = BundledSpecRunner.mirror(spec.resource());
                assertEquals(Files.readString(mirror), text, "examples/" + mirror + " mirrors " + spec.resource());
                assertTrue(text.contains("name: " + spec.name() + "\n"), spec.resource());
                assertTrue(text.contains("claims: " + paper + "/" + spec.name() + "\n"), spec.resource());
                more.accept(spec, text);
            }
        }
    }
}
