package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The sound per-user accounting of MA-LDP: the reward parameters carry user k's rewards into every later release, so
 * every release is also charged to the run-wide key {@code users-from/0}, whose composition bounds the first (worst)
 * user. Hand-derived with K = 3 users, n = 2 agents, H = 2 and laplace(epsilon = e) per release, basic composition:
 * per own key {@code user/k/agent/i} 2H e = 4e (H matrix plus H vector releases), per user n 4e = 8e, run-wide
 * K n 2H e = 24e, and the ledger's largest epsilon is the run-wide 24e. The wrong variant that charges only the own
 * releases (the paper's accounting) fails the same check.
 */
class MaLdpRunWideKeyTest {
    private static final double E = 0.5;
    private static final int USERS = 3;
    private static final int AGENTS = 2;
    private static final int H = 2;

    private static MaLdpReleases releases(PrivacyLedger ledger, boolean crossUser) {
        Privatizer laplace = MaLdpHarness.REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class,
                "laplace(epsilon=" + E + ")");
        return new MaLdpReleases(Optional.of(laplace), Optional.of(laplace), NoiseSource.seeded(5), ledger, H, true,
                AGENTS, 2, crossUser);
    }

    /** Uploads K users' statistics (within the bound: ||f|| = 1 <= H, V = 1 in [0, H]). */
    private static void run(MaLdpReleases releases) {
        MaLdpServer server = new MaLdpServer(AGENTS, H, 2, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        for (int user = 0; user < USERS; user++) {
            for (int agent = 0; agent < AGENTS; agent++) {
                for (int stage = 0; stage < H; stage++) {
                    releases.upload(user, agent, stage, new double[] {0.6, 0.8}, 1.0, server);
                }
            }
        }
    }

    /** The expected ledger: own keys 4e, users 8e, run-wide 24e, maximum over principals 24e. */
    private static void assertSoundLedger(PrivacyLedger ledger) {
        for (int user = 0; user < USERS; user++) {
            for (int agent = 0; agent < AGENTS; agent++) {
                assertEquals(4 * E, ledger.epsilon(MaLdpReleases.key(user, agent), 1e-6), 1e-9, "own key");
            }
            assertEquals(8 * E, ledger.epsilon(LedgerKey.user(user), 1e-6), 1e-9, "user " + user);
        }
        assertEquals(USERS * AGENTS * 2 * H, ledger.releases(MaLdpReleases.RUN_KEY));
        assertEquals(24 * E, ledger.epsilon(MaLdpReleases.RUN_KEY, 1e-6), 1e-9, "run-wide K n 2H e");
        assertEquals(24 * E, ledger.maxEpsilon(1e-6), 1e-9, "the worst user is bounded by the run-wide key");
    }

    @Test
    void everyReleaseIsChargedToItsOwnKeyAndToTheRunWideKey() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
        MaLdpReleases releases = releases(ledger, true);
        assertTrue(releases.chargesRunKey());
        run(releases);
        assertSoundLedger(ledger);
        assertEquals("users-from/0", MaLdpReleases.RUN_KEY.name());
        assertTrue(MaLdpReleases.RUN_KEY.isPrincipal(), "its own principal, composed apart from every user");
    }

    @Test
    void chargingOnlyTheOwnReleasesFailsTheCheck() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 1e-6);
        MaLdpReleases ownOnly = releases(ledger, false);
        assertFalse(ownOnly.chargesRunKey());
        run(ownOnly);
        assertThrows(AssertionError.class, () -> assertSoundLedger(ledger));
        assertEquals(0, ledger.releases(MaLdpReleases.RUN_KEY));
        assertEquals(8 * E, ledger.maxEpsilon(1e-6), 1e-9, "the paper's accounting: 8e, a third of the sound 24e");
    }

    @Test
    void aBudgetIsJudgedAgainstTheRunWideComposition() {
        // budget 5 = 10e per principal: every user's own 8e fits, but the run-wide key reaches 10e after the 10th
        // release (user 0: 8, user 1 agent 0 stage 0: 2), so user 1 agent 0's stage-1 matrix release is refused
        PrivacyLedger ledger = PrivacyLedger.withBudget(() -> new BasicAccountant(1e-6), new PrivacyBudget(10 * E,
                1e-6));
        MaLdpReleases releases = releases(ledger, true);
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> run(releases));
        assertTrue(refused.getMessage().contains("users-from/0"), refused.getMessage());
        assertEquals(10, ledger.releases(MaLdpReleases.RUN_KEY));
        assertEquals(2, ledger.releases(MaLdpReleases.key(1, 0)), "the refused release charged neither key");
        // the own-release accounting alone would have admitted the whole run
        PrivacyLedger ownLedger = PrivacyLedger.withBudget(() -> new BasicAccountant(1e-6), new PrivacyBudget(10 * E,
                1e-6));
        run(releases(ownLedger, false));
        assertEquals(8 * E, ownLedger.maxEpsilon(1e-6), 1e-9);
    }

    @Test
    void theRunWideKeyIsChargedOnlyWhereTheRewardParametersCanCarryData() {
        assertTrue(MaLdpProvider.rewardsDependOnData(MaLdpHarness.paperInstance()
                .capability(LinearMixtureFeatures.class).orElseThrow()));
        assertFalse(MaLdpProvider.rewardsDependOnData(new ZeroRewardFeatures(new double[] {0.0, 0.0})));
        assertTrue(MaLdpProvider.rewardsDependOnData(new ZeroRewardFeatures(new double[] {0.0, 1e-300})),
                "any non-zero reward feature moves the parameters with the rewards");
    }

    @Test
    void theListedDescriptionSaysWhatTheGuaranteeCovers() {
        String description = MaLdpHarness.REGISTRY.provider(PluginKind.LEARNER, MaLdpProvider.NAME).description();
        assertTrue(description.contains("user k's own releases only, the paper's accounting"), description);
        assertTrue(description.contains("users-from/0, the sound per-user bound"), description);
        String privatizer = new MaLdpProvider().parameters().params().stream()
                .filter(param -> param.name().equals("privatizer")).findFirst().orElseThrow().description();
        assertTrue(privatizer.contains("users-from/0"), privatizer);
    }

    /**
     * Two states, one sign bit (two joint actions), D = 1; every psi(s, a) is 0 except psi(1, 1) = {@code last}; a
     * state or joint action out of range is refused, as the real features refuse it.
     */
    private record ZeroRewardFeatures(double[] last) implements LinearMixtureFeatures {
        @Override
        public int numStates() {
            return 2;
        }

        @Override
        public int dimension() {
            return 1;
        }

        @Override
        public int signBits() {
            return 1;
        }

        @Override
        public int signCoordinate(int bit) {
            return 0;
        }

        @Override
        public int[] successors(int state) {
            return new int[] {0};
        }

        @Override
        public double[] baseFeatures(int state) {
            return new double[] {1.0};
        }

        @Override
        public double[] signWeights(int state) {
            return new double[] {0.0};
        }

        @Override
        public int rewardDimension() {
            return 2;
        }

        @Override
        public double[] rewardFeatures(int state, int jointAction) {
            if (state < 0 || state > 1 || jointAction < 0 || jointAction > 1) {
                throw new IndexOutOfBoundsException("state " + state + ", joint action " + jointAction);
            }
            return state == 1 && jointAction == 1 ? last.clone() : new double[2];
        }
    }
}
