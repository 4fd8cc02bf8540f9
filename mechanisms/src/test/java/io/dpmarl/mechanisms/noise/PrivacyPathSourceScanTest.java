package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Source scan of the privacy path: main code of {@code core}, {@code mechanisms}, every {@code algorithms-*}
 * module and {@code planning} must not draw noise from {@code nextGaussian(}, {@code Math.random(} or a
 * commons-math3 {@code sample(} (a {@code .sample(} call in a file importing commons-math3 distributions or
 * random generators). {@link NaiveNoise} is the one allowed exception (benchmark and attack baseline).
 * Deterministic: no false rejections.
 */
class PrivacyPathSourceScanTest {

    /** Finds the repository root from the working directory (the module directory under Maven). */
    static Path repositoryRoot() {
        Path directory = Paths.get("").toAbsolutePath();
        while (directory != null) {
            if (Files.isDirectory(directory.resolve("core/src/main"))
                    && Files.isDirectory(directory.resolve("mechanisms"))
                    && Files.exists(directory.resolve("pom.xml"))) {
                return directory;
            }
            directory = directory.getParent();
        }
        throw new IllegalStateException("repository root not found above " + Paths.get("").toAbsolutePath());
    }

    /** The violations in one source text (file name for the messages). */
    static List<String> violations(String fileName, String source) {
        List<String> found = new ArrayList<>();
        boolean importsCommonsMath = source.contains("import org.apache.commons.math3.distribution")
                || source.contains("import org.apache.commons.math3.random");
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String code = lines[i];
            int comment = code.indexOf("//");
            if (comment >= 0) {
                code = code.substring(0, comment);
            }
            String trimmed = code.trim();
            if (trimmed.startsWith("*") || trimmed.startsWith("/*")) {
                continue;
            }
            if (code.contains("nextGaussian(") || code.contains("Math.random(")
                    || (importsCommonsMath && code.contains(".sample("))) {
                found.add(fileName + ":" + (i + 1) + ": " + lines[i].trim());
            }
        }
        return found;
    }

    private static List<Path> privacyPathSources(Path root) throws IOException {
        List<Path> directories = new ArrayList<>();
        directories.add(root.resolve("core/src/main"));
        directories.add(root.resolve("mechanisms/src/main"));
        directories.add(root.resolve("planning/src/main"));
        try (Stream<Path> children = Files.list(root)) {
            children.filter(path -> path.getFileName().toString().startsWith("algorithms-"))
                    .map(path -> path.resolve("src/main")).forEach(directories::add);
        }
        List<Path> sources = new ArrayList<>();
        for (Path directory : directories) {
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(directory)) {
                files.filter(path -> path.toString().endsWith(".java"))
                        .filter(path -> !path.getFileName().toString().equals("NaiveNoise.java"))
                        .forEach(sources::add);
            }
        }
        return sources;
    }

    @Test
    void noNaiveNoiseInThePrivacyPath() throws IOException {
        Path root = repositoryRoot();
        List<Path> sources = privacyPathSources(root);
        assertTrue(sources.stream().anyMatch(path -> path.endsWith("Samplers.java")), "scan must see Samplers.java");
        List<String> found = new ArrayList<>();
        for (Path source : sources) {
            try {
                found.addAll(violations(root.relativize(source).toString(), Files.readString(source)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertEquals(List.of(), found, "naive noise in the privacy path");
    }

    @Test
    void theScanDetectsEachForbiddenCall() {
        assertEquals(1, violations("A.java", "double x = random.nextGaussian() * sigma;").size());
        assertEquals(1, violations("B.java", "double x = Math.random();").size());
        assertEquals(1, violations("C.java", "import org.apache.commons.math3.distribution.NormalDistribution;\n"
                + "class C { double x = new NormalDistribution(0, 1).sample(); }").size());
        // not violations: comments, and a .sample( of our own in a file without commons-math3 imports
        assertEquals(0, violations("D.java", "// never call nextGaussian() here\n * Math.random() is banned\n"
                + "double y = distribution.sample(noise);").size());
    }
}
