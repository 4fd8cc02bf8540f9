package io.dpmarl.examples.reproduce.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.linear.dpcmarl.DpcMarlA2c;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricsCsv;
import io.dpmarl.environments.platoon.PlatoonEvaluator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claims step on synthetic run directories whose rewards are set by hand: data shaped like Table III passes
 * every full-setting gate, and deliberately wrong data (levels swapped, no learning, a non-collapsing sGain 1) fails
 * the gate it should.
 */
class DpcMarlClaimsTest {
    @TempDir
    Path directory;

    /** Seeds' final rewards per spec, shaped like Table III (sGain 1: collapsed). */
    private static Map<String, double[]> tableShaped() {
        Map<String, double[]> finals = new HashMap<>();
        finals.put("catch-up-consensus", new double[] {-520, -460, -580, -500, -540});
        finals.put("catch-up-sgain-0-01", new double[] {-190, -130, -250, -170, -210});
        finals.put("catch-up-sgain-0-1", new double[] {-1300, -900, -1700, -1100, -1500});
        finals.put("catch-up-sgain-1", new double[] {-9000, -9000, -9000, -9000, -9000});
        finals.put("slow-down-consensus", new double[] {-1590, -1400, -1780, -1500, -1680});
        finals.put("slow-down-sgain-0-01", new double[] {-1450, -1060, -1840, -1300, -1600});
        finals.put("slow-down-sgain-0-1", new double[] {-2880, -2590, -3170, -2700, -3060});
        finals.put("slow-down-sgain-1", new double[] {-9000, -9000, -9000, -9000, -9000});
        return finals;
    }

    /**
     * Writes a run directory: per seed 100 evaluation points (every episode), flat at the seed's final reward; the
     * random-policy reference at -5500; {@code collapsed} marks sGain 1 as collapsed.
     */
    private Path write(String spec, double[] finals, boolean collapsed) throws IOException {
        List<MetricRecord> records = new ArrayList<>();
        for (int trial = 0; trial < finals.length; trial++) {
            for (long episode = 1; episode <= 100; episode++) {
                records.add(new MetricRecord(spec, trial, trial, episode, PlatoonEvaluator.METRIC, finals[trial]));
                records.add(new MetricRecord(spec, trial, trial, episode, PlatoonEvaluator.RANDOM, -5500));
                records.add(new MetricRecord(spec, trial, trial, episode, DpcMarlA2c.COLLAPSED,
                        collapsed && episode > 50 ? 1 : 0));
            }
        }
        Path run = directory.resolve(spec);
        Files.createDirectories(run);
        Files.writeString(run.resolve("metrics.csv"), MetricsCsv.format(records, true));
        return run;
    }

    private List<Claim> claims(Map<String, double[]> finals, boolean collapseLargeGain, boolean quick)
            throws IOException {
        Map<String, Path> runs = new HashMap<>();
        for (Map.Entry<String, double[]> entry : finals.entrySet()) {
            runs.put(entry.getKey(), write(entry.getKey(), entry.getValue(),
                    collapseLargeGain && entry.getKey().endsWith("sgain-1")));
        }
        return new DpcMarlReproduction().claims(new ClaimInputs(runs, quick));
    }

    private static ClaimStatus status(List<Claim> claims, String prefix) {
        return claims.stream().filter(c -> c.claim().startsWith(prefix)).findFirst().orElseThrow().status();
    }

    @Test
    void tableShapedRunsPassEveryFullGate() throws IOException {
        List<Claim> claims = claims(tableShaped(), true, false);
        for (String gate : new String[] {"Q1 catch-up", "Q1 slow-down", "R1", "R2", "R3", "R4", "R5", "R6", "R7"}) {
            assertEquals(ClaimStatus.PASS, status(claims, gate), gate + ": " + claims);
        }
        Claim row = claims.stream().filter(c -> c.claim().equals("Table III catch-up sgain-1")).findFirst()
                .orElseThrow();
        assertTrue(row.measured().startsWith("None"), row.measured());
        Claim consensus = claims.stream().filter(c -> c.claim().equals("Table III catch-up consensus")).findFirst()
                .orElseThrow();
        // mean of (-520, -460, -580, -500, -540) = -520; sample std = sqrt((0 + 3600 + 3600 + 400 + 400)/4) = 44.72
        assertEquals("-520.00 ± 44.72 (5 seeds)", consensus.measured());
    }

    @Test
    void theQuickSettingRecordsTheDirectionalClaims() throws IOException {
        List<Claim> claims = claims(tableShaped(), true, true);
        assertEquals(ClaimStatus.RECORDED, status(claims, "R1"));
        assertEquals(ClaimStatus.PASS, status(claims, "Q1 catch-up"));
    }

    @Test
    void swappedNoiseLevelsFailR1AndR4() throws IOException {
        Map<String, double[]> finals = tableShaped();
        double[] small = finals.get("catch-up-sgain-0-01");
        finals.put("catch-up-sgain-0-01", finals.get("catch-up-sgain-0-1"));
        finals.put("catch-up-sgain-0-1", small);
        List<Claim> claims = claims(finals, true, false);
        assertEquals(ClaimStatus.FAIL, status(claims, "R1"));
        assertEquals(ClaimStatus.FAIL, status(claims, "R4"));
    }

