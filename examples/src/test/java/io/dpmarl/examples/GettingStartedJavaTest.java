package io.dpmarl.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docs/getting-started-java.md} followed literally: its code block put in a {@code main} method "with those
 * imports" (exactly the packages the page names, not the wider set {@code ReadmeSnippetsTest} imports) compiles,
 * and running it prints the line the page shows. That line is derived here: 100 episodes are recorded (the
 * schedule), and each agent releases its reward at each of the 3 stages through Laplace(epsilon = 1), so basic
 * composition gives 100 x 3 x 1 = 300 per agent, the maximum over agents.
 */
class GettingStartedJavaTest {
    private static final Path PAGE = Path.of("../docs/getting-started-java.md");
    private static final String MARKER = "<!-- snippet: compiled by ReadmeSnippetsTest -->";

    @Test
    void theBlockInAMainWithThePagesImportsCompilesAndPrintsWhatThePageShows(@TempDir Path directory)
            throws Exception {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        Matcher imports = Pattern.compile("The imports are `io\\.dpmarl\\.core\\.\\{([a-z, ]+)}\\.\\*` and "
                + "`java\\.util\\.\\*`").matcher(page);
        assertTrue(imports.find(), "the page names its imports");
        int marker = page.indexOf(MARKER);
        int start = page.indexOf("```java\n", marker);
        int end = page.indexOf("```", start + 8);
        assertTrue(marker >= 0 && start > marker && end > start, "the page's code block follows the marker");

        StringBuilder source = new StringBuilder("package demo;\n");
        for (String name : imports.group(1).split(",")) {
            source.append("import io.dpmarl.core.").append(name.strip()).append(".*;\n");
        }
        source.append("import java.util.*;\n\npublic final class Main {\n")
                .append("    public static void main(String[] args) {\n")
                .append(page, start + 8, end).append("    }\n}\n");
        Path file = directory.resolve("demo/Main.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source.toString());
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, "-classpath", classPath(), "-d", directory.toString(),
                file.toString());
        assertEquals(0, status, "the page's block must compile in a main method with the page's imports:\n" + source);

        String expected = "episodes recorded: 100, epsilon spent: " + (100 * 3 * 1.0);
        assertTrue(page.contains("# " + expected + "\n"), "the page shows the line: " + expected);
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {directory.toUri().toURL()},
                getClass().getClassLoader())) {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            loader.loadClass("demo.Main").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(original);
        }
        assertEquals(expected, printed.toString(StandardCharsets.UTF_8).strip());
    }

    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
