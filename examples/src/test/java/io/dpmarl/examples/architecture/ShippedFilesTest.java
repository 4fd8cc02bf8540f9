package io.dpmarl.examples.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the project ships (sources, tests, documentation, specs) cites papers by title and writes its own notes: no
 * file points at the engineers' private notes directory, which users do not have. The patterns are assembled from
 * parts so that this file does not match them itself.
 */
class ShippedFilesTest {
    private static final String NOTES = "sha" + "red";
    private static final String ANCHORS = "anch" + "ors";
    private static final Pattern POINTER = Pattern.compile(
            "\\.\\./" + NOTES + "\\b|\\b" + NOTES + "/(specs|seeds|" + ANCHORS + "|design\\.md|style\\.md)"
                    + "|\\b" + ANCHORS + " (section )?[0-9]");
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", "target", "runs", "node_modules", ".idea");
    private static final Set<String> BINARY = Set.of("png", "jpg", "jpeg", "gif", "svg", "jar", "gz", "zip", "class",
            "ico", "pdf");

    @Test
    void noShippedFilePointsAtTheEngineersNotes() throws IOException {
        List<String> offending = new ArrayList<>();
        for (Path file : shippedTextFiles(RepositoryRoot.find())) {
            String text;
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (MalformedInputException e) {
                continue;
            }
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (POINTER.matcher(lines[i]).find()) {
                    offending.add(RepositoryRoot.find().relativize(file) + ":" + (i + 1) + ": " + lines[i].strip());
                }
            }
        }
        assertEquals(List.of(), offending, "cite papers by title and the project's own docs instead");
    }

    @Test
    void thePatternCatchesEachKindOfPointer() {
        for (String line : List.of("see ../" + NOTES + "/specs/x.md", "(" + NOTES + "/" + ANCHORS + "/dp-libraries.md)",
                "values of " + ANCHORS + " section 5.1", ANCHORS + " 4.3 item 16", NOTES + "/seeds/000.txt")) {
            assertTrue(POINTER.matcher(line).find(), line);
        }
        for (String line : List.of("a shared ledger", "the " + ANCHORS + " of a plot", "shared/other")) {
            assertTrue(!POINTER.matcher(line).find(), line);
        }
    }

    private static List<Path> shippedTextFiles(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> root.relativize(p).getNameCount() > 0)
                    .filter(p -> {
                        for (Path part : root.relativize(p)) {
                            if (SKIPPED_DIRECTORIES.contains(part.toString())) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .filter(p -> !BINARY.contains(extension(p)))
                    .sorted()
                    .toList();
        }
    }

    private static String extension(Path p) {
        String name = p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
