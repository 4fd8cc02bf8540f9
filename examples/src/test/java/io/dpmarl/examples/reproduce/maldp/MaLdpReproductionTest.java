package io.dpmarl.examples.reproduce.maldp;

import static io.dpmarl.examples.reproduce.ClaimRows.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.reproduce.BundledSpecRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The MA-LDP reproduction: bundled specs mirrored under {@code examples/specs/ma-ldp/}; the claims step reads metric
 * rows labelled as the runner labels grid points; each gate passes on curves shaped as the theory says and FAILS on
 * a mutant (regret rising with epsilon, a non-learning baseline, a baseline as bad as the private runs); the
 * orderings are RECORDED whatever their direction; a computed guarantee weaker than the paper's claim is DIFFERS.
 * Deterministic: no sampling.
 */
class MaLdpReproductionTest {
    private static final String LAPLACE = "privatizer=ma-ldp(mechanism=laplace, epsilon=%s, calibration=paper-literal)";
    private static final String GAUSSIAN = "privatizer=ma-ldp(mechanism=gaussian, epsilon=%s, delta=0.1, "
            + "calibration=paper-literal)";
    private static final int K = 1000;

    @Test
    void specsAreBundledAndMirrored() throws Exception {
        Reproduction reproduction = new MaLdpReproduction();
        for (boolean full : new boolean[] {false, true}) {
            List<BundledSpec> specs = reproduction.specs(full);
            assertEquals(List.of("paper", "mechanisms", "baseline", "epsilon-sweep"),
                    specs.stream().map(BundledSpec::name).toList());
            for (BundledSpec spec : specs) {
                String text = BundledSpecRunner.text(spec.resource());
                Path copy = BundledSpecRunner.mirror(spec.resource());
                assertEquals(Files.readString(copy), text, "mirror of " + spec.resource());
                assertTrue(text.contains("claims: ma-ldp/" + spec.name()), spec.resource());
                assertTrue(text.contains("ma-ldp-regret"), spec.resource());
                assertTrue(text.contains(full ? "episodes: 8500" : "episodes: "), spec.resource());
            }
        }
    }

    @Test
    void pluginIsRegistered() {
        assertInstanceOf(MaLdpReproduction.class, Registry.discover().create(PluginKind.REPRODUCTION,
                Reproduction.class, "ma-ldp"));
    }

    /** Rows of one experiment: cumulative regret f(k) + trial offset every episode, and report metrics. */
    private static void experiment(List<MetricRecord> rows, String label, DoubleUnaryOperator curve) {
        for (int trial = 0; trial < 5; trial++) {
            for (long k = 1; k <= K; k++) {
                rows.add(new MetricRecord(label, trial, trial, k, "cumulative_regret",
                        curve.applyAsDouble(k) * (1 + 0.01 * trial)));
            }
        }
    }

    private static Map<String, List<MaLdpSeries>> sweep(DoubleUnaryOperator slopeOfEpsilon) {
        List<MetricRecord> rows = new ArrayList<>();
        for (String epsilon : List.of("0.1", "1", "10", "100", "1000")) {
            double slope = slopeOfEpsilon.applyAsDouble(Double.parseDouble(epsilon));
            experiment(rows, String.format(LAPLACE, epsilon), k -> slope * k);
        }
        experiment(rows, "privatizer=none", k -> 3 * Math.sqrt(k));
        Map<String, List<MaLdpSeries>> runs = new LinkedHashMap<>();
        runs.put("epsilon-sweep", MaLdpSeries.of(rows));
        return runs;
    }

    @Test
    void epsilonSweepPassesWhenRegretFallsWithEpsilonAndFailsOnAWrongNoiseScale() {
        List<MaLdpSeries> parsed = sweep(e -> 0.19).get("epsilon-sweep");
        assertEquals(6, parsed.size());
        assertEquals(Double.POSITIVE_INFINITY, parsed.get(5).epsilon());
        assertEquals(0.1, parsed.get(0).epsilon());
        assertEquals(ClaimStatus.PASS, status(MaLdpClaims.evaluate(sweep(e -> 0.19 - 0.01 * Math.log10(e * 10)), false),
                "A5"));
        assertEquals(ClaimStatus.PASS, status(MaLdpClaims.evaluate(sweep(e -> 0.19), false), "A5"),
                "flat is within 2 SE");
        // mutant: noise scaled with epsilon instead of 1/epsilon, regret rises with epsilon
        assertEquals(ClaimStatus.FAIL, status(MaLdpClaims.evaluate(sweep(e -> 0.1 + 0.01 * Math.log10(e * 10)), false),
                "A5"));
    }

