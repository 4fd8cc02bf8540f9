package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.accounting.paper003.Paper003Accountant;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The paper-literal MA-LDP learner ({@code clip=false}) releases statistics whose inputs break the calibration's
 * assumption {@code ||phi_V|| <= H}, {@code 0 <= V <= H} ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Theorems 1, 3, 5, 7 assume both); the privatizers' noise covers only
 * statistics within the bound, so those users have no guarantee. The ledger must say so: the (user, agent) key of
 * such a release is charged a {@link PrivacyEvent.NonPrivateEvent} (once), and its epsilon, and its user's, is
 * infinite. With {@code clip=true}, or with inputs within the bound, nothing changes.
 *
 * <p>The runs use the paper's network MDP (H = 5, d = 4), whose early optimistic values give
 * {@code ||phi_V|| > H}; which releases break the bound is decided here from the release inputs themselves
 * ({@code ||f||^2} is the trace of {@code f f^T}, and {@code V = <f, f V> / ||f||^2}), not from the learner's counter.
 */
class MaLdpLiteralVoidsGuaranteeTest {
    private static final int H = 5;
    private static final int EPISODES = 4;
    private static final String PRIVATIZER = "ma-ldp(mechanism=laplace, epsilon=0.1, calibration=paper-literal)";

    /**
     * A run's ledger, which (user, agent) pairs certainly had a release breaking the bound (from the inputs), and
     * how many releases of each user the learner counted as breaking it, and how many (user, agent) voids it charged.
     */
    record Run(PrivacyLedger ledger, boolean[][] broken, long[] counted, int agents, List<MetricRecord> metrics,
               long voids) {
        double metric(String name) {
            double value = Double.NaN;
            for (MetricRecord record : metrics) {
                if (record.metric().equals(name)) {
                    value = record.value();
                }
            }
            return value;
        }

        /** Every row of metric {@code name}, as {@code "step:value"}, in recording order. */
        List<String> rows(String name) {
            return metrics.stream().filter(record -> record.metric().equals(name))
                    .map(record -> record.step() + ":" + record.value()).toList();
        }
    }

    /**
     * True if the release inputs {@code f f^T} and {@code f V} certainly come from {@code ||f|| > H} or
     * {@code |V| > H}: {@code ||f||^2} is the trace of {@code f f^T} and {@code |V| = ||f V|| / ||f||}. The sign of V
     * is not recoverable ({@code (f, V)} and {@code (-f, -V)} give the same statistics), so a small negative V is not
     * seen here; the learner's violation counter covers it.
     */
    static boolean breaksBound(double[] gram, double[] moment) {
        int d = moment.length;
        double squared = 0;
        double momentSquared = 0;
        for (int j = 0; j < d; j++) {
            squared += gram[j * d + j];
            momentSquared += moment[j] * moment[j];
        }
        double norm = Math.sqrt(squared);
        return norm > H * (1 + 1e-9) || (norm > 0 && Math.sqrt(momentSquared) / norm > H * (1 + 1e-9));
    }

