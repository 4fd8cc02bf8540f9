package io.dpmarl.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Java embedding examples of the READMEs, compiled and run as they are written: the {@code java} block after
 * the marker {@code <!-- snippet: compiled by ReadmeSnippetsTest -->} is wrapped in a method (with wildcard
 * imports of core's packages), compiled with the system compiler against the test class path, and run; it must
 * leave the run's epsilon in a variable {@code epsilon}. 100 episodes of the 3-stage coordination game, each agent
 * releasing its reward at every stage through Laplace(epsilon = 1, sensitivity = 1): basic composition gives
 * 100 x 3 x 1 = 300 per agent, so the maximum over agents is 300.
 */
class ReadmeSnippetsTest {
    private static final String MARKER = "<!-- snippet: compiled by ReadmeSnippetsTest -->";
    private static final String[] PACKAGES = {"comm", "env", "evaluate", "experiment", "game", "learn", "model",
            "pipeline", "privacy", "rng", "spi"};

    @ParameterizedTest
    @ValueSource(strings = {"../README.md", "../core/README.md", "../docs/getting-started-java.md"})
    void snippetCompilesAndRuns(String readme, @org.junit.jupiter.api.io.TempDir Path directory) throws Exception {
        String snippet = snippet(Files.readString(Path.of(readme), StandardCharsets.UTF_8), readme);
        StringBuilder source = new StringBuilder("package snippet;\n");
        for (String name : PACKAGES) {
            source.append("import io.dpmarl.core.").append(name).append(".*;\n");
        }
        source.append("import java.util.*;\n\npublic final class Snippet {\n")
                .append("    public static double run() throws Exception {\n")
                .append(snippet).append("\n        return epsilon;\n    }\n}\n");
        Path file = directory.resolve("snippet/Snippet.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source.toString());
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertTrue(compiler != null, "a JDK is needed to compile the README snippet");
        int status = compiler.run(null, null, null, "-classpath", classPath(), "-d", directory.toString(),
                file.toString());
        assertEquals(0, status, readme + ": the Java snippet must compile:\n" + source);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {directory.toUri().toURL()},
                getClass().getClassLoader())) {
            double epsilon = (double) loader.loadClass("snippet.Snippet").getMethod("run").invoke(null);
            assertEquals(300.0, epsilon, 1e-9, readme + ": 100 episodes x 3 stages x epsilon 1 per agent");
        }
    }

    private static String snippet(String markdown, String readme) {
        int marker = markdown.indexOf(MARKER);
        assertTrue(marker >= 0, readme + " must carry the marker " + MARKER);
        int start = markdown.indexOf("```java\n", marker);
        int end = markdown.indexOf("```", start + 8);
        assertTrue(start > marker && end > start, readme + ": a java block must follow the marker");
        return markdown.substring(start + 8, end);
    }

    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        String path = surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
        List<String> entries = new ArrayList<>(List.of(path.split(File.pathSeparator)));
        return String.join(File.pathSeparator, entries);
    }
}
