package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.reproduce.BundledSpecRunner;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

import static io.dpmarl.examples.reproduce.ClaimRows.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The DP-Nash-VI reproduction: its bundled specs are class-path resources identical to the copies under
 * {@code examples/specs/dp-nash-vi/}; the claims step reads metric rows labelled as the runner labels grid points;
 * each gated claim passes on curves shaped as the theorems say and FAILS on a mutant: a dropped bonus (linear
 * non-private regret) fails A11, a wrong noise scale (regret growing with epsilon) fails A12, swapped privatizers
 * (central costing sqrt(K), local constant) fail A14 and turn A13 to DIFFERS. No sampling: deterministic.
 */
class DpNashViReproductionTest {
    private static final String CENTRAL = "privatizer=nashvi-central-counts(epsilon=%s)";
    private static final String LOCAL = "privatizer=nashvi-local-counts(epsilon=%s)";
    private static final String NON_PRIVATE = "privatizer=nashvi-non-private";

    @Test
    void specsAreBundledAndMirrored() throws Exception {
        Reproduction reproduction = new DpNashViReproduction();
        for (boolean full : new boolean[] {false, true}) {
            List<BundledSpec> specs = reproduction.specs(full);
            assertEquals(List.of("rz-tiny", "matching-pennies", "rock-paper-scissors", "e-scale"),
                    specs.stream().map(BundledSpec::name).toList());
            for (BundledSpec spec : specs) {
                String text = BundledSpecRunner.text(spec.resource());
                Path copy = BundledSpecRunner.mirror(spec.resource());
                assertEquals(Files.readString(copy), text, "mirror of " + spec.resource());
                assertTrue(text.contains("claims: dp-nash-vi/" + spec.name()), spec.resource());
                assertTrue(text.contains("zero-sum-regret") && text.contains("nash-gap"), spec.resource());
            }
        }
    }

    @Test
    void pluginIsRegistered() {
        Reproduction reproduction = Registry.discover().create(PluginKind.REPRODUCTION, Reproduction.class,
                "dp-nash-vi");
        assertInstanceOf(DpNashViReproduction.class, reproduction);
    }

    /** Rows of one experiment: regret f(K') + trial at log-spaced K', a Nash gap, a fallback rate of 1%. */
    private static void experiment(List<MetricRecord> rows, String label, DoubleUnaryOperator curve) {
        for (int trial = 0; trial < 4; trial++) {
            for (long step = 100; step <= 100_000; step = step * 2 > 100_000 && step < 100_000 ? 100_000 : step * 2) {
                rows.add(new MetricRecord(label, trial, trial, step, "cumulative_regret",
                        curve.applyAsDouble(step) + trial));
                rows.add(new MetricRecord(label, trial, trial, step, "nash_gap", 1.0 / step));
                rows.add(new MetricRecord(label, trial, trial, step, "certified_gap", 2.0 / step));
                rows.add(new MetricRecord(label, trial, trial, step, "fallback_rate", 0.01));
            }
        }
    }

    private static Map<String, List<Series>> runs(DoubleUnaryOperator nonPrivate, DoubleUnaryOperator central1,
                                                  DoubleUnaryOperator central10, DoubleUnaryOperator local1,
                                                  DoubleUnaryOperator local10) {
        List<MetricRecord> rows = new ArrayList<>();
        experiment(rows, NON_PRIVATE, nonPrivate);
        experiment(rows, String.format(CENTRAL, "1"), central1);
        experiment(rows, String.format(CENTRAL, "10"), central10);
        experiment(rows, String.format(LOCAL, "1"), local1);
        experiment(rows, String.format(LOCAL, "10"), local10);
        Map<String, List<Series>> runs = new LinkedHashMap<>();
        runs.put("rz-tiny", Series.of("rz-tiny", rows));
        return runs;
    }