    static Run run(String accountant, boolean clip, long seed) {
        NetworkMdp environment = MaLdpHarness.paperInstance();
        List<MetricRecord> sink = new ArrayList<>();
        PrivacyLedger ledger = PrivacyLedger.of(
                () -> MaLdpHarness.REGISTRY.create(PluginKind.ACCOUNTANT, Accountant.class, accountant), 1e-4);
        PluginContext context = MaLdpHarness.context(environment, seed, EPISODES, sink, ledger);
        Learner learner = MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                "ma-ldp(privatizer=" + PRIVATIZER + ", clip=" + clip + ")", context);
        MaLdpLearner maLdp = (MaLdpLearner) learner;
        int agents = environment.info().numAgents();
        boolean[][] broken = new boolean[EPISODES][agents];
        long[] counted = new long[EPISODES];
        List<Statistic> captured = new ArrayList<>();
        maLdp.releases().observeInputs(captured::add);
        RandomGenerator resets = context.streams().stream("environment/reset");
        for (int k = 0; k < EPISODES; k++) {
            context.metrics().step(k + 1);
            Observation[] observations = environment.reset(resets.nextLong());
            learner.beginEpisode(k, observations);
            for (int h = 0; h < H; h++) {
                int[] action = learner.act(h, observations);
                StepResult result = environment.step(action);
                learner.observe(h, action, result);
                observations = result.observations();
            }
            captured.clear();
            long before = maLdp.releases().violations();
            learner.endEpisode(k);
            counted[k] = maLdp.releases().violations() - before;
            // endEpisode releases agent by agent, stage by stage, matrix then vector
            assertEquals(2 * agents * H, captured.size());
            for (int i = 0; i < agents; i++) {
                for (int h = 0; h < H; h++) {
                    int at = 2 * (i * H + h);
                    broken[k][i] |= breaksBound(((Statistic.SymmetricMatrix) captured.get(at)).values(),
                            ((Statistic.Vector) captured.get(at + 1)).values());
                }
            }
        }
        return new Run(ledger, broken, counted, agents, sink, maLdp.releases().voids());
    }

    @Test
    void theRecoveredInputsClassifyTheDerivedCases() {
        // f = (3, 4, 0, 0): ||f|| = 5 = H; V = 5 and V = 0 within, V = 6 outside; f = (6, 0, 0, 0) outside
        double[] f = {3, 4, 0, 0};
        assertFalse(breaksBound(gram(f), times(f, 5)));
        assertFalse(breaksBound(gram(f), times(f, 0)));
        assertTrue(breaksBound(gram(f), times(f, 6)));
        assertTrue(breaksBound(gram(f), times(f, -6)));
        assertTrue(breaksBound(gram(new double[] {6, 0, 0, 0}), times(new double[] {6, 0, 0, 0}, 1)));
        assertFalse(breaksBound(gram(new double[] {0, 0, 0, 0}), times(new double[] {0, 0, 0, 0}, 9)));
    }

    @Test
    void paperLiteralRunEndsWithAnInfiniteEpsilonForEveryUserWhoseInputsBrokeTheBound() {
        Run run = run("basic", false, 1);
        boolean anyBroken = false;
        for (int k = 0; k < EPISODES; k++) {
            for (int i = 0; i < run.agents(); i++) {
                double epsilon = run.ledger().epsilon(MaLdpReleases.key(k, i), 1e-4);
                if (run.broken()[k][i]) {
                    anyBroken = true;
                    assertEquals(Double.POSITIVE_INFINITY, epsilon, "user " + k + " agent " + i + " broke the bound");
                } else if (run.counted()[k] == 0) {
                    assertTrue(Double.isFinite(epsilon), "user " + k + " agent " + i + " within the bound: " + epsilon);
                }
            }
            double user = run.ledger().epsilon(LedgerKey.user(k), 1e-4);
            assertEquals(run.counted()[k] > 0, user == Double.POSITIVE_INFINITY,
                    "user " + k + ": " + run.counted()[k] + " violating releases, epsilon " + user);
        }
        assertTrue(anyBroken, "the paper's instance breaks ||phi_V|| <= H in its first users");
        assertEquals(Double.POSITIVE_INFINITY, run.ledger().maxEpsilon(1e-4));
    }

    /**
     * The learner's own report agrees with the ledger: its computed per-user epsilons are finite while every user so
     * far stayed within the bound, and infinite from the step (episode k + 1) of the first user k whose inputs broke
     * it, recorded there once, as the ledger reports that user. The finite value is derived from the calibration:
     * laplace, paper-literal, epsilon = 0.1, H = 5, nd = 4 calibrates each release to epsilon / (2H) = 0.01 at the
     * sensitivity 2 sqrt(nd) H^2; the vector release has that sensitivity (0.01), the matrix release's upper triangle
     * has L1 sensitivity (nd + 1) H^2, 5/4 of it (0.0125). Per user per agent H (0.0125 + 0.01) = 0.1125; jointly over
     * n = 2 agents 0.225 (each rounded up, so within 1e-6 above). The paper's claims (0.1 per agent and jointly) stay.
     */
    @Test
    void paperLiteralMetricsTurnInfiniteAtTheFirstUserWhoseInputsBrokeTheBound() {
        Run run = run("basic", false, 1);
        int first = -1;
        for (int k = EPISODES - 1; k >= 0; k--) {
            if (run.counted()[k] > 0) {
                first = k;
            }
        }
        assertTrue(first >= 0, "the paper's instance breaks the bound within " + EPISODES + " users");
        // laplace eps = 0.1 paper-literal: own releases per (user, agent) 0.1125, per user 2 x 0.1125 = 0.225; the
        // computed (sound) figures compose all K = EPISODES users' releases: K x 0.225, per user and per (user, agent)
        double[] finite = {0.1125, 0.225, EPISODES * 0.225, EPISODES * 0.225};
        String[] names = {"own_user_agent_epsilon", "own_user_epsilon", "user_agent_epsilon", "user_epsilon"};
        for (int i = 0; i < names.length; i++) {
            String name = names[i];
            List<String> rows = run.rows(name);
            if (first == 0) {
                assertEquals(List.of("1:Infinity"), rows, names[i] + ": the first user broke the bound");
            } else {
                assertEquals(2, rows.size(), names[i] + " " + rows);
                double before = run.metrics().stream().filter(r -> r.metric().equals(name)).findFirst()
                        .orElseThrow().value();
                assertTrue(before >= finite[i] && before <= finite[i] + 1e-5, names[i] + " " + before);
                assertEquals("1:" + before, rows.get(0));
                assertEquals((first + 1) + ":Infinity", rows.get(1), names[i] + ": user " + first + " broke it");
                // users before the first violation are charged as calibrated: the ledger agrees with the finite row
                if (i == 1) {
                    for (int k = 0; k < first; k++) {
                        assertEquals(before, run.ledger().epsilon(LedgerKey.user(k), 1e-4), 1e-9, "user " + k);
                    }
                }
            }
            assertEquals(run.ledger().maxEpsilon(1e-4), run.metric(names[i]), names[i]);
        }
        assertEquals(List.of("1:0.1"), run.rows("claimed_user_epsilon"));
        assertEquals(List.of("1:0.1"), run.rows("claimed_user_agent_epsilon"));
        long voids = run.voids();
        long broken = 0;
        long usersBroken = 0;
        for (int k = 0; k < EPISODES; k++) {
            for (int i = 0; i < run.agents(); i++) {
                broken += run.broken()[k][i] ? 1 : 0;
            }
            usersBroken += run.counted()[k] > 0 ? 1 : 0;
        }
        // every (user, agent) seen breaking it was voided once; no more pairs than users with violations times n
        assertTrue(voids >= broken && voids <= usersBroken * run.agents(), voids + " voids, " + broken + " seen");
    }

    @Test
    void theSameRunWithClippingStaysFiniteAtTheReportedComposition() {
        Run run = run("basic", true, 1);
        long counted = 0;
        for (long user : run.counted()) {
            counted += user;
        }
        assertTrue(counted > 0, "the unclipped inputs of this run break the bound (and are clipped)");
        // basic composition per user of the n agents' 2H releases each: what the accountant report states
        double user = run.metric("own_user_epsilon");
        assertTrue(Double.isFinite(user) && user > 0, "own_user_epsilon " + user);
        assertEquals(1, run.rows("own_user_epsilon").size(), "recorded once: no user's guarantee is void");
        assertEquals(1, run.rows("user_epsilon").size(), "recorded once: no user's guarantee is void");
        // the computed (sound) figure composes every user's releases: K times one user's, the run-wide key's epsilon
        double sound = run.metric("user_epsilon");
        assertEquals(EPISODES * user, sound, 1e-9 * sound);
        assertEquals(sound, run.ledger().epsilon(MaLdpReleases.RUN_KEY, 1e-4), 1e-9 * sound);
        assertEquals(0, run.voids());
        for (int k = 0; k < EPISODES; k++) {
            for (int i = 0; i < run.agents(); i++) {
                assertFalse(run.broken()[k][i], "clipped inputs stay within the bound (user " + k + ")");
            }
            assertEquals(user, run.ledger().epsilon(LedgerKey.user(k), 1e-4), 1e-9 * user, "user " + k);
        }
        assertEquals(sound, run.ledger().maxEpsilon(1e-4), 1e-9 * sound);
    }

    // ---- the release path on its own: H = 2, d = 2, laplace(epsilon=1) per release ----------------------------

    private static Privatizer privatizer(String spec) {
        return MaLdpHarness.REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    private static MaLdpServer server() {
        return new MaLdpServer(2, 2, 2, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
    }

    private static MaLdpReleases releases(PrivacyLedger ledger, boolean clip) {
        Privatizer laplace = privatizer("laplace(epsilon=1)");
        return new MaLdpReleases(Optional.of(laplace), Optional.of(laplace), NoiseSource.seeded(3), ledger, 2, clip,
                2, 2);
    }

    private static double[] gram(double[] f) {
        double[] out = new double[f.length * f.length];
        for (int r = 0; r < f.length; r++) {
            for (int c = 0; c < f.length; c++) {
                out[r * f.length + c] = f[r] * f[c];
            }
        }
        return out;
    }

    private static double[] times(double[] f, double value) {
        double[] out = new double[f.length];
        for (int j = 0; j < f.length; j++) {
            out[j] = f[j] * value;
        }
        return out;
    }

    @Test
    void withinTheBoundTheLiteralLedgerEqualsTheClippedOne() {
        // inputs on the boundary: ||(0, H)|| = ||(H, 0)|| = H = 2 exactly, V = 0 and V = H
        double[][] inputs = {{0, 2}, {2, 0}, {0.5, 0.5}, {0, 0}};
        double[] targets = {0.0, 2.0, 1.0, 2.0};
        PrivacyLedger literal = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
        PrivacyLedger clipped = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
        MaLdpReleases literalReleases = releases(literal, false);
        MaLdpReleases clippedReleases = releases(clipped, true);
        MaLdpServer server = server();
        for (int user = 0; user < 2; user++) {
            for (int agent = 0; agent < 2; agent++) {
                for (int stage = 0; stage < 2; stage++) {
                    int at = 2 * user + stage;
                    literalReleases.upload(user, agent, stage, inputs[at].clone(), targets[at], server);
                    clippedReleases.upload(user, agent, stage, inputs[at].clone(), targets[at], server);
                }
            }
        }
        assertEquals(0, literalReleases.violations());
        assertEquals(0, literalReleases.voids());
        assertEquals(clipped.charges(), literal.charges());
        assertEquals(32, literal.charges(),
                "2H = 4 releases per (user, agent), each also to the run key, nothing else");
        // every one of the 2 x 2 x 4 = 16 releases of laplace(epsilon=1) composed on the run-wide key
        assertEquals(16.0, literal.epsilon(MaLdpReleases.RUN_KEY, 1e-6), 1e-9);
        for (int user = 0; user < 2; user++) {
            for (int agent = 0; agent < 2; agent++) {
                LedgerKey key = MaLdpReleases.key(user, agent);
                // laplace(epsilon=1) per release, 2H = 4 releases by basic composition
                assertEquals(4.0, literal.epsilon(key, 1e-6), 1e-9);
                assertEquals(clipped.epsilon(key, 1e-6), literal.epsilon(key, 1e-6), 0.0);
            }
            assertEquals(8.0, literal.epsilon(LedgerKey.user(user), 1e-6), 1e-9);
        }
    }

    @Test
    void aNormAboveTheBoundOnlyByRoundingIsCountedAndClippedExactly() {
        // the doubles 1.2 and 1.6 are 1.2 - 4.4e-17 and 1.6 + 8.9e-17: their exact squared norm is 4 + 1.8e-16 > H^2
        // = 4 (BigDecimal below), although (0.6 H, 0.8 H) is on the boundary in real numbers
        BigDecimal exactSquare = new BigDecimal(1.2).pow(2).add(new BigDecimal(1.6).pow(2));
        assertTrue(exactSquare.compareTo(BigDecimal.valueOf(4)) > 0);
        PrivacyLedger literal = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
        MaLdpReleases literalReleases = releases(literal, false);
        literalReleases.upload(0, 0, 0, new double[] {1.2, 1.6}, 2.0, server());
        assertEquals(1, literalReleases.violations());
        assertEquals(1, literalReleases.voids(), "the paper-literal release is outside the calibrated bound");
        MaLdpReleases clippedReleases = releases(PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6), true);
        double[] f = {1.2, 1.6};
        clippedReleases.upload(0, 0, 0, f, 2.0, server());
        assertEquals(1, clippedReleases.violations());
        BigDecimal clippedSquare = new BigDecimal(f[0]).pow(2).add(new BigDecimal(f[1]).pow(2));
        assertTrue(clippedSquare.compareTo(BigDecimal.valueOf(4)) <= 0, "exact ||s f||^2 = " + clippedSquare);
        assertTrue(f[0] >= 1.2 * (1 - 1e-15) && f[1] >= 1.6 * (1 - 1e-15), "scaled by a factor within ulps of 1");
    }

    @Test
    void theVoidIsChargedOncePerUserAndAgentNamingItsReason() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        MaLdpReleases releases = releases(ledger, false);
        MaLdpServer server = server();
        // H = 2. user 0: agent 0 breaks the norm at both stages, agent 1 stays within (V = H is within);
        // user 1: agent 0 breaks V > H at stage 1, agent 1 breaks V < 0; user 2: agent 1 only, agent 0 within
        double[][] f = {{3, 0}, {0, 3}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0},
            {0.5, 0.5}, {0.5, 0.5}};
        double[] v = {1.0, 1.0, 1.0, 2.0, 1.0, 2.5, 1.0, -0.5, 1.0, 0.0, 9.0, 1.0};
        for (int at = 0; at < 12; at++) {
            releases.upload(at / 4, at / 2 % 2, at % 2, f[at], v[at], server);
        }
        assertEquals(5, releases.violations());
        assertEquals(4, releases.voids(), "(0, 0), (1, 0), (1, 1), (2, 1)");
        int[][] expected = {{5, 4}, {5, 5}, {4, 5}}; // 2H = 4 releases per key, plus one void where broken
        for (int user = 0; user < 3; user++) {
            for (int agent = 0; agent < 2; agent++) {
                LedgerKey key = MaLdpReleases.key(user, agent);
                assertEquals(expected[user][agent], ledger.releases(key), key.toString());
                assertEquals(expected[user][agent] == 5 ? Double.POSITIVE_INFINITY : 4.0, ledger.epsilon(key, 1e-6),
                        1e-9, key.toString());
            }
        }
        List<LedgerEntry> voids = entries.stream()
                .filter(entry -> entry.event() instanceof PrivacyEvent.NonPrivateEvent).toList();
        // the first void also voids the run-wide key, once: the release depends on the earlier users' data too
        assertEquals(List.of(MaLdpReleases.key(0, 0), MaLdpReleases.RUN_KEY, MaLdpReleases.key(1, 0),
                MaLdpReleases.key(1, 1), MaLdpReleases.key(2, 1)), voids.stream().map(LedgerEntry::key).toList());
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(MaLdpReleases.RUN_KEY, 1e-6));
        for (LedgerEntry entry : voids) {
            assertEquals(MaLdpReleases.VOID_SOURCE, entry.source());
            assertEquals(1, entry.count());
        }
        assertTrue(MaLdpReleases.VOID_SOURCE.contains("clip=false"), MaLdpReleases.VOID_SOURCE);
        // the void is charged before the violating stage's release: user 0 agent 0's first entry
        LedgerEntry first = entries.get(0);
        assertEquals(MaLdpReleases.key(0, 0), first.key());
        assertInstanceOf(PrivacyEvent.NonPrivateEvent.class, first.event());
    }

    @ParameterizedTest
    @ValueSource(strings = {"basic", "advanced", "zcdp", "rdp"})
    void everyBundledAccountantReportsTheVoidAsInfiniteWithoutThrowing(String accountant) {
        PrivacyLedger ledger = PrivacyLedger.of(
                () -> MaLdpHarness.REGISTRY.create(PluginKind.ACCOUNTANT, Accountant.class, accountant), 1e-6);
        MaLdpReleases releases = releases(ledger, false);
        MaLdpServer server = server();
        releases.upload(0, 0, 0, new double[] {1, 0}, 1.0, server);
        releases.upload(0, 0, 1, new double[] {1, 0}, 1.0, server);
        releases.upload(0, 1, 0, new double[] {1, 0}, 1.0, server);
        releases.upload(0, 1, 1, new double[] {1, 0}, 2.5, server);
        assertTrue(Double.isFinite(ledger.epsilon(MaLdpReleases.key(0, 0), 1e-6)), accountant);
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(MaLdpReleases.key(0, 1), 1e-6), accountant);
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(LedgerKey.user(0), 1e-6), accountant);
        assertFalse(ledger.isNominal(MaLdpReleases.key(0, 1)), "recorded as non-private, not nominal");
    }

    @Test
    void anAccountantWithoutNonPrivateEventsRecordsTheVoidAsNominal() {
        // paper-003 composes Gaussian events only: the void becomes a nominal release, infinite for any accountant
        Privatizer gaussian = privatizer("gaussian(epsilon=0.5, delta=1e-5)");
        PrivacyLedger ledger = PrivacyLedger.of(() -> new Paper003Accountant(3), 1e-5);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        MaLdpReleases releases = new MaLdpReleases(Optional.of(gaussian), Optional.of(gaussian),
                NoiseSource.seeded(3), ledger, 2, false, 2, 2);
        MaLdpServer server = server();
        releases.upload(0, 0, 0, new double[] {1, 0}, 1.0, server);
        releases.upload(0, 0, 1, new double[] {1, 0}, 1.0, server);
        releases.upload(0, 1, 0, new double[] {3, 0}, 1.0, server);
        releases.upload(0, 1, 1, new double[] {3, 0}, 1.0, server);
        assertTrue(Double.isFinite(ledger.epsilon(MaLdpReleases.key(0, 0), 1e-5)));
        assertTrue(ledger.isNominal(MaLdpReleases.key(0, 1)));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(MaLdpReleases.key(0, 1), 1e-5));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(LedgerKey.user(0), 1e-5));
        List<LedgerEntry> voids = entries.stream().filter(entry -> entry.source().equals(MaLdpReleases.VOID_SOURCE))
                .toList();
        assertEquals(List.of(MaLdpReleases.key(0, 1), MaLdpReleases.RUN_KEY),
                voids.stream().map(LedgerEntry::key).toList(), "the user's key and the run-wide key, once each");
        for (LedgerEntry entry : voids) {
            assertEquals(new PrivacyEvent.NominalEvent(MaLdpReleases.VOID_SOURCE), entry.event());
        }
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(MaLdpReleases.RUN_KEY, 1e-5));
    }

    @Test
    void aBudgetRefusesTheVoidingReleaseBeforeItLeaves() {
        PrivacyBudget budget = new PrivacyBudget(100, 1e-6);
        PrivacyLedger ledger = PrivacyLedger.withBudget(() -> new BasicAccountant(1e-6), budget);
        MaLdpReleases releases = releases(ledger, false);
        MaLdpServer server = server();
        releases.upload(0, 0, 0, new double[] {1, 0}, 1.0, server);
        long charges = ledger.charges();
        double before = server.gram(0, 1)[0];
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> releases.upload(0, 0, 1, new double[] {3, 0}, 1.0, server));
        assertTrue(refused.getMessage().contains("privacy budget exceeded for user/0"), refused.getMessage());
        assertTrue(refused.getMessage().contains("non-private"), refused.getMessage());
        assertEquals(charges, ledger.charges(), "the refused charge changes nothing");
        assertEquals(before, server.gram(0, 1)[0], 0.0, "nothing reached the server");
        assertEquals(2.0, ledger.epsilon(LedgerKey.user(0), 1e-6), 1e-9, "two laplace(epsilon=1) releases");
    }

    @Test
    void theListedDescriptionSaysThatClipFalseVoidsTheGuarantee() {
        String description = MaLdpHarness.REGISTRY.provider(PluginKind.LEARNER, MaLdpProvider.NAME).description();
        assertTrue(description.contains("clip=false (paper-literal) voids the guarantee of every user whose inputs "
                + "break the bound, and the ledger records it"), description);
    }

    /**
     * The report itself: laplace(epsilon=1) for both releases, n = 2 agents, H = 2, K = 3 users. Own releases per
     * user per agent 2 (1 + 1) = 4, jointly 2 * 4 = 8; the computed (sound) figures compose all K n 2H = 24 releases:
     * 24, per user and per (user, agent) alike; pure (delta 0). With a void guarantee the four per-user epsilons are
     * infinite and nothing else changes; {@code recordVoid} records just those four.
     */
    @Test
    void aVoidGuaranteeTurnsOnlyThePerUserEpsilonsInfinite() {
        Privatizer laplace = privatizer("laplace(epsilon=1)");
        AccountantReport report = AccountantReport.of(laplace, laplace, 2, 2, 3, true);
        List<MetricRecord> kept = new ArrayList<>();
        List<MetricRecord> voided = new ArrayList<>();
        report.record(new TrialMetrics(kept::add), false);
        report.record(new TrialMetrics(voided::add), true);
        double[] expected = {1, 0, 1, 0, 1, 0, 24, 0, 4, 0, 24, 0, 4, 0, 0, 4, 0, 8, 0};
        assertEquals(expected.length, AccountantReport.METRICS.size());
        assertEquals(AccountantReport.METRICS.size(), kept.size());
        assertEquals(AccountantReport.METRICS.size(), voided.size());
        List<String> perUser = List.of("user_agent_epsilon", "user_epsilon", "own_user_agent_epsilon",
                "own_user_epsilon");
        for (int i = 0; i < expected.length; i++) {
            String name = AccountantReport.METRICS.get(i);
            assertEquals(name, kept.get(i).metric());
            assertEquals(name, voided.get(i).metric());
            assertEquals(expected[i], kept.get(i).value(), 1e-12, name);
            boolean perUserEpsilon = perUser.contains(name);
            assertEquals(perUserEpsilon ? Double.POSITIVE_INFINITY : expected[i], voided.get(i).value(), 1e-12, name);
        }
        List<MetricRecord> later = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(later::add);
        metrics.step(3);
        AccountantReport.recordVoid(metrics);
        assertEquals(List.of("3 user_agent_epsilon Infinity", "3 user_epsilon Infinity",
                "3 own_user_agent_epsilon Infinity", "3 own_user_epsilon Infinity"), later.stream()
                .map(r -> r.step() + " " + r.metric() + " " + r.value()).toList());
    }

    @Test
    void withoutPrivatizersNothingIsChargedForTheVoid() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
        MaLdpReleases raw = new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(3), ledger, 2,
                false);
        raw.upload(0, 0, 0, new double[] {3, 0}, 1.0, server());
        assertEquals(1, raw.violations());
        assertEquals(0, raw.voids());
        assertEquals(0, ledger.charges(), "noise=off and privatizer=none release nothing private");
    }
}
