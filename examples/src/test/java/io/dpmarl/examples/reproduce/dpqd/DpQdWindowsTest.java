package io.dpmarl.examples.reproduce.dpqd;

import static io.dpmarl.examples.reproduce.ClaimRows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentRunner;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.RunOptions;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.reproduce.BundledSpecRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DP-QD claims read their steps from the run, not from the bundled specs' windows of 100 steps and T = 10000: a
 * window's end is its {@code eavesdropper_step} (the step t, from 0, of its last message) plus 1. C2's 1e-2 reduction
 * is registered against the value at t = 100 and its middle point at t = 1000, so C2 is judged only on a run whose
 * points end there, and recorded (not PASS or FAIL) otherwise; C5's "decreases" is a direction and stays a gate on
 * any window, printed at the run's first step; T2 prints its first point at the run's step.
 */
class DpQdWindowsTest {

    /**
     * Two trials recorded at windows 1, 10 and 100 (as {@code record-at=powers-of-ten}) with consensus errors 40 and
     * 60 (mean 50), 4 and 6 (mean 5), and {@code lastLow} and {@code lastHigh} at T; the windows end at
     * {@code (eavesdropper_step + 1)} = {@code window} x 1, 10, 100.
     */
    private static QdRuns consensusRuns(long window, double lastLow, double lastHigh) {
        List<MetricRecord> records = new ArrayList<>();
        long[] windows = {1, 10, 100};
        double[][] values = {{40, 60}, {4, 6}, {lastLow, lastHigh}};
        for (int point = 0; point < windows.length; point++) {
            for (int trial = 0; trial < 2; trial++) {
                records.add(new MetricRecord("decaying", trial, trial, windows[point], "consensus_ms_error",
                        values[point][trial]));
                records.add(new MetricRecord("decaying", trial, trial, windows[point], "eavesdropper_step",
                        windows[point] * window - 1));
            }
        }
        return QdRuns.of(records);
    }

    /**
     * Windows of 100 steps: the points are t = 100, 1000, 10000, as registered, so C2 is judged. Means 50, 5, 0.4:
     * ratio 0.4 / 50 = 0.008 &lt; 1e-2 and non-increasing, PASS; with 0.6 at T (0.5 and 0.7) the ratio is
     * 0.6 / 50 = 0.012, FAIL.
     */
    @Test
    void c2IsJudgedAtTheRegisteredSteps() {
        Claim pass = DpQdClaims.consensus(consensusRuns(100, 0.3, 0.5));
        assertEquals(ClaimStatus.PASS, pass.status(), pass.measured());
        assertEquals("t=100: 50.00, t=1000: 5.000, T: 0.4000 (ratio 0.008000)", pass.measured());
        assertEquals("mean over runs of (1/N) sum_i (Q^i - Qbar)^2 (worst pair) at T < 1e-2 x its value at t = 100,"
                + " non-increasing at t = 100, 1000, T (pre-registered)", pass.expected());
        assertEquals(ClaimStatus.FAIL, DpQdClaims.consensus(consensusRuns(100, 0.5, 0.7)).status());
    }

    /**
     * Windows of 30 steps: the same values stand at t = 30, 300 and 3000. The 1e-2 is registered against t = 100,
     * so the row is recorded, with the true steps, even where the registered inequality would fail (ratio 0.012).
     */
    @Test
    void c2OnOtherWindowsIsRecordedAtTheRunsSteps() {
        Claim recorded = DpQdClaims.consensus(consensusRuns(30, 0.5, 0.7));
        assertEquals(ClaimStatus.RECORDED, recorded.status());
        assertEquals("t=30: 50.00, t=300: 5.000, T: 0.6000 (ratio 0.01200); not judged: the gate is registered at"
                + " t = 100 and 1000 (windows of 100 steps), this run's points are at t = 30 and 300",
                recorded.measured());
    }

    /**
     * Windows of 100 steps but T = 500 (windows 1 to 5, {@code eavesdropper_step} 99 to 499): there is no tenth
     * window, the middle point is the last (t = 500), not the registered t = 1000, so the row is recorded.
     */
    @Test
    void c2WithoutAPointAtTheRegisteredMiddleStepIsRecorded() {
        List<MetricRecord> records = new ArrayList<>();
        double[] values = {50, 20, 10, 5, 0.1};
        for (int window = 1; window <= 5; window++) {
            records.add(new MetricRecord("decaying", 0, 0, window, "consensus_ms_error", values[window - 1]));
            records.add(new MetricRecord("decaying", 0, 0, window, "eavesdropper_step", window * 100 - 1));
        }
        Claim claim = DpQdClaims.consensus(QdRuns.of(records));
        assertEquals(ClaimStatus.RECORDED, claim.status());
        assertTrue(claim.measured().startsWith("t=100: 50.00, t=500: 0.1000, T: 0.1000 (ratio 0.002000); not judged"),
                claim.measured());
    }

