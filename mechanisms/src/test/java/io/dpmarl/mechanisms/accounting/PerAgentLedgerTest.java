package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.CountingNoiseSource;
import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * An accountant plugin (resolved from the registry by spec) inside a per-agent ledger with a budget:
 * keys compose in parallel (the run's epsilon is the maximum over agents), and a release over an agent's
 * budget is refused before any noise is drawn, leaving the ledger unchanged. Deterministic (seeded noise).
 */
class PerAgentLedgerTest {

    /** A test double (not a mechanism): charges a Gaussian event, then draws one word and returns its input. */
    private static final class DrawingPrivatizer extends AbstractPrivatizer {
        private final PrivacyEvent event;

        DrawingPrivatizer(PrivacyEvent event) {
            this.event = event;
        }

        @Override
        public String name() {
            return "drawing-test-double";
        }

        @Override
        public PrivacyGuarantee guarantee() {
            return new PrivacyGuarantee.Zcdp(ZcdpAccountant.rhoOf(event));
        }

        @Override
        public Neighbouring neighbouring() {
            return Neighbouring.AGENT;
        }

        @Override
        public Sensitivity sensitivity() {
            return Sensitivity.l2(1);
        }

        @Override
        public Set<Class<? extends Statistic>> accepts() {
            return Set.of(Statistic.Scalar.class);
        }

        @Override
        public PrivacyEvent event() {
            return event;
        }

        @Override
        protected Statistic perturb(Statistic input, NoiseSource noise) {
            noise.nextLong();
            return input;
        }
    }

    @Test
    void perAgentBudgetRefusesBeforeNoise() {
        Registry registry = Registry.discover();
        Supplier<Accountant> rdp = () -> registry.create(PluginKind.ACCOUNTANT, Accountant.class, "rdp");
        PrivacyLedger ledger = PrivacyLedger.withBudget(rdp, new PrivacyBudget(1.0, 1e-5));
        DrawingPrivatizer privatizer = new DrawingPrivatizer(new PrivacyEvent.GaussianEvent(10, 1));
        CountingNoiseSource noise = new CountingNoiseSource(NoiseSource.seeded(7));

        // Agent 0 releases until refused; agent 1 releases twice.
        int released = 0;
        while (true) {
            long drawsBefore = noise.draws();
            long entriesBefore = ledger.charges();
            double epsilonBefore = ledger.epsilon(LedgerKey.agent(0), 1e-5);
            try {
                privatizer.release(new Statistic.Scalar(1.0), noise, ledger, LedgerKey.agent(0));
                released++;
            } catch (PrivacyBudgetExceededException refused) {
                assertEquals(drawsBefore, noise.draws(), "a refused release drew noise");
                assertEquals(entriesBefore, ledger.charges(), "a refused release changed the ledger");
                assertEquals(epsilonBefore, ledger.epsilon(LedgerKey.agent(0), 1e-5), 0.0);
                assertTrue(refused.getMessage().contains("budget"), refused.getMessage());
                break;
            }
            assertTrue(released < 10_000, "the budget never bound");
        }
        assertTrue(released > 1, "released=" + released);
        privatizer.release(new Statistic.Scalar(1.0), noise, ledger, LedgerKey.agent(1));
        privatizer.release(new Statistic.Scalar(1.0), noise, ledger, LedgerKey.agent(1));

        // The agent-0 spend equals a fresh RDP accountant composed 'released' times, and is within budget.
        RdpAccountant reference = new RdpAccountant();
        reference.compose(new PrivacyEvent.GaussianEvent(10, 1), released);
        double agentZero = ledger.epsilon(LedgerKey.agent(0), 1e-5);
        assertEquals(reference.epsilon(1e-5), agentZero, 0.0);
        assertTrue(agentZero <= 1.0);
        RdpAccountant onePlus = new RdpAccountant();
        onePlus.compose(new PrivacyEvent.GaussianEvent(10, 1), released + 1L);
        assertTrue(onePlus.epsilon(1e-5) > 1.0, "the refused release would indeed have exceeded the budget");

        // Parallel composition across agents: the run's epsilon is the largest agent's.
        double agentOne = ledger.epsilon(LedgerKey.agent(1), 1e-5);
        assertTrue(agentOne < agentZero);
        assertEquals(agentZero, ledger.maxEpsilon(1e-5), 0.0);
        assertEquals(released + 2, noise.draws());
    }
}
