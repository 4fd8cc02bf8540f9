package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dpmarl reproduce} over bundled specs and {@code dpmarl claims} over existing runs. */
class ClaimsCommandTest {
    private static final String PASS_ROW = "test-paper,epsilon_spent at the last episode = 3 x episodes,30.0,30.0,PASS";

    private static Cli.Result cli(String... args) {
        return Cli.run(TestReproduction.discovery(), args);
    }

    @Test
    void reproduceRunsTheBundledSpecsWritesTheManifestAndJudgesTheClaims(@TempDir Path directory) throws Exception {
        Cli.Result result = cli("reproduce", TestReproduction.PAPER, "--threads", "1", "--out", directory.toString());
        assertEquals(0, result.code(), result.err());
        Path paper = directory.resolve("test-paper");
        JsonNode manifest = new ObjectMapper().readTree(paper.resolve("reproduction.json").toFile());
        assertEquals("test-paper", manifest.get("paper").asText());
        assertEquals("quick", manifest.get("setting").asText());
        assertEquals("[\"tiny\"]", manifest.get("specs").toString());
        assertTrue(Files.size(paper.resolve("tiny/metrics.csv")) > 0);
        assertTrue(Files.size(paper.resolve("tiny/plots/episode_return.png")) > 0);
        String rows = "paper,claim,expected,measured,status\n" + PASS_ROW + "\n";
        assertEquals(rows, Files.readString(directory.resolve("claims.csv")));
        assertEquals(rows, Files.readString(paper.resolve("claims.csv")));
        assertTrue(result.err().contains("test-paper: spec 1/1 tiny"), result.err());
        assertTrue(result.err().contains("2/2 trials done"), "progress as in dpmarl run: " + result.err());
        assertTrue(result.out().contains("1 claim(s): 1 PASS, 0 FAIL"), result.out());

        // Re-evaluated without running: the reproduction directory, or the output over several papers.
        Files.delete(paper.resolve("claims.csv"));
        Cli.Result again = cli("claims", paper.toString());
        assertEquals(0, again.code(), again.err());
        assertEquals(rows, Files.readString(paper.resolve("claims.csv")));
        assertEquals(0, cli("claims", directory.toString()).code());
        // A single run of the reproduction (its spec names the claims) is judged alone.
        assertEquals(0, cli("claims", paper.resolve("tiny").toString()).code());

        // Reproducing into the same directory needs --resume, which recomputes nothing.
        Cli.Result again2 = cli("reproduce", TestReproduction.PAPER, "--out", directory.toString());
        assertEquals(2, again2.code());
        assertEquals("dpmarl: " + paper.resolve("tiny") + " already holds a run; pass --resume to continue the "
                + "reproduction or choose another --out", again2.err().strip());
        Cli.Result resumed = cli("reproduce", TestReproduction.PAPER, "--resume", "--out", directory.toString());
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.err().contains("resuming, 2 of 2 trials already complete"), resumed.err());
        assertEquals(rows, Files.readString(directory.resolve("claims.csv")));
    }

    @Test
    void aCopiedAndChangedSpecIsRunAndJudgedAndAWrongRunFails(@TempDir Path directory) throws Exception {
        String bundled = Files.readString(Path.of(ClaimsCommandTest.class.getClassLoader()
                .getResource("specs/test-paper/tiny-quick.yaml").toURI()));
        Path longer = directory.resolve("longer.yaml");
        Files.writeString(longer, bundled.replace("episodes: 10", "episodes: 12"));
        assertEquals(0, cli("run", longer.toString(), "--out", directory.resolve("longer").toString()).code());
        Cli.Result passing = cli("claims", directory.resolve("longer").toString());
        assertEquals(0, passing.code(), passing.err());
        assertTrue(passing.out().contains("36.0"), passing.out());

        // The mutant: epsilon 2 per release spends twice what the claim derives, so the gate fails.
        Path wrong = directory.resolve("wrong.yaml");
        Files.writeString(wrong, bundled.replace("laplace(epsilon=1,", "laplace(epsilon=2,"));
        assertEquals(0, cli("run", wrong.toString(), "--out", directory.resolve("wrong").toString()).code());
        Cli.Result failing = cli("claims", directory.resolve("wrong").toString());
        assertEquals(1, failing.code(), failing.err());
        assertTrue(Files.readString(directory.resolve("wrong/claims.csv")).contains(",30.0,60.0,FAIL"));
    }

    @Test
    void badInputIsOneLineExitTwo(@TempDir Path directory) throws Exception {
        Path run = directory.resolve("smoke");
        assertEquals(0, cli("run", Cli.smokeSpec().toString(), "--set", "episodes=3", "--set", "trials=2", "--out",
                run.toString()).code());
        Cli.Result noClaims = cli("claims", run.toString());
        assertEquals(2, noClaims.code());
        assertTrue(noClaims.err().startsWith("dpmarl: the spec of " + run + " names no reproduction; add 'claims: "),
                noClaims.err());
        assertFalse(noClaims.err().strip().contains("\n"));
        assertFalse(Files.exists(run.resolve("claims.csv")));
        // a claims key that could never be judged is refused when the run is planned, before anything is written
        Cli.Result unknownSpec = cli("run", Cli.smokeSpec().toString(), "--set", "claims=test-paper/huge", "--set",
                "episodes=2", "--set", "trials=2", "--out", directory.resolve("huge").toString());
        assertEquals(2, unknownSpec.code());
        assertEquals("dpmarl: claims: reproduction 'test-paper' has no bundled spec 'huge'; its specs: tiny",
                unknownSpec.err().strip());
        assertFalse(Files.exists(directory.resolve("huge")));
        Cli.Result unknownPaper = cli("run", Cli.smokeSpec().toString(), "--set", "claims=no-such/spec", "--out",
                directory.resolve("no-such").toString());
        assertEquals(2, unknownPaper.code());
        assertTrue(unknownPaper.err().startsWith("dpmarl: claims: unknown reproduction plugin 'no-such'"),
                unknownPaper.err());
        assertEquals(1, unknownPaper.err().strip().lines().count(), unknownPaper.err());
        assertFalse(Files.exists(directory.resolve("no-such")));
        assertEquals(2, cli("claims", directory.resolve("missing").toString()).code());
        assertEquals(2, cli("reproduce", "no-such-paper", "--out", directory.resolve("r").toString()).code());
        assertFalse(Files.exists(directory.resolve("r")));
    }

    @Test
    void theTableFitsIn160ColumnsAndTheCsvKeepsEveryCell(@TempDir Path directory) throws Exception {
        String longClaim = "L1 " + "a very long claim statement ".repeat(12);
        Cli.Result result = Cli.run(TestReproduction.discovery(longClaim), "reproduce", "--threads", "1", "--out",
                directory.toString());
        assertEquals(0, result.code(), result.err());
        for (String line : result.out().split("\n")) {
            assertTrue(line.length() <= ClaimTable.WIDTH, line.length() + ": " + line);
        }
        assertTrue(result.out().contains("..."));
        assertTrue(Files.readString(directory.resolve("claims.csv")).contains(longClaim.strip()));
    }
}