    private static Map<String, List<MaLdpSeries>> baselineAndPaper(DoubleUnaryOperator greedy,
                                                                    DoubleUnaryOperator maxmin, double privateSlope) {
        List<MetricRecord> baseline = new ArrayList<>();
        experiment(baseline, "learner.selection=maxmin", maxmin);
        experiment(baseline, "learner.selection=joint-greedy", greedy);
        List<MetricRecord> paper = new ArrayList<>();
        experiment(paper, String.format(LAPLACE, "0.1"), k -> privateSlope * k + 5);
        experiment(paper, String.format(LAPLACE, "0.2"), k -> privateSlope * k);
        experiment(paper, String.format(GAUSSIAN, "0.05"), k -> privateSlope * k);
        experiment(paper, String.format(GAUSSIAN, "0.2"), k -> privateSlope * k + 5);
        Map<String, List<MaLdpSeries>> runs = new LinkedHashMap<>();
        runs.put("paper", MaLdpSeries.of(paper));
        runs.put("baseline", MaLdpSeries.of(baseline));
        return runs;
    }

    @Test
    void baselineGatesPassWhenTheLearnerLearnsAndFailOnMutants() {
        List<Claim> good = MaLdpClaims.evaluate(baselineAndPaper(k -> 3 * Math.sqrt(k), k -> 2 * Math.sqrt(k), 0.2),
                false);
        assertEquals(ClaimStatus.PASS, status(good, "non-private learner learns"));
        assertEquals(ClaimStatus.PASS, status(good, "A6"));
        // the orderings are recorded whichever way they come out: Laplace as the paper says, Gaussian reversed
        assertEquals(ClaimStatus.RECORDED, status(good, "A1"));
        assertEquals(ClaimStatus.RECORDED, status(good, "A2"));
        assertTrue(good.stream().anyMatch(c -> c.claim().startsWith("A1")
                && c.measured().contains("as the paper says")));
        assertTrue(good.stream().anyMatch(c -> c.claim().startsWith("A2") && c.measured().contains("reversed")));
        // mutant: a dropped bonus / broken regression, the greedy learner stays at the random policy's regret
        List<Claim> linear = MaLdpClaims.evaluate(baselineAndPaper(k -> 0.18 * k, k -> 0.18 * k, 0.2), false);
        assertEquals(ClaimStatus.FAIL, status(linear, "non-private learner learns"));
        assertEquals(ClaimStatus.FAIL, status(linear, "A6"));
        // mutant: regret accelerating (the second half costs more than the first) fails sublinearity
        List<Claim> accelerating = MaLdpClaims.evaluate(baselineAndPaper(k -> 1e-4 * k * k, k -> 3 * Math.sqrt(k),
                0.2), false);
        // quick setting: A6 is recorded, not gated
        assertEquals(ClaimStatus.RECORDED, status(MaLdpClaims.evaluate(baselineAndPaper(k -> 0.18 * k, k -> 0.18 * k,
                0.2), true), "A6"));
        assertEquals(ClaimStatus.FAIL, status(accelerating, "non-private learner learns"));
    }

    /**
     * A run of {@code label} with a regret curve and, at step 1, the report's guarantee rows in this order: claimed
     * and computed (epsilon, delta) per user per agent, then claimed and computed per user, then (if given) the own
     * releases' (epsilon, delta) per user per agent and per user.
     */
    private static List<MetricRecord> withGuaranteeRows(String label, double... values) {
        List<MetricRecord> rows = new ArrayList<>();
        experiment(rows, label, k -> 0.2 * k);
        String[] names = {"claimed_user_agent_epsilon", "claimed_user_agent_delta", "user_agent_epsilon",
            "user_agent_delta", "claimed_user_epsilon", "claimed_user_delta", "user_epsilon", "user_delta",
            "own_user_agent_epsilon", "own_user_agent_delta", "own_user_epsilon", "own_user_delta"};
        for (int i = 0; i < values.length; i++) {
            rows.add(new MetricRecord(label, 0, 0, 1, names[i], values[i]));
        }
        return rows;
    }

    @Test
    void aComputedGuaranteeWeakerThanTheClaimIsDiffers() {
        String uniform = "privatizer=ma-ldp(mechanism=uniform, epsilon=1, delta=0.1, calibration=paper-literal)";
        List<MetricRecord> rows = withGuaranteeRows(uniform, 0, 0.1, 0, 0.524, 0, 0.1, 0, 1.0);
        Map<String, List<MaLdpSeries>> runs = new LinkedHashMap<>();
        runs.put("mechanisms", MaLdpSeries.of(rows));
        List<Claim> claims = MaLdpClaims.evaluate(runs, false);
        assertEquals(ClaimStatus.DIFFERS, status(claims, "uniform delta=0.1: guarantee per user per agent"));
        assertEquals(ClaimStatus.RECORDED, status(claims, "reward parameters"));
        // a computed guarantee equal to the claim is recorded, not DIFFERS
        rows.replaceAll(r -> r.metric().equals("user_agent_delta") ? new MetricRecord(r.experiment(), 0, 0, 1,
                r.metric(), 0.1) : r);
        runs.put("mechanisms", MaLdpSeries.of(rows));
        assertEquals(ClaimStatus.RECORDED, status(MaLdpClaims.evaluate(runs, false),
                "uniform delta=0.1: guarantee per user per agent"));
    }