    /**
     * A window's end is the largest {@code eavesdropper_step} over the trials plus 1; windows of 30 steps cut at
     * T = 100 (ends 30, 60, 90, 100) have a last window of 10 steps, and full ones (T = 120) none shorter.
     */
    @Test
    void theWindowsAreReadFromTheEavesdroppersSteps() {
        List<MetricRecord> cut = new ArrayList<>();
        long[] ends = {30, 60, 90, 100};
        for (int window = 1; window <= ends.length; window++) {
            cut.add(new MetricRecord("undecaying", 0, 0, window, "eavesdropper_step", ends[window - 1] - 1));
            cut.add(new MetricRecord("undecaying", 1, 1, window, "eavesdropper_step", ends[window - 1] - 2));
        }
        assertEquals(90, QdRuns.of(cut).stepsDone(3));
        assertEquals("30 steps (the last of 10)", QdRuns.of(cut).windowLengths());
        List<MetricRecord> full = new ArrayList<>();
        for (int window = 1; window <= 4; window++) {
            full.add(new MetricRecord("undecaying", 0, 0, window, "eavesdropper_step", window * 30 - 1));
        }
        assertEquals("30 steps", QdRuns.of(full).windowLengths());
    }

    private static Path run(Path directory, String spec, List<String> overrides) throws IOException {
        String resource = "specs/dp-qd/" + spec + "-quick.yaml";
        ExperimentSpec parsed = ExperimentSpec.parse(BundledSpecRunner.text(resource), false, resource)
                .withAll(overrides);
        Registry registry = Registry.discover();
        new ExperimentRunner(registry).run(ExperimentPlan.resolve(parsed, registry),
                RunOptions.of(directory, 1, line -> { }));
        return directory;
    }

    /**
     * The bundled decaying and undecaying specs run with 6 agents and windows of 30 steps (decaying: T = 120, four
     * full windows; undecaying: T = 100, the last window cut to 10 steps), 2 trials: C2 prints its points at the
     * windows' ends t = 30 and t = 120 (the tenth window does not exist, so the last) and is recorded; T2 prints its
     * first point at t = 30; C5 compares T with t = 30 and names windows of 30 steps, the last of 10.
     */
    @Test
    void theRowsPrintTheStepsOfARunWithOtherWindows(@TempDir Path directory) throws IOException {
        List<String> common = List.of("environment.agents=6", "schedule.step-limit=30", "trials=2", "threads=1");
        List<String> decayingOverrides = new ArrayList<>(common);
        decayingOverrides.add("schedule.steps=120");
        List<String> undecayingOverrides = new ArrayList<>(common);
        undecayingOverrides.add("schedule.steps=100");
        Path decaying = run(directory.resolve("decaying"), "decaying", decayingOverrides);
        Path undecaying = run(directory.resolve("undecaying"), "undecaying", undecayingOverrides);
        ClaimInputs inputs = new ClaimInputs(Map.of(DpQdReproduction.DECAYING, decaying,
                DpQdReproduction.UNDECAYING, undecaying), true);
        List<Claim> claims = new ArrayList<>(DpQdClaims.evaluate(inputs));
        claims.addAll(DpQdTheoremClaims.evaluate(inputs));

        Claim c2 = row(claims, "C2");
        assertEquals(ClaimStatus.RECORDED, c2.status(), c2.measured());
        assertTrue(c2.measured().startsWith("t=30: "), c2.measured());
        assertTrue(c2.measured().contains(", t=120: "), c2.measured());
        assertTrue(c2.measured().endsWith("this run's points are at t = 30 and 120"), c2.measured());

        Claim t2 = row(claims, "T2");
        assertTrue(t2.measured().contains(" runs that tracked it): t=30 "), t2.measured());

        Claim c5 = row(claims, "C5 undecaying noise: the consensus");
        assertEquals("mean-square consensus error at T < at t = 30", c5.expected());
        assertTrue(c5.measured().startsWith("t=30: "), c5.measured());
        Claim c5Messages = row(claims, "C5 undecaying noise: message");
        assertTrue(c5Messages.expected().endsWith(" in every window of 30 steps (the last of 10) (pre-registered,"
                + " each window judged from 6000 messages)"), c5Messages.expected());
        // 2 trials x 6 agents x 30 steps = 360 messages per full window, 2 x 6 x 10 = 120 in the last: none is judged.
        assertEquals(ClaimStatus.RECORDED, c5Messages.status(), c5Messages.measured());
        assertTrue(c5Messages.measured().endsWith(", over 4 windows (120 to 360 messages each) (too few messages to"
                + " gate)"), c5Messages.measured());
    }

