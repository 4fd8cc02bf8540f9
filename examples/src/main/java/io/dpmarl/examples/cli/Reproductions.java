package io.dpmarl.examples.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dpmarl.core.experiment.AtomicFiles;
import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.Reproduction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code dpmarl reproduce} and {@code dpmarl claims} share: loading a reproduction's bundled specs from the
 * class path, the {@value #MANIFEST} that marks a reproduction directory, and the claims step over the runs found.
 *
 * <p>A reproduction directory holds {@value #MANIFEST} ({@code paper}, {@code setting} quick or full, {@code specs}),
 * one ordinary run directory per bundled spec ({@code <spec-name>/}) and {@code claims.csv}.
 */
final class Reproductions {
    /** The file that marks a reproduction directory. */
    static final String MANIFEST = "reproduction.json";

    private Reproductions() {
    }

    /** The manifest of a reproduction directory. */
    record Manifest(String paper, boolean full, List<String> specs) {
    }

    /** Loads a bundled spec from the class path (the plugin loader, then the reproduction's own loader). */
    static ExperimentSpec load(BundledSpec bundled, Reproduction reproduction) throws IOException {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        InputStream stream = context == null ? null : context.getResourceAsStream(bundled.resource());
        if (stream == null) {
            stream = reproduction.getClass().getClassLoader().getResourceAsStream(bundled.resource());
        }
        if (stream == null) {
            throw new IllegalArgumentException(reproduction.paperId() + ": bundled spec '" + bundled.name()
                    + "' has no class-path resource " + bundled.resource());
        }
        try (InputStream in = stream) {
            return ExperimentSpec.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), false,
                    bundled.resource());
        }
    }

    static void writeManifest(Path directory, Manifest manifest) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("paper", manifest.paper());
        json.put("setting", manifest.full() ? "full" : "quick");
        json.put("specs", manifest.specs());
        AtomicFiles.write(directory.resolve(MANIFEST), new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsBytes(json));
    }

    static Manifest readManifest(Path directory) throws IOException {
        JsonNode json = new ObjectMapper().readTree(directory.resolve(MANIFEST).toFile());
        if (json == null || !json.hasNonNull("paper") || !json.has("specs")) {
            throw new IllegalArgumentException(directory.resolve(MANIFEST) + " must name paper, setting and specs");
        }
        List<String> specs = new ArrayList<>();
        json.get("specs").forEach(node -> specs.add(node.asText()));
        return new Manifest(json.get("paper").asText(), json.path("setting").asText("quick").equals("full"), specs);
    }

    /**
     * Evaluates a reproduction's claims over the given runs (those without a {@code metrics.csv} are left out, so
     * an interrupted reproduction is judged on what finished). A claims step that throws is one FAIL row.
     */
    static List<Claim> claims(Reproduction reproduction, Map<String, Path> runs, boolean quick,
                              java.util.function.Consumer<String> log) {
        Map<String, Path> finished = new LinkedHashMap<>();
        runs.forEach((name, run) -> {
            if (Files.isRegularFile(run.resolve("metrics.csv"))) {
                finished.put(name, run);
            } else {
                log.accept(reproduction.paperId() + ": no finished run of spec '" + name + "' in " + run
                        + "; its claims are left out");
            }
        });
        try {
            return reproduction.claims(new ClaimInputs(finished, quick));
        } catch (RuntimeException | IOException crash) {
            return List.of(Claim.check(reproduction.paperId(), "claims step runs to completion", "no error",
                    "error: " + ReproduceCommand.causes(crash), false));
        }
    }
}