    /**
     * The sound rows and the paper's accounting: laplace(epsilon = 1) paper-literal, n = 2, H = 5, K = 10 users. Own
     * releases per (user, agent) 1.125 (the L1 sensitivity), jointly 2.25; the computed (sound) figure composes
     * K n 2H releases: 10 x 2.25 = 22.5, per user and per (user, agent). Both computed rows are DIFFERS with the
     * carried-data reason; the own rows keep the mechanism's and Definition 1's reasons; a run whose computed figure
     * equals the own one (the reward parameters cannot carry data) keeps the mechanism's reason.
     */
    @Test
    void theComputedRowsAreTheSoundFigureAndTheOwnRowsThePapersAccounting() {
        String laplace = "privatizer=ma-ldp(mechanism=laplace, epsilon=1, calibration=paper-literal)";
        Map<String, List<MaLdpSeries>> runs = new LinkedHashMap<>();
        runs.put("mechanisms", MaLdpSeries.of(withGuaranteeRows(laplace, 1, 0, 22.5, 0, 1, 0, 22.5, 0, 1.125, 0,
                2.25, 0)));
        List<Claim> claims = MaLdpClaims.evaluate(runs, false);
        Claim agent = claim(claims, "laplace eps=1: guarantee per user per agent");
        Claim joint = claim(claims, "laplace eps=1: guarantee per user, all agents jointly");
        for (Claim row : List.of(agent, joint)) {
            assertEquals(ClaimStatus.DIFFERS, row.status());
            assertEquals("computed (22.5, 0): " + MaLdpPrivacyRows.CARRIED, row.measured());
            assertEquals("paper (1, 0)", row.expected());
        }
        Claim ownAgent = claim(claims, "laplace eps=1: guarantee per user per agent" + MaLdpPrivacyRows.OWN);
        assertEquals(ClaimStatus.DIFFERS, ownAgent.status());
        assertTrue(ownAgent.measured().startsWith("own releases (1.125, 0): the upper-triangle L1 sensitivity"),
                ownAgent.measured());
        Claim ownJoint = claim(claims, "laplace eps=1: guarantee per user, all agents jointly"
                + MaLdpPrivacyRows.OWN);
        assertTrue(ownJoint.measured().startsWith("own releases (2.25, 0): Definition 1"), ownJoint.measured());
        assertTrue(MaLdpPrivacyRows.CARRIED.contains("reward parameters carry user k's data into later releases"));
        // no run-wide composition (computed = own): the computed rows keep the mechanism's reason
        runs.put("mechanisms", MaLdpSeries.of(withGuaranteeRows(laplace, 1, 0, 1.125, 0, 1, 0, 2.25, 0, 1.125, 0,
                2.25, 0)));
        Claim same = claim(MaLdpClaims.evaluate(runs, false), "laplace eps=1: guarantee per user per agent");
        assertTrue(same.measured().startsWith("computed (1.125, 0): the upper-triangle L1"), same.measured());
        // a larger delta alone is enough for the carried-data reason
        runs.put("mechanisms", MaLdpSeries.of(withGuaranteeRows(laplace, 1, 0, 1.125, 0.5, 1, 0, 2.25, 0, 1.125, 0,
                2.25, 0)));
        assertTrue(claim(MaLdpClaims.evaluate(runs, false), "laplace eps=1: guarantee per user per agent").measured()
                .endsWith(MaLdpPrivacyRows.CARRIED));
    }

    private static Claim claim(List<Claim> claims, String name) {
        return claims.stream().filter(c -> c.claim().equals(name)).findFirst().orElseThrow(() ->
                new AssertionError("no row " + name + " in " + claims.stream().map(Claim::claim).toList()));
    }

    /** A run of the paper-literal learner whose ledger voided the guarantee: the row says so, not the mechanism. */
    @Test
    void aVoidGuaranteeIsDiffersWithItsOwnReason() {
        String laplace = "privatizer=ma-ldp(mechanism=laplace, epsilon=1, calibration=paper-literal)";
        List<MetricRecord> rows = withGuaranteeRows(laplace, 1, 0, 2.5, 0, 2, 0, 5, 0);
        rows.add(new MetricRecord(laplace, 0, 0, 2, "user_agent_epsilon", Double.POSITIVE_INFINITY));
        Map<String, List<MaLdpSeries>> runs = new LinkedHashMap<>();
        runs.put("mechanisms", MaLdpSeries.of(rows));
        Claim row = MaLdpClaims.evaluate(runs, false).stream()
                .filter(c -> c.claim().equals("laplace eps=1: guarantee per user per agent")).findFirst().orElseThrow();
        assertEquals(ClaimStatus.DIFFERS, row.status());
        assertTrue(row.measured().startsWith("computed (inf, 0)") && row.measured().endsWith(MaLdpPrivacyRows.VOID),
                row.measured());
        Claim joint = MaLdpClaims.evaluate(runs, false).stream()
                .filter(c -> c.claim().equals("laplace eps=1: guarantee per user, all agents jointly")).findFirst()
                .orElseThrow();
        assertTrue(joint.measured().contains("sigma and b contain no n"), joint.measured());
    }
}
