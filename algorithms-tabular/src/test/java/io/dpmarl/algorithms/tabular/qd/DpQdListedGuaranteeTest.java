package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * What {@code dp-qd-laplace} declares when it lists per-agent noise (Qiao et al., eq. 5: agent i's scale
 * {@code s_i q_i^t}, Theorem V.5: release t of agent i is {@code adjBound / (s_i q_i^t)}-DP). Such a privatizer is a
 * family, one privatizer per agent ({@link DpQdLaplacePrivatizer#forAgent}); the run report prints its
 * {@code guarantee()}, {@code claimedGuarantee()} and scheduled description, so they must be the agents' and not
 * {@code noise-base}'s, which no agent uses. With s = 4; 1; 2 and adjacency bound 1 the worst first release is agent
 * 1's, {@code 1 / 1 = 1} (plus the float-safe excess, relative at most 2^-39), not {@code 1 / noise-base = 0.1}.
 */
class DpQdListedGuaranteeTest {

    private static DpQdLaplacePrivatizer listed(String bases, String decays) {
        return new DpQdLaplacePrivatizer(10, 0.99, 1, AgentNoiseList.parse("noise-bases", bases, false),
                AgentNoiseList.parse("qs", decays, true));
    }

    @Test
    void theGuaranteeIsTheWorstAgentsFirstReleaseNotTheUnusedNoiseBase() {
        DpQdLaplacePrivatizer privatizer = listed("4;1;2", "none");
        double epsilon = ((PrivacyGuarantee.PureDp) privatizer.guarantee()).epsilon();
        assertTrue(epsilon >= 1 && epsilon <= 1 + 0x1p-38, "release 0 of agent 1 (s = 1): " + epsilon);
        assertEquals(new DpQdLaplacePrivatizer(1, 0.99, 1).eventAt(0), privatizer.event());
        assertEquals(Optional.of(new PrivacyGuarantee.PureDp(1.0)), privatizer.claimedGuarantee());
        // The smallest base decides wherever it is listed (first, middle, last).
        for (String bases : new String[] {"0.5;4;2", "4;0.5;2", "4;2;0.5"}) {
            PrivacyEvent.LaplaceEvent first = (PrivacyEvent.LaplaceEvent) listed(bases, "none").event();
            assertEquals(0.5, first.scale(), 0.0, bases);
            assertEquals(Optional.of(new PrivacyGuarantee.PureDp(2.0)), listed(bases, "none").claimedGuarantee(),
                    bases);
        }
    }

    @Test
    void decaysAloneLeaveTheFirstReleaseAtTheNoiseBase() {
        // q_i^0 = 1: the first release of every agent has scale noise-base = 10, so 1 / 10.
        DpQdLaplacePrivatizer privatizer = listed("none", "1;0.5");
        assertEquals(new DpQdLaplacePrivatizer(10, 0.99, 1).eventAt(0), privatizer.event());
        assertEquals(Optional.of(new PrivacyGuarantee.PureDp(0.1)), privatizer.claimedGuarantee());
    }

    @Test
    void theScheduleNamesEachAgentsBaseAndDecay() {
        StreamAccounting.Scheduled both = (StreamAccounting.Scheduled) listed("4;1;2", "1;0.5;0.9")
                .accounting(OptionalLong.empty());
        assertEquals("laplace(b = s_i * q_i^t for agent i, s_i = 4.0;1.0;2.0, q_i = 1.0;0.5;0.9, sensitivity = 1.0)",
                both.description());
        StreamAccounting.Scheduled bases = (StreamAccounting.Scheduled) listed("4;1;2", "none")
                .accounting(OptionalLong.empty());
        assertEquals("laplace(b = s_i * q_i^t for agent i, s_i = 4.0;1.0;2.0, q_i = 0.99, sensitivity = 1.0)",
                bases.description());
        StreamAccounting.Scheduled decays = (StreamAccounting.Scheduled) listed("none", "1;0.5")
                .accounting(OptionalLong.empty());
        assertEquals("laplace(b = s_i * q_i^t for agent i, s_i = 10.0, q_i = 1.0;0.5, sensitivity = 1.0)",
                decays.description());
        StreamAccounting.Scheduled plain = (StreamAccounting.Scheduled) new DpQdLaplacePrivatizer(10, 0.99, 1)
                .accounting(OptionalLong.empty());
        assertEquals("laplace(b = 10.0 * 0.99^t, sensitivity = 1.0)", plain.description());
    }

    @Test
    void aStreamOnTheListItselfIsRefusedBeforeAnythingIsCharged() {
        for (DpQdLaplacePrivatizer privatizer : new DpQdLaplacePrivatizer[] {listed("4;1;2", "none"),
                listed("none", "1;0.5")}) {
            PrivacyLedger ledger = PrivacyLedger.unaccounted();
            String message = assertThrows(IllegalArgumentException.class, () -> privatizer.openStream(
                    StreamRequest.of(ledger, LedgerKey.agent(0), NoiseSource.seeded(1), "test"))).getMessage();
            assertEquals("dp-qd-laplace: with per-agent noise-bases or qs it is one privatizer per agent; open agent"
                    + " i's stream on forAgent(i, N), as dp-qd-learning does, not on the list itself", message);
            assertThrows(IllegalArgumentException.class, () -> privatizer.release(new Statistic.Scalar(1),
                    NoiseSource.seeded(1), ledger, LedgerKey.agent(0)));
            assertEquals(0, ledger.charges());
        }
        // An agent's own privatizer opens streams as before.
        DpQdLaplacePrivatizer agent = listed("4;1;2", "none").forAgent(1, 3);
        assertEquals(1.0, agent.noiseBase(), 0.0);
        agent.openStream(StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.agent(1), NoiseSource.seeded(1),
                "test")).release(new Statistic.Scalar(1));
    }
}