    @Test
    void noLearningFailsQ1() throws IOException {
        Map<String, double[]> finals = tableShaped();
        finals.put("catch-up-consensus", new double[] {-5400, -5600, -5500, -5450, -5550});
        assertEquals(ClaimStatus.FAIL, status(claims(finals, true, false), "Q1 catch-up"));
    }

    /** The quick setting's shape: 4 seeds of catch-up ConsensusMARL only, random reference -5500 (margin 275). */
    private List<Claim> quickCatchUp(double... finals) throws IOException {
        return claims(Map.of("catch-up-consensus", finals), false, true);
    }

    private static Claim q1(List<Claim> claims) {
        return claims.stream().filter(c -> c.claim().startsWith("Q1 catch-up: ConsensusMARL learns")).findFirst()
                .orElseThrow();
    }

    @Test
    void theQuickGatePassesWhenEverySeedLearnsAndFailsWithoutLearning() throws IOException {
        // gains 5000, 5050, 4950, 5020: mean 5005, sample std 42.03, t(3, 0.975) = 3.182 -> half 66.9; the lower
        // end 4938 clears the margin 5% of 5500 = 275
        Claim learned = q1(quickCatchUp(-500, -450, -550, -480));
        assertEquals(ClaimStatus.PASS, learned.status(), learned.toString());
        assertTrue(learned.measured().endsWith("per seed 5000.00, 5050.00, 4950.00, 5020.00"), learned.measured());
        assertTrue(learned.expected().contains("275.00"), learned.expected());
        // no learning (the mutant): the greedy policy is as good as random, gains -100, 100, 0, 50 < 275
        assertEquals(ClaimStatus.FAIL, q1(quickCatchUp(-5600, -5400, -5500, -5450)).status());
    }

    @Test
    void oneSeedLeftInTheCrashBasinFailsTheQuickGate() throws IOException {
        // the pattern the quick runs show: three seeds at the safe level, one at the crash-like -6900 (gain -1400);
        // gains mean 3400, sample std 3200.3, half-band 3.182 * 3200.3 / 2 = 5092 -> lower end -1692 < 275
        Claim basin = q1(quickCatchUp(-500, -450, -550, -6900));
        assertEquals(ClaimStatus.FAIL, basin.status(), basin.toString());
        assertTrue(basin.measured().startsWith("learned - random = 3400.00 ± "), basin.measured());
        assertTrue(basin.measured().endsWith("per seed 5000.00, 5050.00, 4950.00, -1400.00"), basin.measured());
    }

    @Test
    void aLargeGainThatDoesNotCollapseFailsR3() throws IOException {
        Map<String, double[]> finals = tableShaped();
        finals.put("catch-up-sgain-1", new double[] {-700, -600, -800, -650, -750});
        assertEquals(ClaimStatus.FAIL, status(claims(finals, false, false), "R3"));
    }

    @Test
    void aNoiseTenTimesTooLargeAtTheSmallGainFailsR2() throws IOException {
        // Wrong mechanism: the noise std is scaled by 10 sGain instead of sGain, so sGain 0.01 perturbs the
        // critics as sGain 0.1 should and its rewards are sGain 0.1's. catch-up: R(0.01) = mean(-1300, -900, -1700,
        // -1100, -1500) = -1300 < R(0) - std(0) = -520 - 44.72 = -564.72.
        Map<String, double[]> finals = tableShaped();
        finals.put("catch-up-sgain-0-01", finals.get("catch-up-sgain-0-1").clone());
        List<Claim> claims = claims(finals, true, false);
        assertEquals(ClaimStatus.FAIL, status(claims, "R2"), claims.toString());
        assertEquals(ClaimStatus.PASS, status(claims, "R5"), "the scenarios keep their order");
    }

    @Test
    void swappedScenariosFailR5() throws IOException {
        // Wrong environment: the catch-up and slow-down leader profiles are exchanged, so each scenario's runs hold
        // the other's rewards; at sGain 0, catch-up -1590 (mean of the slow-down seeds) < slow-down -520.
        Map<String, double[]> table = tableShaped();
        Map<String, double[]> finals = new HashMap<>();
        table.forEach((spec, values) -> finals.put(spec.startsWith("catch-up") ? spec.replace("catch-up", "slow-down")
                : spec.replace("slow-down", "catch-up"), values));
        List<Claim> claims = claims(finals, true, false);
        assertEquals(ClaimStatus.FAIL, status(claims, "R5"), claims.toString());
        assertEquals(ClaimStatus.PASS, status(claims, "R6"), "the spreads per scenario are unchanged");
    }

    @Test
    void noiseThatIsNeverAddedFailsR6() throws IOException {
        // Wrong mechanism: sGain is read but the perturbation is never applied, so sGain 0.1 trains exactly as
        // sGain 0 (same seeds): std(0.1) = std(0) (44.72 in catch-up, not strictly larger), and R(0.1) = R(0).
        Map<String, double[]> finals = tableShaped();
        for (String scenario : List.of("catch-up", "slow-down")) {
            finals.put(scenario + "-sgain-0-1", finals.get(scenario + "-consensus").clone());
        }
        List<Claim> claims = claims(finals, true, false);
        assertEquals(ClaimStatus.FAIL, status(claims, "R6"), claims.toString());
        assertEquals(ClaimStatus.FAIL, status(claims, "R1"));
    }

