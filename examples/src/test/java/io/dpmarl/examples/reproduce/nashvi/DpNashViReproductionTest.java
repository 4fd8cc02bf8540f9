package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.examples.reproduce.InMemoryRunOutput;
import io.dpmarl.algorithms.tabular.nashvi.Truncation;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.experiment.ReproductionSettings;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The DP-Nash-VI reproduction on a reduced protocol (K = 4000 on RZ-tiny, 1000 on the matrix games, 4 seeds):
 * structure of metrics, plots and claims; results independent of the thread count; the output Nash gap
 * falls with K for every privatizer on every game (acceptance item 4). A11-A14 are EXPL checks that need the
 * real quick size (K = 20000, 6 seeds: {@code dpmarl reproduce dp-nash-vi}, where they pass); here only
 * their evaluation logic is tested, on synthetic curves where the expected verdicts are known.
 */
class DpNashViReproductionTest {
    static final NashViProtocol SMALL = new NashViProtocol(4000, 1000, 4, List.of(1.0, 10.0), 7, 0.1, 0.001,
            Truncation.H_MINUS_H_PLUS_1, 0.1);

    private static List<Claim> run(InMemoryRunOutput output, int threads, List<String> log) throws Exception {
        return new DpNashViReproduction(SMALL, SMALL).run(new ReproductionSettings(false, 3, threads, output, log::add));
    }

    @Test
    void reducedProtocolPassesAndIsThreadIndependent() throws Exception {
        InMemoryRunOutput single = new InMemoryRunOutput();
        InMemoryRunOutput parallel = new InMemoryRunOutput();
        List<String> log = new ArrayList<>();
        List<Claim> claims = run(single, 1, log);
        run(parallel, 2, new ArrayList<>());
        assertEquals(single.records(), parallel.records(), "metrics must not depend on the thread count");

        List<String> gated = claims.stream().filter(c -> c.status() != ClaimStatus.RECORDED).map(Claim::claim).toList();
        assertEquals(6, gated.size(), gated.toString());
        for (String id : List.of("A11", "A12", "A13", "A14")) {
            assertTrue(gated.stream().anyMatch(c -> c.startsWith(id)), id);
        }
        for (Claim claim : claims) {
            if (claim.status() == ClaimStatus.RECORDED) {
                assertTrue(!claim.measured().contains("did not fall"), "acceptance 4: " + claim);
            }
        }
        assertEquals(3, single.plots().size());
        String summary = single.texts().get("dp_nash_vi_summary.txt");
        assertTrue(summary.contains("certified gap") && summary.contains("mode=PRACTICAL"), summary);
        assertTrue(log.stream().anyMatch(line -> line.startsWith("local eps=1 ") && line.contains("final Nash gap")));
        List<String> metrics = single.records().stream().map(MetricRecord::metric).distinct().toList();
        assertEquals(List.of("cumulative_regret", "nash_gap", "matrix_nash_gap"), metrics);
        assertTrue(single.records().stream().anyMatch(r -> r.experiment().equals("central eps=1") && r.step() == 4000));
    }

    /** A synthetic series: regret curve f(K') for every trial, plus a per-trial offset. */
    private static Series synthetic(io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind kind, double epsilon,
                                    java.util.function.DoubleUnaryOperator curve) {
        List<Integer> points = NashViProtocol.checkpoints(10_000);
        int[] checkpoints = points.stream().mapToInt(Integer::intValue).toArray();
        List<TrialResult> trials = new ArrayList<>();
        for (int trial = 0; trial < 4; trial++) {
            double[] regret = new double[checkpoints.length];
            double[] gap = new double[checkpoints.length];
            for (int i = 0; i < checkpoints.length; i++) {
                regret[i] = curve.applyAsDouble(checkpoints[i]) + trial;
                gap[i] = 1.0 / checkpoints[i];
            }
            trials.add(new TrialResult(trial, checkpoints, regret, gap, gap, false, 0, 0));
        }
        return new Series("rz-tiny", kind, epsilon, trials);
    }

    /**
     * The claim logic on synthetic curves: sqrt-K non-private regret, additive central cost, sqrt-K local
     * cost (all PASS); then mutants that must FAIL: linear regret (A11), local below central (A13), regret
     * increasing in epsilon (A12), central cost growing faster than local (A14).
     */
    @Test
    void claimLogicPassesAndFailsAsExpected() {
        var np = io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind.NON_PRIVATE;
        var central = io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind.CENTRAL;
        var local = io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind.LOCAL;
        NashViProtocol protocol = new NashViProtocol(10_000, 100, 4, List.of(1.0, 10.0), 7, 0.1, 0.001,
                Truncation.H, 0.1);
        List<Series> good = List.of(synthetic(np, Double.POSITIVE_INFINITY, Math::sqrt),
                synthetic(central, 1.0, k -> Math.sqrt(k) + 1000), synthetic(central, 10.0, k -> Math.sqrt(k) + 100),
                synthetic(local, 1.0, k -> 20 * Math.sqrt(k)), synthetic(local, 10.0, k -> 3 * Math.sqrt(k)));
        assertTrue(NashViClaims.evaluate(good, protocol, line -> { }).stream()
                .allMatch(c -> c.status() != ClaimStatus.FAIL));
        List<Series> bad = List.of(synthetic(np, Double.POSITIVE_INFINITY, k -> 0.5 * k),
                synthetic(central, 1.0, k -> 0.5 * k + 10), synthetic(central, 10.0, k -> 0.5 * k + 100 + 0.3 * k),
                synthetic(local, 1.0, k -> 0.5 * k + 5), synthetic(local, 10.0, k -> 0.5 * k + 50));
        List<String> failed = NashViClaims.evaluate(bad, protocol, line -> { }).stream()
                .filter(c -> c.status() == ClaimStatus.FAIL).map(c -> c.claim().substring(0, 3)).distinct().toList();
        assertEquals(List.of("A11", "A12", "A13", "A14"), failed);
    }

    @Test
    void pluginIsRegistered() {
        Reproduction reproduction = Registry.discover().create(PluginKind.REPRODUCTION, Reproduction.class,
                "dp-nash-vi");
        assertInstanceOf(DpNashViReproduction.class, reproduction);
        assertEquals("dp-nash-vi", reproduction.paperId());
    }

    /** Checkpoints are strictly increasing and end at K, also when K is a power of ten (no duplicate K). */
    @Test
    void checkpointsAreStrictlyIncreasing() {
        for (int episodes : new int[] {10, 1000, 4000, 20_000, 100_000}) {
            List<Integer> points = NashViProtocol.checkpoints(episodes);
            assertEquals(episodes, (int) points.get(points.size() - 1));
            for (int i = 1; i < points.size(); i++) {
                assertTrue(points.get(i) > points.get(i - 1), episodes + ": " + points);
            }
        }
    }

    @Test
    void slopeOfAPowerLawIsItsExponent() {
        int[] x = {10, 100, 1000};
        double[] y = {Math.pow(10, 0.5), Math.pow(100, 0.5), Math.pow(1000, 0.5)};
        assertEquals(0.5, NashViClaims.slope(x, y, 0, 2), 1e-12);
    }
}
