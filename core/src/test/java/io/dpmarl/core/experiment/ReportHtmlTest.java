package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report page from a hand-written run directory: one claims row per claims.csv row (quotes, commas and a line
 * break in a cell included), the figure inline, the ledger at the last step with per-user keys grouped, the
 * config, and nothing fetched from outside.
 */
class ReportHtmlTest {

    @Test
    void reportHoldsClaimsFiguresLedgerAndConfig(@TempDir Path directory) throws Exception {
        Path run = Files.createDirectories(directory.resolve("run"));
        Files.writeString(run.resolve("config.json"), "{\"spec\":{\"name\":\"demo\",\"accountant\":\"basic\","
                + "\"delta\":1e-6,\"privatizer\":\"none\",\"learner\":\"toy\"},\"experiments\":[]}");
        Files.writeString(run.resolve("privacy.csv"), "# noise=seeded\n" + PrivacyCsv.HEADER + "\n"
                + "demo,0,10,user/1,1,0.5,\ndemo,0,20,user/1,2,1.0,\ndemo,0,20,user/2,2,1.0,\n"
                + "demo,1,20,user/1,2,1.0,\ndemo,1,20,user/3,4,2.0,\n");
        Files.createDirectories(run.resolve("plots"));
        Files.writeString(run.resolve("plots/return.svg"), "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/"
                + "2000/svg\" width=\"10\" height=\"10\"><polyline points=\"0,0 5,5\"/></svg>\n");
        Path claims = directory.resolve("claims.csv");
        Files.writeString(claims, "paper,claim,expected,measured,status\n"
                + "p,A1,\"x < 1, \"\"paper\"\"\",0.5,PASS\np,A2,\"two\nlines\",2,FAIL\np,A3,-,3,RECORDED\n");

        Path report = ReportHtml.write(directory.resolve(ReportHtml.FILE), "demo report", Optional.of(claims),
                List.of(run), Optional.empty());
        String html = Files.readString(report);

        Matcher claimsTable = Pattern.compile("<table id=\"claims\">.*?</table>", Pattern.DOTALL).matcher(html);
        assertTrue(claimsTable.find());
        assertEquals(3, claimsTable.group().split("<tr class=").length - 1, "three claim rows");
        assertTrue(html.contains("<td>x &lt; 1, &quot;paper&quot;</td>"), "cells are escaped");
        assertTrue(html.contains("<tr class=\"FAIL\">"));
        assertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\""), "figure inline");
        assertFalse(html.contains("<?xml"), "the SVG prolog is dropped inside HTML");
        // user/1 and user/2 and user/3 group into one row; epsilon at the last step of each trial: 1.0, 1.0, 1.0, 2.0.
        assertTrue(html.contains("<td>user/* (3 keys)</td><td>4</td><td>4</td><td>1.00000 .. 2.00000</td>"),
                html);
        assertTrue(html.contains("inside the learner: toy"));
        assertTrue(html.contains("&quot;name&quot;:&quot;demo&quot;"), "config.json is shown");
        assertTrue(html.contains("noise: seeded"));
        String withoutNamespaces = html.replace("http://www.w3.org/2000/svg", "");
        assertFalse(withoutNamespaces.contains("http://") || withoutNamespaces.contains("https://"),
                "nothing is fetched from outside");
        assertTrue(html.contains("default-src 'none'"), "the page forbids fetches");
        assertFalse(html.contains(ReportHtml.NO_RELEASES), "a run with releases is not said to have none");
    }

    /** A run whose privacy.csv has no rows (a non-private baseline) says so instead of an empty ledger table. */
    @Test
    void aRunWithoutReleasesSaysItMakesNoPrivacyClaim(@TempDir Path directory) throws Exception {
        Path run = Files.createDirectories(directory.resolve("run"));
        Files.writeString(run.resolve("config.json"), "{\"spec\":{\"name\":\"baseline\",\"accountant\":\"basic\","
                + "\"delta\":1e-6,\"privatizer\":\"none\",\"learner\":\"toy\"},\"experiments\":[]}");
        Files.writeString(run.resolve("privacy.csv"), "# noise=seeded\n" + PrivacyCsv.HEADER + "\n");

        String html = Files.readString(ReportHtml.write(directory.resolve(ReportHtml.FILE), "baseline",
                Optional.empty(), List.of(run), Optional.empty()));

        Matcher ledger = Pattern.compile("<table class=\"ledger\">.*?</table>", Pattern.DOTALL).matcher(html);
        assertTrue(ledger.find(), html);
        assertTrue(ledger.group().contains("<td colspan=\"11\">no private release was recorded: this run makes no"
                + " privacy claim"), ledger.group());
        assertEquals(2, ledger.group().split("<tr").length - 1, "the header row and the one explaining row");
    }
}
