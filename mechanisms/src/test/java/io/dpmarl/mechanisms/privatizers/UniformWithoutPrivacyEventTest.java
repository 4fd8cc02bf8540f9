package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.accounting.ZcdpAccountant;
import org.junit.jupiter.api.Test;

/**
 * Uniform noise on [-a, a] with an L1 shift {@code Delta >= 2a} between neighbours protects nothing: the two output
 * supports are disjoint, so the exact delta is 1 ({@code min(1, Delta / (2a))}, MA-LDP Theorem 5). The privatizer
 * reports the {@code NonPrivate} guarantee; red-team finding: it charged {@code ApproxEvent(0, 1 - 2^-53)} all the
 * same, a claim of some privacy, which a budget at that delta admitted. It now charges a {@code NonPrivateEvent},
 * like every privatizer whose guarantee is {@code NonPrivate}.
 */
class UniformWithoutPrivacyEventTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Privatizer create(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    @Test
    void aHalfWidthBelowHalfTheSensitivityChargesANonPrivateEvent() {
        // a = 0.1, Delta = 1: Delta / (2a) = 5 >= 1.
        Privatizer uniform = create("uniform(a=0.1, sensitivity=1)");
        assertEquals(new PrivacyGuarantee.NonPrivate(), uniform.guarantee());
        assertEquals(new PrivacyEvent.NonPrivateEvent(), uniform.event());
    }

    @Test
    void aBudgetAtTheLargestDeltaRefusesIt() {
        Privatizer uniform = create("uniform(a=0.1, sensitivity=1)");
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicAccountant::new,
                new PrivacyBudget(1.0, Math.nextDown(1.0)));
        assertThrows(PrivacyBudgetExceededException.class, () -> uniform.release(new Statistic.Scalar(0),
                NoiseSource.seeded(1), ledger, LedgerKey.agent(0)));
        assertEquals(0, ledger.charges());
    }

    @Test
    void aZcdpLedgerReportsNoPrivacyInsteadOfRefusingTheEvent() {
        Privatizer uniform = create("uniform(a=0.1, sensitivity=1)");
        PrivacyLedger ledger = PrivacyLedger.of(ZcdpAccountant::new, 1e-6);
        uniform.release(new Statistic.Scalar(0), NoiseSource.seeded(1), ledger, LedgerKey.agent(0));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(LedgerKey.agent(0), 1e-6));
    }

    @Test
    void aPrivateHalfWidthStillChargesItsApproxEvent() {
        // a = 10, Delta = 1: delta about 1 / 20 plus the grid rounding of 4096 coordinates.
        Privatizer uniform = create("uniform(a=10, sensitivity=1)");
        assertTrue(uniform.event() instanceof PrivacyEvent.ApproxEvent approx && approx.epsilon() == 0
                && approx.delta() >= 0.05 && approx.delta() < 0.0501, uniform.event().describe());
    }
}
