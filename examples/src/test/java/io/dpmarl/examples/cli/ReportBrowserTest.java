package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders the {@code report.html} of a reproduction in headless Chromium, as a reader would see it: the page is not
 * blank (the screenshot has many colours), every figure rendered (each inline SVG has a non-empty box and a drawn
 * series), and the claims table has as many rows as {@code claims.csv}. The page must work offline: Chromium runs
 * with networking features off and the report's Content-Security-Policy forbids any fetch.
 *
 * <p>Runs only in the Maven profile {@code browser}, active when {@code /usr/bin/chromium} exists (CI installs
 * Chromium); the profile passes the binary as {@code dpmarl.chromium}. Outside the profile surefire leaves the class
 * out, so it is never a skipped test.
 */
class ReportBrowserTest {
    @Test
    void theReproductionReportRendersInHeadlessChromium(@TempDir Path directory) throws Exception {
        String chromium = System.getProperty("dpmarl.chromium", "");
        assertTrue(!chromium.isBlank() && Files.isExecutable(Path.of(chromium)),
                "dpmarl.chromium must name an executable Chromium (the browser profile sets it), got '" + chromium
                        + "'");
        Path out = directory.resolve("reproduce");
        Cli.Result result = Cli.run(TestReproduction.discovery(), "reproduce", TestReproduction.PAPER, "--out",
                out.toString(), "--threads", "1");
        assertEquals(0, result.code(), result.err());
        Path report = out.resolve("report.html");
        assertTrue(Files.isRegularFile(report), result.out());
        String html = Files.readString(report, StandardCharsets.UTF_8);
        assertFalse(html.contains("src=\"http") || html.contains("href=\"http"), "no external resource");

        String dom = chromium(chromium, directory, "--dump-dom", report.toUri().toString());
        int figures = attribute(dom, "figures");
        assertTrue(figures > 0, "the report has figures");
        assertEquals(figures, attribute(dom, "figures-rendered"), "every figure rendered");
        long claimRows = Files.readAllLines(out.resolve("claims.csv")).stream().skip(1).filter(l -> !l.isBlank())
                .count();
        assertEquals(claimRows, attribute(dom, "claim-rows"), "one table row per claims.csv row");

        Path screenshot = directory.resolve("report.png");
        chromium(chromium, directory, "--screenshot=" + screenshot, "--window-size=1280,1600",
                report.toUri().toString());
        BufferedImage image = ImageIO.read(screenshot.toFile());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 50, "a blank page has few colours; got " + colours.size());
    }

    private static int attribute(String dom, String name) {
        Matcher body = Pattern.compile("<body[^>]*>").matcher(dom);
        assertTrue(body.find(), "no body in the rendered DOM");
        Matcher value = Pattern.compile("data-" + Pattern.quote(name) + "=\"(\\d+)\"").matcher(body.group());
        assertTrue(value.find(), "data-" + name + " not set: the report's script did not run; body: " + body.group());
        return Integer.parseInt(value.group(1));
    }

    /** Runs headless Chromium with networking off and a fresh profile; returns its standard output. */
    static String chromium(String binary, Path work, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--virtual-time-budget=5000",
                "--user-data-dir=" + Files.createTempDirectory(work, "chromium-profile")));
        command.addAll(List.of(arguments));
        Path output = Files.createTempFile(work, "chromium", ".out");
        Process process = new ProcessBuilder(command).redirectErrorStream(false)
                .redirectOutput(output.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "Chromium did not finish in 120 s");
        assertEquals(0, process.exitValue(), "Chromium failed: " + command);
        return Files.readString(output, StandardCharsets.UTF_8);
    }
}
