package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The MA-LDP learner end to end on the paper's network MDP instance (n = 2, q = 1, d = 2, H = 5). */
class MaLdpLearnerTest {
    private static final String NONE = "ma-ldp(bonus-scale=0.1)";
    private static final int EPISODES = 300;

    private static String mechanism(String name, String extra) {
        return "ma-ldp(privatizer=ma-ldp(mechanism=" + name + ", epsilon=0.2, delta=0.1, calibration=paper-literal)"
                + extra + ")";
    }

    @ParameterizedTest
    @ValueSource(strings = {"gaussian", "laplace", "uniform", "bounded-laplace"})
    void withTheNoiseSwitchedOffEveryMechanismRunsExactlyAsTheNonPrivateBaseline(String name) {
        double[] none = MaLdpHarness.run(MaLdpHarness.paperInstance(), NONE, 7, EPISODES).cumulativeRegret();
        double[] off = MaLdpHarness.run(MaLdpHarness.paperInstance(),
                mechanism(name, ", noise=off, bonus=non-private, bonus-scale=0.1"), 7, EPISODES).cumulativeRegret();
        assertArrayEquals(none, off, 0.0);
        // mutant: the same run with the noise on must differ (so the comparison can fail)
        double[] on = MaLdpHarness.run(MaLdpHarness.paperInstance(),
                mechanism(name, ", bonus=non-private, bonus-scale=0.1"), 7, EPISODES).cumulativeRegret();
        assertFalse(Arrays.equals(none, on));
    }

    @Test
    void aThirdPartyZeroNoisePrivatizerRunsExactlyAsTheBaseline() {
        double[] none = MaLdpHarness.run(MaLdpHarness.paperInstance(), NONE, 3, EPISODES).cumulativeRegret();
        MaLdpHarness.Run thirdParty = MaLdpHarness.run(MaLdpHarness.paperInstance(),
                "ma-ldp(privatizer=non-private, bonus-scale=0.1)", 3, EPISODES);
        assertArrayEquals(none, thirdParty.cumulativeRegret(), 0.0);
        // n x H x 2 releases per episode, each charged to its own key and to the run-wide key
        assertEquals(2L * 5 * 2 * EPISODES * 2, thirdParty.ledger().charges());
    }

    @Test
    void randomConsensusGraphsAreReproducibleAndTheCompleteOneIsTheDefault() {
        double[] complete = MaLdpHarness.run(MaLdpHarness.paperInstance(), NONE, 5, 200).cumulativeRegret();
        double[] full = MaLdpHarness.run(MaLdpHarness.paperInstance(),
                "ma-ldp(bonus-scale=0.1, consensus=erdos-renyi, edge-probability=1)", 5, 200).cumulativeRegret();
        assertArrayEquals(complete, full, 0.0, "G(n, 1) with Metropolis weights is the complete graph's 1/n");
        String sparse = "ma-ldp(bonus-scale=0.1, consensus=erdos-renyi, edge-probability=0.3)";
        double[] first = MaLdpHarness.run(MaLdpHarness.paperInstance(), sparse, 5, 200).cumulativeRegret();
        assertArrayEquals(first, MaLdpHarness.run(MaLdpHarness.paperInstance(), sparse, 5, 200).cumulativeRegret(),
                0.0);
        assertFalse(Arrays.equals(first, complete));
    }

    @Test
    void sameSeedSameRunOtherSeedOtherRun() {
        String spec = mechanism("laplace", "");
        double[] first = MaLdpHarness.run(MaLdpHarness.paperInstance(), spec, 11, 200).cumulativeRegret();
        double[] second = MaLdpHarness.run(MaLdpHarness.paperInstance(), spec, 11, 200).cumulativeRegret();
        double[] other = MaLdpHarness.run(MaLdpHarness.paperInstance(), spec, 12, 200).cumulativeRegret();
        assertArrayEquals(first, second, 0.0);
        assertFalse(Arrays.equals(first, other));
    }

    @Test
    void regretIsBetweenZeroAndTheOptimalValueEveryEpisode() {
        double[] cumulative = MaLdpHarness.run(MaLdpHarness.paperInstance(), mechanism("gaussian", ""), 2, 200)
                .cumulativeRegret();
        double previous = 0;
        for (double value : cumulative) {
            double regret = value - previous;
            assertTrue(regret >= -1e-12 && regret <= 0.7966855185 + 1e-9, "per-episode regret " + regret);
            previous = value;
        }
    }

