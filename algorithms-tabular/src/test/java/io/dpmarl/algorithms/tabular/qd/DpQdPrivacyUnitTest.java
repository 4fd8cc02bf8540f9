package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import org.junit.jupiter.api.Test;

/**
 * The unit of privacy {@code dp-qd-laplace} declares agrees with what the ledger accounts. Its guarantee is one
 * release's (one message: {@code 1 / 10} for noise-base 10, adjacency bound 1, plus the float-safe grid excess,
 * below 1e-9), while the ledger key {@code agent/i} that DP-QD-Learning charges composes every
 * message of agent i: after 3 messages with q = 0.99 it holds {@code 0.1 (1 + 1/0.99 + 1/0.99^2) = 0.3030405}, not
 * 0.1. So the label is {@link Neighbouring#MESSAGE} (one sender's messages), and the list text must say that a
 * release covers one message and agent/i's figure all of agent i's messages.
 */
class DpQdPrivacyUnitTest {

    @Test
    void theLabelSaysWhatAReleaseAndWhatAKeyCover() {
        DpQdLaplacePrivatizer privatizer = new DpQdLaplacePrivatizer(10, 0.99, 1);
        assertEquals(Neighbouring.MESSAGE, privatizer.neighbouring());
        // the description says what two neighbouring inputs are; what a release and a key cover is said once, in
        // Neighbouring's type comment, and in the list text below
        assertEquals("runs differing in one sender's messages, each at most the sensitivity apart",
                Neighbouring.MESSAGE.description());
        String listed = new DpQdLaplacePrivatizerProvider().description();
        assertTrue(listed.contains("Unit (neighbouring: message): a release covers its one message; dp-qd-learning"
                + " charges agent i's stream to ledger key agent/i, so that key's figure covers all of agent i's"
                + " messages over the run (each Q-entry within adjacency-bound), not one message."), listed);
    }

    @Test
    void aReleaseIsOneMessageAndTheAgentKeyComposesAllOfIt() {
        DpQdLaplacePrivatizer privatizer = new DpQdLaplacePrivatizer(10, 0.99, 1);
        double perMessage = ((PrivacyGuarantee.PureDp) privatizer.guarantee()).epsilon();
        assertEquals(0.1, perMessage, 1e-9);
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        ReleaseStream agent0 = privatizer.openStream(StreamRequest.of(ledger, LedgerKey.agent(0),
                NoiseSource.seeded(7), "dp-qd/messages"));
        for (int t = 0; t < 3; t++) {
            agent0.release(new Statistic.Scalar(50.0));
        }
        double expected = 0.1 * (1 + 1 / 0.99 + 1 / (0.99 * 0.99));
        assertEquals(0.3030405, expected, 1e-7);
        assertEquals(expected, ledger.epsilon(LedgerKey.agent(0), 0.0), 1e-9);
        assertEquals(0.0, ledger.epsilon(LedgerKey.agent(1), 0.0), 0.0);
    }
}
