package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * MA-LDP's releases go through one matrix and one vector stream per (user, agent), each declared with H releases:
 * every (user k, agent i) key is charged exactly 2H releases (H stages, matrix and vector), a new user gets new
 * streams, an agent beyond those opened up front gets its own, and a release past H on one user's stream is refused.
 * Here H = 2, d = 2, two agents, two users.
 */
class MaLdpReleasesStreamsTest {

    private static Privatizer laplace() {
        return MaLdpHarness.REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, "laplace(epsilon=1)");
    }

    private static MaLdpServer server() {
        return new MaLdpServer(2, 2, 2, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
    }

    private static void episode(MaLdpReleases releases, int episode, int[] agentOrder, MaLdpServer server) {
        for (int agent : agentOrder) {
            for (int stage = 0; stage < 2; stage++) {
                releases.upload(episode, agent, stage, new double[] {0.5, 0.5}, 1.0, server);
            }
        }
    }

    private static void assertTwoHPerKey(PrivacyLedger ledger) {
        for (int user = 0; user < 2; user++) {
            for (int agent = 0; agent < 2; agent++) {
                assertEquals(4, ledger.releases(MaLdpReleases.key(user, agent)), "user " + user + " agent " + agent);
            }
        }
        // every release is also charged to the run-wide key: 2 users x 2 agents x 4 = 16 releases there, 32 charges
        assertEquals(java.util.List.of(LedgerKey.user(0), MaLdpReleases.RUN_KEY, LedgerKey.user(1)),
                ledger.principals());
        assertEquals(16, ledger.releases(MaLdpReleases.RUN_KEY));
        assertEquals(32, ledger.charges());
    }

    @Test
    void streamsOpenedUpFrontCarryEachUsersReleases() {
        Privatizer laplace = laplace();
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        MaLdpReleases releases = new MaLdpReleases(Optional.of(laplace), Optional.of(laplace), NoiseSource.seeded(1),
                ledger, 2, true, 2, 2);
        assertEquals(0, ledger.charges(), "opening per-release streams charges nothing");
        MaLdpServer server = server();
        episode(releases, 0, new int[] {0, 1}, server);
        episode(releases, 1, new int[] {1, 0}, server);
        assertTwoHPerKey(ledger);
        // user 1's agent 0 stream has released its H = 2 of each kind
        assertThrows(IllegalStateException.class,
                () -> releases.upload(1, 0, 0, new double[] {0.5, 0.5}, 1.0, server));
    }

    @Test
    void lazilyOpenedStreamsAndAgentsBeyondTheFirstGiveTheSameKeys() {
        Privatizer laplace = laplace();
        PrivacyLedger lazyLedger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        MaLdpReleases lazy = new MaLdpReleases(Optional.of(laplace), Optional.of(laplace), NoiseSource.seeded(1),
                lazyLedger, 2, true);
        MaLdpServer server = server();
        episode(lazy, 0, new int[] {1, 0}, server);
        episode(lazy, 1, new int[] {0, 1}, server);
        assertTwoHPerKey(lazyLedger);

        PrivacyLedger oneLedger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        MaLdpReleases oneAgentUpFront = new MaLdpReleases(Optional.of(laplace), Optional.of(laplace),
                NoiseSource.seeded(1), oneLedger, 2, true, 1, 2);
        episode(oneAgentUpFront, 0, new int[] {0, 1}, server);
        episode(oneAgentUpFront, 1, new int[] {0, 1}, server);
        assertTwoHPerKey(oneLedger);
    }
}