    @Test
    void theLastStageReleasesOnlyZeroStatisticsAndItsQIsTheClippedRewardModel() {
        MaLdpHarness.Run run = MaLdpHarness.run(MaLdpHarness.paperInstance(),
                "ma-ldp(privatizer=non-private, bonus-scale=0.1)", 4, 50);
        MaLdpLearner learner = (MaLdpLearner) run.learner();
        for (int agent = 0; agent < 2; agent++) {
            assertArrayEquals(new double[16], learner.server().gram(agent, 4), 0.0);
            assertArrayEquals(new double[4], learner.server().target(agent, 4), 0.0);
            assertArrayEquals(new double[4], learner.server().theta(agent, 4), 0.0);
        }
        // Q_H(s, a) = min{1, <psi(s), w_H>} (f = 0 at h = H) for the current episode's plan; psi = occupancy / n
        learner.beginEpisode(50, null);
        double[] w = learner.rewardWeights(0, 4);
        double[] q = learner.q(0, 4);
        int[][] nodes = {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}};
        for (int s = 0; s < 9; s++) {
            double model = (w[nodes[s][0]] + w[nodes[s][1]]) / 2;
            for (int a = 0; a < 4; a++) {
                assertEquals(Math.max(0, Math.min(1, model)), q[s * 4 + a], 1e-12);
            }
        }
    }

    @Test
    void releasesAreChargedToUserAgentKeysAndTheReportComposesThem() {
        MaLdpHarness.Run run = MaLdpHarness.run(MaLdpHarness.paperInstance(), mechanism("gaussian", ""), 1, 3);
        PrivacyLedger ledger = run.ledger();
        for (long user = 0; user < 3; user++) {
            assertEquals(20, ledger.releases(LedgerKey.user(user)));
            for (int agent = 0; agent < 2; agent++) {
                assertEquals(10, ledger.releases(LedgerKey.user(user).child("agent", agent)));
            }
        }
        assertEquals(60, ledger.releases(MaLdpReleases.RUN_KEY), "3 users x 20 releases, composed run-wide");
        assertEquals(4, ledger.principals().size(), "one principal per user, plus the run-wide users-from/0");
        // paper-literal Gaussian, epsilon = 0.2, delta = 0.1, H = 5: each release (0.02, delta_r), claimed (0.02, 0.01)
        assertEquals(0.02, run.metric("vector_release_epsilon"), 1e-15);
        assertEquals(0.01, run.metric("claimed_release_delta"), 1e-15);
        assertTrue(run.metric("vector_release_delta") <= 0.01);
        assertEquals(0.2, run.metric("claimed_user_agent_epsilon"), 1e-12);
        assertEquals(0.1, run.metric("claimed_user_agent_delta"), 1e-12);
        assertEquals(0.2, run.metric("own_user_agent_epsilon"), 1e-12);
        assertEquals(0.4, run.metric("own_user_epsilon"), 1e-12);
        assertEquals(2 * run.metric("own_user_agent_delta"), run.metric("own_user_delta"), 1e-15);
        // sound: K = 3 users x n = 2 agents x 2H = 10 releases of (0.02, delta_r) each, per user and per (user, agent)
        assertEquals(1.2, run.metric("user_epsilon"), 1e-12);
        assertEquals(1.2, run.metric("user_agent_epsilon"), 1e-12);
        assertEquals(3 * run.metric("own_user_delta"), run.metric("user_delta"), 1e-15);
        assertEquals(run.metric("user_delta"), run.metric("user_agent_delta"), 0.0);
        assertEquals(0.2, run.metric("claimed_user_epsilon"), 1e-12,
                "the paper claims the per-agent guarantee jointly");
        assertEquals(0.0, run.metric("reward_parameters_privatized"), 0.0);
        // the basic ledger composes within a user: the user's epsilon is the sum of its two agents' epsilons
        double agent = ledger.epsilon(LedgerKey.user(0).child("agent", 0), 0.2);
        assertTrue(agent > 0 && agent <= 0.2 + 1e-9, "per agent " + agent);
        assertEquals(2 * agent, ledger.epsilon(LedgerKey.user(0), 0.2), 1e-12);
    }

    @Test
    void uniformReportsThePaperClaimNextToTheComputedDelta() {
        MaLdpHarness.Run run = MaLdpHarness.run(MaLdpHarness.paperInstance(), mechanism("uniform", ""), 1, 1);
        // a = 4 H^3 sqrt(ln(2H/delta)) = 1072.983; vector L1 sensitivity 2 sqrt(nd) H^2 = 100: delta_r = 100 / (2a)
        assertEquals(100 / (2 * 1072.9830131446736), run.metric("vector_release_delta"), 1e-6);
        assertEquals(0.0, run.metric("claimed_user_agent_epsilon"), 0.0);
        assertEquals(0.1, run.metric("claimed_user_agent_delta"), 1e-12);
        assertTrue(run.metric("own_user_agent_delta") > 0.46, "own per-agent delta "
                + run.metric("own_user_agent_delta"));
    }

    @Test
    void releasesBreakingTheNormBoundAreCountedAndClipped() {
        MaLdpServer server = new MaLdpServer(1, 1, 4, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        MaLdpReleases clipping = new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted(), 5, true);
        clipping.upload(0, 0, 0, new double[] {10, 0, 0, 0}, 7.0, server);
        assertEquals(1, clipping.violations());
        assertEquals(25.0, server.gram(0, 0)[0], 0.0, "f rescaled to norm H = 5");
        // V = 7 clipped to H = 5, then rescaled with f by s = 5/10: the moment is (s f_0)(s V) = 5 * 2.5
        assertEquals(12.5, server.target(0, 0)[0], 0.0, "V clipped to H = 5, then rescaled by s = 1/2");
        clipping.upload(0, 0, 0, new double[] {3, 4, 0, 0}, 5.0, server);
        assertEquals(1, clipping.violations(), "norm exactly H is within the bound");
        MaLdpServer raw = new MaLdpServer(1, 1, 4, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        MaLdpReleases counting = new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted(), 5, false);
        counting.upload(0, 0, 0, new double[] {10, 0, 0, 0}, -1.0, raw);
        assertEquals(1, counting.violations());
        assertEquals(100.0, raw.gram(0, 0)[0], 0.0);
    }
}