    @Test
    void aCurveStillClimbingAtTheEndFailsR7() throws IOException {
        // Wrong learner: a critic step size far too small, so the greedy policy's reward still climbs linearly at
        // the end of training. catch-up sGain 0: every seed ramps from -5000 (episode 1) to -520 (episode 100),
        // v_k = -5000 + 4480 k / 99 for k = 0..99 (window 100 points, last 20%: points 79 and 99). Trailing means:
        // at 79 the mean of v_0..v_79 = -5000 + 4480 * 39.5 / 99 = -3212.53; at 99 the mean of all = -5000 + 4480
        // * 49.5 / 99 = -2760; change 452.53 > 10% of 2760 = 276.
        Map<String, double[]> finals = tableShaped();
        finals.remove("catch-up-consensus");
        Map<String, Path> runs = new HashMap<>();
        for (Map.Entry<String, double[]> entry : finals.entrySet()) {
            runs.put(entry.getKey(), write(entry.getKey(), entry.getValue(), entry.getKey().endsWith("sgain-1")));
        }
        List<MetricRecord> records = new ArrayList<>();
        for (int trial = 0; trial < 5; trial++) {
            for (long episode = 1; episode <= 100; episode++) {
                records.add(new MetricRecord("catch-up-consensus", trial, trial, episode, PlatoonEvaluator.METRIC,
                        -5000 + 4480.0 * (episode - 1) / 99));
                records.add(new MetricRecord("catch-up-consensus", trial, trial, episode, PlatoonEvaluator.RANDOM,
                        -5500));
                records.add(new MetricRecord("catch-up-consensus", trial, trial, episode, DpcMarlA2c.COLLAPSED, 0));
            }
        }
        Path ramp = directory.resolve("catch-up-consensus");
        Files.createDirectories(ramp);
        Files.writeString(ramp.resolve("metrics.csv"), MetricsCsv.format(records, true));
        runs.put("catch-up-consensus", ramp);
        List<Claim> claims = new DpcMarlReproduction().claims(new ClaimInputs(runs, false));
        Claim r7 = claims.stream().filter(c -> c.claim().startsWith("R7")).findFirst().orElseThrow();
        assertEquals(ClaimStatus.FAIL, r7.status(), r7.toString());
        assertTrue(r7.measured().startsWith("catch-up-consensus: -3212.53 -> -2760.00; "), r7.measured());
    }

    @Test
    void theFixedControllerIsRecordedBesideTheLearnedPolicyWhenTheRunHasIt() throws IOException {
        Map<String, double[]> finals = new HashMap<>();
        finals.put("catch-up-consensus", new double[] {-500, -3500});
        Map<String, Path> runs = new HashMap<>();
        Path run = write("catch-up-consensus", finals.get("catch-up-consensus"), false);
        List<MetricRecord> fixed = new ArrayList<>();
        for (int trial = 0; trial < 2; trial++) {
            for (long episode = 1; episode <= 100; episode++) {
                fixed.add(new MetricRecord("catch-up-consensus", trial, trial, episode,
                        PlatoonEvaluator.FIXED_CONTROLLER, trial == 0 ? -460 : -480));
            }
        }
        Files.writeString(run.resolve("metrics.csv"), MetricsCsv.format(fixed, false),
                java.nio.file.StandardOpenOption.APPEND);
        runs.put("catch-up-consensus", run);
        Claim reference = new DpcMarlReproduction().claims(new ClaimInputs(runs, true)).stream()
                .filter(c -> c.claim().startsWith("reference catch-up")).findFirst().orElseThrow();
        assertEquals(ClaimStatus.RECORDED, reference.status());
        // fixed: mean -470, sample std sqrt(200) = 14.14; learned: mean -2000, std sqrt(4.5e6) = 2121.32;
        // learned - fixed per seed: -500 + 460 = -40, -3500 + 480 = -3020
        assertEquals("fixed controller -470.00 ± 14.14; learned ConsensusMARL -2000.00 ± 2121.32; per seed learned"
                + " - fixed -40.00, -3020.00", reference.measured());
        // runs without the metric (recorded before it existed) have no such row
        assertFalse(claims(finals, false, true).stream().anyMatch(c -> c.claim().startsWith("reference")));
    }

    @Test
    void aSubsetOfRunsGivesASubsetOfRows() throws IOException {
        Map<String, double[]> finals = new HashMap<>();
        finals.put("catch-up-consensus", tableShaped().get("catch-up-consensus"));
        List<Claim> claims = claims(finals, false, false);
        assertTrue(claims.stream().anyMatch(c -> c.claim().startsWith("Q1 catch-up")));
        assertFalse(claims.stream().anyMatch(c -> c.claim().startsWith("R1") || c.claim().startsWith("Q1 slow")));
    }
}