    /**
     * T1 on a hand-built histogram run: two trials recorded at windows 1, 10 and 100 (as
     * {@code record-at=powers-of-ten}) with mean consensus errors 50, 5 and 0.4. With {@code eavesdropper_step}
     * (windows of 20 steps: 19, 199, 1999) the points are printed at t = 20, 200, 2000, as C2 prints its points;
     * without it (the bundled histogram specs have no {@code qd-messages}) at the ends the run's schedule gives,
     * window k of limit L ending at min(k L, T): with T = 1990 and L = 20 at t = 20, 200 and 1990 (the last window
     * cut to 10 steps); with neither, at the window numbers, saying the steps are unknown.
     */
    @Test
    void t1PrintsTheStepsItsWindowsEndAt() {
        List<MetricRecord> records = new ArrayList<>();
        List<MetricRecord> withSteps = new ArrayList<>();
        long[] windows = {1, 10, 100};
        double[][] values = {{40, 60}, {4, 6}, {0.3, 0.5}};
        for (int point = 0; point < windows.length; point++) {
            for (int trial = 0; trial < 2; trial++) {
                records.add(new MetricRecord("histogram-decaying", trial, trial, windows[point], "consensus_ms_error",
                        values[point][trial]));
                withSteps.add(new MetricRecord("histogram-decaying", trial, trial, windows[point],
                        "eavesdropper_step", windows[point] * 20 - 1));
            }
        }
        withSteps.addAll(records);
        String decreasing = "mean over runs of the mean-square consensus error strictly decreasing at ";
        Claim fromMessages = DpQdTheoremClaims.meanSquareConsensus(QdRuns.of(withSteps), Optional.empty());
        assertEquals(ClaimStatus.PASS, fromMessages.status(), fromMessages.measured());
        assertEquals(decreasing + "the recorded windows' ends t = 20, 200, 2000", fromMessages.expected());
        assertEquals("2 runs: t=20: 50.00, t=200: 5.000, t=2000: 0.4000", fromMessages.measured());
        Claim fromSchedule = DpQdTheoremClaims.meanSquareConsensus(QdRuns.of(records),
                Optional.of(Schedule.steps(1990).withStepLimit(20)));
        assertEquals(decreasing + "the recorded windows' ends t = 20, 200, 1990", fromSchedule.expected());
        assertEquals("2 runs: t=20: 50.00, t=200: 5.000, t=1990: 0.4000", fromSchedule.measured());
        Claim unknown = DpQdTheoremClaims.meanSquareConsensus(QdRuns.of(records), Optional.empty());
        assertEquals(ClaimStatus.PASS, unknown.status(), unknown.measured());
        assertEquals(decreasing + "the recorded windows 1, 10, 100 (their steps unknown: no eavesdropper_step in the"
                + " run and no schedule.steps with a step-limit in its config.json)", unknown.expected());
        assertEquals("2 runs: window 1: 50.00, window 10: 5.000, window 100: 0.4000", unknown.measured());
        Claim episodes = DpQdTheoremClaims.meanSquareConsensus(QdRuns.of(records),
                Optional.of(Schedule.episodes(100).withStepLimit(20)));
        assertEquals(unknown.expected(), episodes.expected(), "a schedule of episodes does not fix the steps");
    }

    /**
     * The bundled histogram spec run with 6 agents, 2 trials and windows of 30 steps over T = 3000 (recorded at
     * windows 1, 10, 100): T1 reads the schedule from the run's config.json and prints t = 30, 300, 3000.
     */
    @Test
    void t1ReadsTheStepsOfARunFromItsSchedule(@TempDir Path directory) throws IOException {
        Path histogram = run(directory, "histogram-decaying", List.of("environment.agents=6",
                "schedule.step-limit=30", "schedule.steps=3000", "trials=2", "threads=1"));
        Claim t1 = row(DpQdTheoremClaims.evaluate(new ClaimInputs(Map.of(DpQdReproduction.HISTOGRAM_DECAYING,
                histogram), true)), "T1");
        assertTrue(t1.expected().endsWith("the recorded windows' ends t = 30, 300, 3000"), t1.expected());
        assertTrue(t1.measured().startsWith("2 runs: t=30: "), t1.measured());
        assertTrue(t1.measured().contains(", t=300: ") && t1.measured().contains(", t=3000: "), t1.measured());
    }
}
