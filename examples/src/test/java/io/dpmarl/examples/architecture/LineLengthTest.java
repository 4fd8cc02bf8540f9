package io.dpmarl.examples.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's line-length rule, enforced by the build: no line of main or test Java code is longer than
 * {@value #MAX_LENGTH} characters (characters, not bytes: a line of non-ASCII text counts each character once).
 * The scan covers {@code src/main/java} and {@code src/test/java} of every module the root {@code pom.xml} lists
 * and of the example plugin projects under {@code examples/custom-*}, and reports {@code file:line (length)}.
 */
class LineLengthTest {
    private static final int MAX_LENGTH = 120;
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    @Test
    void everyJavaLineIsAtMost120Characters() throws IOException {
        Path root = RepositoryRoot.find();
        List<Path> modules = modules(root);
        for (String expected : List.of("core", "mechanisms", "testkit", "examples", "examples/custom-mechanism-plugin",
                "examples/custom-learner-plugin")) {
            assertTrue(modules.contains(root.resolve(expected)), "the scan must cover " + expected + ": " + modules);
        }
        assertEquals(List.of(), longLines(root, modules),
                "wrap these lines at " + MAX_LENGTH + " characters (code: 8-space continuation indent; comments: "
                        + "re-flow the paragraph; long strings: split with +)");
    }

    @Test
    void theScanReportsA121CharacterLineAndCountsCharactersNotBytes(@TempDir Path root) throws IOException {
        Path source = root.resolve("m/src/test/java/a/A.java");
        Files.createDirectories(source.getParent());
        String fits = "x".repeat(MAX_LENGTH);
        String nonAscii = "\u00e9".repeat(MAX_LENGTH); // 120 characters, 240 bytes in UTF-8
        String tooLong = "y".repeat(MAX_LENGTH + 1);
        Files.writeString(source, fits + "\n" + nonAscii + "\r\n" + tooLong + "\n", StandardCharsets.UTF_8);
        Files.createDirectories(root.resolve("m/src/main/java"));

        List<String> found = longLines(root, List.of(root.resolve("m")));

        assertEquals(List.of("m/src/test/java/a/A.java:3 (121)"), found);
    }

    /** The modules of the root {@code pom.xml} and the example plugin projects {@code examples/custom-*}. */
    private static List<Path> modules(Path root) throws IOException {
        Set<Path> modules = new LinkedHashSet<>();
        Matcher matcher = MODULE.matcher(Files.readString(root.resolve("pom.xml"), StandardCharsets.UTF_8));
        while (matcher.find()) {
            modules.add(root.resolve(matcher.group(1).strip()));
        }
        try (Stream<Path> examples = Files.list(root.resolve("examples"))) {
            examples.filter(Files::isDirectory).filter(p -> p.getFileName().toString().startsWith("custom-"))
                    .sorted().forEach(modules::add);
        }
        return List.copyOf(modules);
    }

    /** Every line over {@value #MAX_LENGTH} characters in the modules' Java sources, as {@code file:line (length)}. */
    private static List<String> longLines(Path root, List<Path> modules) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path module : modules) {
            for (String sources : List.of("src/main/java", "src/test/java")) {
                Path directory = module.resolve(sources);
                if (!Files.isDirectory(directory)) {
                    continue;
                }
                List<Path> files;
                try (Stream<Path> walk = Files.walk(directory)) {
                    files = walk.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".java")).sorted()
                            .toList();
                }
                for (Path file : files) {
                    String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("\n", -1);
                    for (int i = 0; i < lines.length; i++) {
                        String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
                        int length = line.codePointCount(0, line.length());
                        if (length > MAX_LENGTH) {
                            String path = root.relativize(file).toString().replace('\\', '/');
                            found.add(path + ":" + (i + 1) + " (" + length + ")");
                        }
                    }
                }
            }
        }
        return found;
    }
}
