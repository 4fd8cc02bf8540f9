package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpmarl claims DIR} says what it could not judge: a claims step that yields no claim from the directory is
 * bad input (one line naming the reproduction and the bundled specs its claims read, exit 2, no claims.csv), and a
 * run of one of several bundled specs is judged with a note naming the specs whose claims are left out.
 */
class ClaimsCoverageCliTest {
    private static final String NASH_SPECS = "rz-tiny, matching-pennies, rock-paper-scissors, e-scale";

    @Test
    void aRunTheClaimsDoNotApplyToIsRefused(@TempDir Path directory) {
        Path run = directory.resolve("z2");
        Cli.Result ran = Cli.run("run", Cli.smokeSpec().toString(), "--set", "claims=dp-nash-vi/rz-tiny", "--set",
                "episodes=2", "--set", "trials=1", "--no-plots", "--out", run.toString());
        assertEquals(0, ran.code(), ran.err());
        Cli.Result claims = Cli.run("claims", run.toString());
        assertEquals(2, claims.code(), claims.err());
        assertEquals("dpmarl: claims: dp-nash-vi yields no claim from " + run + " judged as its bundled quick spec "
                + "rz-tiny: the run lacks the series and metrics its claims read; its claims read runs of the bundled "
                + "quick specs " + NASH_SPECS + " (run one, or a copy that keeps its grid and evaluators, with "
                + "claims: dp-nash-vi/<spec>)", claims.err().strip());
        assertEquals("", claims.out());
        assertFalse(Files.exists(run.resolve("claims.csv")), "nothing written on bad input");
    }

    @Test
    void aReproductionDirectoryWithoutFinishedRunsIsRefused(@TempDir Path directory) throws Exception {
        Path paper = Files.createDirectory(directory.resolve(TestReproduction.PAPER));
        Reproductions.writeManifest(paper, new Reproductions.Manifest(TestReproduction.PAPER, false,
                java.util.List.of("tiny")));
        Cli.Result claims = Cli.run(TestReproduction.discovery(), "claims", paper.toString());
        assertEquals(2, claims.code(), claims.err());
        assertTrue(claims.err().strip().endsWith("dpmarl: claims: test-paper yields no claim from " + paper
                + ", which holds no finished run (metrics.csv); its claims read runs of the bundled quick specs tiny "
                + "(run one, or a copy that keeps its grid and evaluators, with claims: test-paper/<spec>)"),
                claims.err());
        assertFalse(Files.exists(paper.resolve("claims.csv")));
        // The output of dpmarl reproduce over several papers, none judged, is refused the same way.
        assertEquals(2, Cli.run(TestReproduction.discovery(), "claims", directory.toString()).code());
        assertFalse(Files.exists(directory.resolve("claims.csv")));
    }

    @Test
    void oneOfSeveralBundledSpecsIsJudgedWithANoteOnTheClaimsLeftOut(@TempDir Path directory) throws Exception {
        Path run = directory.resolve("mp");
        Path spec = Path.of("specs", "dp-nash-vi", "matching-pennies-quick.yaml");
        Cli.Result ran = Cli.run("run", (Files.exists(spec) ? spec : Path.of("examples").resolve(spec)).toString(),
                "--no-plots", "--out", run.toString());
        assertEquals(0, ran.code(), ran.err());
        Cli.Result claims = Cli.run("claims", run.toString());
        assertTrue(claims.code() == 0 || claims.code() == 1, claims.err());
        long rows = Files.readAllLines(run.resolve("claims.csv")).size() - 1;
        assertTrue(rows > 0, "the matching-pennies claims are judged");
        String note = claims.out().lines().findFirst().orElseThrow();
        assertEquals("note: dp-nash-vi: " + rows + " claim(s) from 1 of the 4 bundled quick specs (matching-pennies); "
                + "the claims that need rz-tiny, rock-paper-scissors, e-scale are left out, as " + run + " lacks those "
                + "runs (dpmarl reproduce dp-nash-vi --quick judges them all)", note);
        assertFalse(Files.readString(run.resolve("claims.csv")).contains("note:"), "claims.csv holds claim rows only");
    }
}