    @Test
    void claimsPassOnTheoremShapedCurvesAndFailOnMutants() {
        DoubleUnaryOperator sqrt = Math::sqrt;
        List<Claim> good = NashViClaims.evaluate(runs(sqrt, k -> Math.sqrt(k) + 1000, k -> Math.sqrt(k) + 100,
                k -> 20 * Math.sqrt(k), k -> 3 * Math.sqrt(k)), false);
        assertEquals(ClaimStatus.PASS, status(good, "A11"));
        assertEquals(ClaimStatus.PASS, status(good, "A12 central"));
        assertEquals(ClaimStatus.PASS, status(good, "A12 local"));
        assertEquals(ClaimStatus.PASS, status(good, "A14"));
        assertEquals(ClaimStatus.RECORDED, status(good, "A13"));
        assertTrue(good.stream().anyMatch(c -> c.claim().startsWith("output Nash gap")
                && c.measured().contains("1.00%")));
        // quick: A14 is recorded, not gated
        assertEquals(ClaimStatus.RECORDED, status(NashViClaims.evaluate(runs(sqrt, k -> Math.sqrt(k) + 1000,
                k -> Math.sqrt(k) + 100, k -> 20 * Math.sqrt(k), k -> 3 * Math.sqrt(k)), true), "A14"));

        // dropped bonus: no optimism, linear regret
        List<Claim> noBonus = NashViClaims.evaluate(runs(k -> 0.3 * k, k -> 0.3 * k + 1000, k -> 0.3 * k + 100,
                k -> 0.3 * k + 20 * Math.sqrt(k), k -> 0.3 * k + 3 * Math.sqrt(k)), false);
        assertEquals(ClaimStatus.FAIL, status(noBonus, "A11"));

        // wrong noise scale (proportional to epsilon): more privacy cost at epsilon = 10 than at 1
        List<Claim> wrongScale = NashViClaims.evaluate(runs(sqrt, k -> Math.sqrt(k) + 100, k -> Math.sqrt(k) + 1000,
                k -> 3 * Math.sqrt(k), k -> 20 * Math.sqrt(k)), false);
        assertEquals(ClaimStatus.FAIL, status(wrongScale, "A12 central"));
        assertEquals(ClaimStatus.FAIL, status(wrongScale, "A12 local"));

        // swapped privatizers: the "central" run pays sqrt(K), the "local" one a constant
        List<Claim> swapped = NashViClaims.evaluate(runs(sqrt, k -> 20 * Math.sqrt(k), k -> 3 * Math.sqrt(k),
                k -> Math.sqrt(k) + 1000, k -> Math.sqrt(k) + 100), false);
        assertEquals(ClaimStatus.FAIL, status(swapped, "A14"));
        assertEquals(ClaimStatus.DIFFERS, status(swapped, "A13"));
        Claim a13 = swapped.stream().filter(c -> c.claim().startsWith("A13")).findFirst().orElseThrow();
        assertTrue(a13.measured().contains("fails on rz-tiny eps=1"), a13.measured());
    }

    /** The E-multiplier sweep gives one RECORDED row per (privatizer, e-scale) with its fallback rate. */
    @Test
    void eScaleSweepRows() {
        List<MetricRecord> rows = new ArrayList<>();
        for (String scale : List.of("1", "0.1", "0.01", "0.001")) {
            experiment(rows, String.format(LOCAL, "1") + " learner.e-scale=" + scale, Math::sqrt);
        }
        List<Claim> claims = NashViClaims.evaluate(Map.of("e-scale", Series.of("e-scale", rows)), true);
        assertEquals(4, claims.size());
        assertTrue(claims.stream().allMatch(c -> c.status() == ClaimStatus.RECORDED && c.measured().contains("%")));
        assertTrue(claims.get(1).claim().startsWith("E multiplier 0.1"), claims.get(1).claim());
    }

    @Test
    void slopeOfAPowerLawIsItsExponent() {
        long[] x = {10, 100, 1000};
        double[] y = {Math.pow(10, 0.5), Math.pow(100, 0.5), Math.pow(1000, 0.5)};
        assertEquals(0.5, NashViClaims.slope(x, y, 0, 2), 1e-12);
    }
}
