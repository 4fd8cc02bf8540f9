package io.dpmarl.mechanisms.trajectory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.audit.CategoricalMechanism;
import io.dpmarl.mechanisms.audit.EpsilonLowerBoundAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The {@code symbolic-trajectory} privatizer: the conformance kit incl. its stream checks, one up-front charge per
 * trajectory, refusal past the declared length, and an empirical epsilon audit of whole released trajectories that
 * passes at the claimed epsilon and rejects a mutant with a larger tau.
 *
 * <p>Audit false-rejection rate: alpha = 1e-6 per side, so 2e-6. Mutant power: the mutant (tau of epsilon 1.6 on
 * out-degree 3, 0.712) releases the truthful string with probability 0.361 versus 0.0729 for the neighbour; with
 * n = 50,000 the Clopper-Pearson bounds at 1e-6 are about 0.351 and 0.0784, a lower bound of ln(4.48) = 1.50 > 1.
 */
class SymbolicTrajectoryPrivatizerTest {
    private static final Registry REGISTRY = Registry.discover();
    private static final String SPEC = "symbolic-trajectory(epsilon=1, k=1, successors=0>0 1 2|1>1 2 3|2>0 2|3>2 3, "
            + "initial-state=0)";

    private static Privatizer create() {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, SPEC);
    }

    @Test
    void conforms() {
        Privatizer privatizer = create();
        PrivatizerConformance.check(privatizer, Map.of(Statistic.Category.class, new Statistic.Category(1, 4)));
        PrivatizerConformance.checkStream(privatizer, new Statistic.Category(2, 4));
        assertTrue(privatizer.accounting(OptionalLong.of(50)) instanceof StreamAccounting.UpFront);
    }

    @Test
    void oneUpFrontChargeCoversTheWholeTrajectoryAndTheStepAfterIsRefused() {
        Privatizer privatizer = create();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        LedgerKey key = LedgerKey.agent(1);
        ReleaseStream stream = privatizer.openStream(new StreamRequest(ledger, key, NoiseSource.seeded(3), "test",
                OptionalLong.of(200)));
        assertEquals(1, entries.size(), "charged once when the trajectory stream opens");
        assertEquals(new PrivacyEvent.PureEvent(1), entries.get(0).event());
        java.util.SplittableRandom truth = new java.util.SplittableRandom(5);
        int previous = 0;
        for (int t = 0; t < 200; t++) {
            int released = ((Statistic.Category) stream.release(new Statistic.Category(truth.nextInt(4), 4))).value();
            assertTrue(SymbolicTrajectoryMechanismTest.SYSADMIN.isFeasible(previous, released));
            previous = released;
        }
        assertEquals(1, entries.size(), "no per-step composition");
        assertThrows(IllegalStateException.class, () -> stream.release(new Statistic.Category(0, 4)));
        assertEquals(1, entries.size());
    }

    @Test
    void aStreamNeedsADeclaredLengthAndRefusesAWrongCategoryCountBeforeCharging() {
        Privatizer privatizer = create();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        assertThrows(IllegalArgumentException.class, () -> privatizer.openStream(StreamRequest.of(ledger,
                LedgerKey.agent(0), NoiseSource.seeded(1), "test")));
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(new Statistic.Category(1, 5),
                NoiseSource.seeded(1), ledger, LedgerKey.agent(0)));
        assertEquals(0, ledger.charges());
    }

    @Test
    void auditPassesAtTheClaimedEpsilonAndRejectsALargerTau() {
        SymbolicTrajectoryPrivatizer honest = (SymbolicTrajectoryPrivatizer) create();
        // v = (0, 0, 0) and u = (1, 0, 0) differ in one symbol; event: the released string is (0, 0, 0).
        EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.audit(trajectory(honest, 0),
                trajectory(honest, 1),
                0, 0, 50_000, 1e-6, NoiseSource.seeded(11));
        assertTrue(result.consistentWith(1), result.toString());
        SymbolicTrajectoryPrivatizer mutant = new SymbolicTrajectoryPrivatizer(
                new SymbolicTrajectoryMechanism(SymbolicTrajectoryMechanismTest.SYSADMIN, 1.6, 1), 0);
        EpsilonLowerBoundAudit.Result rejected = EpsilonLowerBoundAudit.audit(trajectory(mutant, 0),
                trajectory(mutant, 1), 0, 0, 50_000, 1e-6, NoiseSource.seeded(12));
        assertFalse(rejected.consistentWith(1), rejected.toString());
    }

    /** Releases the 3-step trajectory (first, 0, 0) on one stream; the output string packed as w0 + 4 w1 + 16 w2. */
    private static CategoricalMechanism trajectory(SymbolicTrajectoryPrivatizer privatizer, int first) {
        return noise -> {
            ReleaseStream stream = privatizer.openStream(new StreamRequest(PrivacyLedger.unaccounted(),
                    LedgerKey.agent(0), noise, "audit", OptionalLong.of(3)));
            int packed = 0;
            int[] truth = {first, 0, 0};
            for (int t = 0; t < 3; t++) {
                packed += ((Statistic.Category) stream.release(new Statistic.Category(truth[t], 4))).value() << (2 * t);
            }
            return packed;
        };
    }
}
