package io.dpmarl.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The README's picture of the report ({@code docs/report-screenshot.png}) is regenerated whenever the report's
 * layout changes: {@code docs/report-screenshot.sh} records the SHA-256 of {@code ReportHtml.java}, the source that
 * lays the page out, in {@code docs/report-screenshot.layout}, and this test fails as soon as that source differs
 * from the one the screenshot was taken with.
 */
class ReportScreenshotCurrentTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theScreenshotWasTakenWithTheCurrentLayout() throws IOException, NoSuchAlgorithmException {
        Path screenshot = ROOT.resolve("docs/report-screenshot.png");
        assertTrue(Files.size(screenshot) > 10_000, "docs/report-screenshot.png is missing or blank");
        byte[] source = Files.readAllBytes(
                ROOT.resolve("core/src/main/java/io/dpmarl/core/experiment/ReportHtml.java"));
        String current = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(source));
        String recorded = Files.readString(ROOT.resolve("docs/report-screenshot.layout"), StandardCharsets.US_ASCII)
                .strip();
        assertEquals(recorded, current, "the report's layout (ReportHtml.java) changed since the README's screenshot "
                + "was taken: run docs/report-screenshot.sh and commit docs/report-screenshot.png and .layout");
    }
}
