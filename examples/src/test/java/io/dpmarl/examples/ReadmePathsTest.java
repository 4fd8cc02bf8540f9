package io.dpmarl.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every path a README or doc page of the repository names exists: Markdown links resolve from the page's folder
 * (as a reader clicking them would), and paths in code spans or shell blocks that start with a folder of the
 * repository resolve from the repository root, where the READMEs say to run commands. Generated paths (under
 * {@code target}, {@code runs}, {@code plugins}) and placeholders ({@code <paper>}, {@code *}) are not checked. No
 * page may point outside the repository ({@code ../} past the root).
 */
class ReadmePathsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern REPO_PATH = Pattern.compile("(?<![\\w./-])((?:[\\w.-]+/)+[\\w.-]*)");
    private static final Set<String> GENERATED = Set.of("target", "runs", "plugins", "target-*");

    @Test
    void everyPathInTheDocsExists() throws IOException {
        List<String> missing = new ArrayList<>();
        List<Path> pages = pages();
        assertTrue(pages.size() >= 10, "found the READMEs: " + pages);
        Set<String> topLevel = topLevel();
        for (Path page : pages) {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            Matcher link = LINK.matcher(text);
            while (link.find()) {
                String target = link.group(1).replaceAll("#.*$", "");
                if (target.isEmpty() || target.matches("^[a-z]+:.*")) {
                    continue;
                }
                Path resolved = page.getParent().resolve(target).normalize();
                if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
                    missing.add(ROOT.relativize(page) + ": link " + target);
                }
            }
            for (String code : codeSpans(text)) {
                Matcher path = REPO_PATH.matcher(code);
                while (path.find()) {
                    String candidate = path.group(1);
                    String first = candidate.substring(0, candidate.indexOf('/'));
                    if (!topLevel.contains(first) || candidate.contains("/target") || candidate.contains("..")) {
                        continue;
                    }
                    if (!Files.exists(ROOT.resolve(candidate))) {
                        missing.add(ROOT.relativize(page) + ": path " + candidate);
                    }
                }
            }
        }
        assertEquals(List.of(), missing, "paths in the docs that do not exist");
    }

    /** Inline code spans and fenced blocks, without placeholders. */
    private static List<String> codeSpans(String text) {
        List<String> spans = new ArrayList<>();
        Matcher fenced = Pattern.compile("```[a-z]*\\n(.*?)```", Pattern.DOTALL).matcher(text);
        StringBuilder rest = new StringBuilder();
        int last = 0;
        while (fenced.find()) {
            spans.add(fenced.group(1));
            rest.append(text, last, fenced.start());
            last = fenced.end();
        }
        rest.append(text.substring(last));
        Matcher inline = Pattern.compile("`([^`\\n]+)`").matcher(rest);
        while (inline.find()) {
            spans.add(inline.group(1));
        }
        List<String> clean = new ArrayList<>();
        for (String span : spans) {
            clean.add(span.replaceAll("\\S*[<>*{}$]\\S*", " "));
        }
        return clean;
    }

    private static Set<String> topLevel() throws IOException {
        try (Stream<Path> files = Files.list(ROOT)) {
            return Set.copyOf(files.map(p -> p.getFileName().toString())
                    .filter(name -> !name.startsWith(".") && !GENERATED.contains(name) && !name.startsWith("target"))
                    .toList());
        }
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT, 3)) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> ROOT.relativize(p).toString().split("/").length <= 3)
                    .filter(p -> !ROOT.relativize(p).toString().contains("target"))
                    .filter(p -> !ROOT.relativize(p).startsWith(".git"))
                    .sorted().toList();
        }
    }
}
