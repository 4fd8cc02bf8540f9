package io.dpmarl.examples.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mutation-score gate of CI ({@code mutation/MutationGate.java}, a single-file program), compiled from the
 * repository and run on a hand-written PIT report: the score it computes, the equivalent-mutant entries it
 * accepts and refuses, and the project's own entries file, which must parse (so a malformed entry fails
 * {@code mvn verify}, not only the slow mutation run).
 */
class MutationGateTest {
    private static final String BOUNDARY = "org.pitest.mutationtest.engine.gregor.mutators.ConditionalsBoundaryMutator";
    private static final String MATH = "org.pitest.mutationtest.engine.gregor.mutators.MathMutator";
    private static final String NEGATE = "org.pitest.mutationtest.engine.gregor.mutators.NegateConditionalsMutator";
    private static final String REASON = "a reason of at least ten characters";

    private static Method run;

    @TempDir
    Path dir;

    @BeforeAll
    static void compileTheGate(@TempDir Path classes) throws Exception {
        Path source = RepositoryRoot.find().resolve("mutation/MutationGate.java");
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, compiler.run(null, null, null, "-d", classes.toString(), source.toString()),
                "mutation/MutationGate.java must compile");
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                MutationGateTest.class.getClassLoader());
        run = loader.loadClass("MutationGate").getMethod("run", String[].class, PrintStream.class,
                PrintStream.class);
    }

    /** Exit status and standard output of one run of the gate. */
    private record Outcome(int status, String out) {
    }

    private Outcome gate(String thresholds, String... entries) throws Exception {
        Path report = dir.resolve("mutations.xml");
        Files.writeString(report, report());
        Path equivalents = dir.resolve("equivalent-mutants.txt");
        Files.write(equivalents, List.of(entries));
        return gate(report, equivalents, thresholds);
    }

    private static Outcome gate(Path report, Path equivalents, String thresholds) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = (int) run.invoke(null, new Object[] {new String[] {report.toString(), equivalents.toString(),
            thresholds}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)});
        return new Outcome(status, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Package a.b, class a.b.C, method m: on line 10 two boundary mutants (instruction indexes 9 and 5, listed in
     * that order), the one at 5 surviving and the one at 9 killed; a killed math mutant on line 12; a negated
     * conditional on line 14 that no test covers; and in package a.b.d a timed-out mutant. So a.b has 2 detected
     * out of 4, a score of 50%, and a.b.d 1 out of 1.
     */
    private static String report() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mutations>\n"
                + mutation("a.b.C", 10, BOUNDARY, 9, "KILLED", true)
                + mutation("a.b.C", 10, BOUNDARY, 5, "SURVIVED", false)
                + mutation("a.b.C", 12, MATH, 20, "KILLED", true)
                + mutation("a.b.C", 14, NEGATE, 31, "NO_COVERAGE", false)
                + mutation("a.b.d.E", 3, MATH, 2, "TIMED_OUT", true)
                + "</mutations>\n";
    }

    private static String mutation(String mutatedClass, int line, String mutator, int index, String status,
                                   boolean detected) {
        return "<mutation detected='" + detected + "' status='" + status + "' numberOfTestsRun='1'>"
                + "<mutatedClass>" + mutatedClass + "</mutatedClass><mutatedMethod>m</mutatedMethod>"
                + "<lineNumber>" + line + "</lineNumber><mutator>" + mutator + "</mutator>"
                + "<indexes><index>" + index + "</index></indexes><description>d" + index + "</description>"
                + "</mutation>\n";
    }

    @Test
    void scoresDetectedOverAllWithNoCoverageAsSurvived() throws Exception {
        assertEquals(0, gate("a.b=50,a.b.d=100").status(), "2 of 4 is 50%, 1 of 1 is 100%");
        Outcome below = gate("a.b=51");
        assertEquals(1, below.status());
        assertTrue(below.out().contains("a.b") && below.out().contains("50.0%") && below.out().contains("FAILED"),
                below.out());
    }

    @Test
    void printsEachSurvivorWithTheKeyAnEntryWouldUse() throws Exception {
        Outcome below = gate("a.b=51");
        // The survivor has index 5, below its twin's 9, so it is the first of the two.
        assertTrue(below.out().contains("a.b.C | m | 10 | ConditionalsBoundaryMutator#1 | SURVIVED"), below.out());
        // Alone on its line and mutator: no #k.
        assertTrue(below.out().contains("a.b.C | m | 14 | NegateConditionalsMutator | NO_COVERAGE"), below.out());
        assertFalse(below.out().contains("| 12 |"), "killed mutants are not listed: " + below.out());
    }

    @Test
    void anEntryNamingTheSurvivorByItsOrdinalRemovesOnlyIt() throws Exception {
        // Without the survivor: 2 detected of 3 remaining = 66.7%.
        Outcome outcome = gate("a.b=66", "a.b.C | m | 10 | ConditionalsBoundaryMutator#1 | " + REASON);
        assertEquals(0, outcome.status(), outcome.out());
        assertTrue(outcome.out().contains("(2 of 3 detected, 1 equivalent excluded)"), outcome.out());
        assertEquals(1, gate("a.b=67", "a.b.C | m | 10 | ConditionalsBoundaryMutator#1 | " + REASON).status());
    }

    @Test
    void refusesAnEntryThatCoversAKilledMutant() throws Exception {
        // Without #k the entry covers both boundary mutants of line 10, one of which a test kills.
        Outcome wide = gate("a.b=0", "a.b.C | m | 10 | ConditionalsBoundaryMutator | " + REASON);
        assertEquals(1, wide.status(), wide.out());
        assertTrue(wide.out().contains("covers a mutant a test kills"), wide.out());
        assertTrue(wide.out().contains("ConditionalsBoundaryMutator#2 | KILLED"), wide.out());
        // #2 names the killed one itself.
        assertEquals(1, gate("a.b=0", "a.b.C | m | 10 | ConditionalsBoundaryMutator#2 | " + REASON).status());
        // A timed-out mutant is not proof that a test tells it apart (a loaded machine times out too).
        Outcome timedOut = gate("a.b.d=0", "a.b.d.E | m | 3 | MathMutator | " + REASON);
        assertEquals(0, timedOut.status(), timedOut.out());
    }

    @Test
    void refusesMalformedEntriesNamingTheFileLine() throws Exception {
        Outcome noReason = gate("a.b=0", "# comment", "a.b.C | m | 14 | NegateConditionalsMutator | short");
        assertEquals(1, noReason.status());
        assertTrue(noReason.out().contains("equivalent-mutants.txt:2:"), noReason.out());
        Outcome zero = gate("a.b=0", "a.b.C | m | 10 | ConditionalsBoundaryMutator#0 | " + REASON);
        assertEquals(1, zero.status());
        assertTrue(zero.out().contains("k >= 1"), zero.out());
        Outcome line = gate("a.b=0", "a.b.C | m | ten | ConditionalsBoundaryMutator | " + REASON);
        assertEquals(1, line.status());
        assertTrue(line.out().contains("line field"), line.out());
    }

    @Test
    void warnsAboutAStaleEntryOfAGatedPackage() throws Exception {
        Outcome stale = gate("a.b=0", "a.b.C | m | 11 | MathMutator | " + REASON,
                "x.y.Z | m | 11 | MathMutator | " + REASON);
        assertEquals(0, stale.status());
        assertTrue(stale.out().contains("stale equivalent-mutant entry (no such mutant): a.b.C | m | 11"),
                stale.out());
        assertFalse(stale.out().contains("x.y.Z"), "entries of packages this run does not gate are not judged");
    }

    @Test
    void refusesBadUsage() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = (int) run.invoke(null, new Object[] {new String[] {"only-one"}, System.out,
            new PrintStream(err, true, StandardCharsets.UTF_8)});
        assertEquals(2, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("usage:"));
    }

    @Test
    void theProjectsEquivalentMutantEntriesAreWellFormed() throws Exception {
        Path report = dir.resolve("empty.xml");
        Files.writeString(report, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mutations>\n</mutations>\n");
        Outcome outcome = gate(report, RepositoryRoot.find().resolve("mutation/equivalent-mutants.txt"), "none=0");
        assertEquals(0, outcome.status(), outcome.out());
    }
}
