package io.dpmarl.mechanisms.trajectory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The state a {@link SymbolicTrajectoryPrivatizer.TrajectoryStream} keeps and what it charges, on hand-built graphs
 * where the releases are forced. On the cycle 0 -> {1}, 1 -> {2}, 2 -> {0} every state has one successor, so
 * (Chen et al., Algorithm 1, with rho = 1 and tau = 1) the release is the successor of the previous release
 * whatever the truth, and no noise is drawn: from the public initial state 0 the releases are 1, 2, 0, 1, ...
 */
class TrajectoryStreamStateTest {
    private static final FeasibilityGraph CYCLE = FeasibilityGraph.parse("0>1|1>2|2>0");

    private static SymbolicTrajectoryPrivatizer privatizer(double epsilon, int initialState) {
        return new SymbolicTrajectoryPrivatizer(new SymbolicTrajectoryMechanism(CYCLE, epsilon, 1), initialState);
    }

    @Test
    void theStreamStartsAtThePublicInitialStateAndFollowsItsReleases() {
        SymbolicTrajectoryPrivatizer privatizer = privatizer(1, 2);
        ScriptedNoiseSource none = ScriptedNoiseSource.of();
        SymbolicTrajectoryPrivatizer.TrajectoryStream stream = privatizer.openStream(new StreamRequest(
                PrivacyLedger.unaccounted(), LedgerKey.agent(0), none, "test", OptionalLong.of(4)));
        assertEquals(2, stream.previous(), "before the first release: the initial state");
        int[] truths = {2, 2, 0, 1};
        int[] forced = {0, 1, 2, 0}; // successors of 2, 0, 1, 2 on the cycle
        for (int t = 0; t < 4; t++) {
            Statistic released = stream.release(new Statistic.Category(truths[t], 3));
            assertEquals(new Statistic.Category(forced[t], 3), released, "step " + t);
            assertEquals(forced[t], stream.previous());
        }
        none.assertExhausted();
    }

    @Test
    void theInitialStateMustBeALocalState() {
        SymbolicTrajectoryMechanism mechanism = new SymbolicTrajectoryMechanism(CYCLE, 1, 1);
        IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
                () -> new SymbolicTrajectoryPrivatizer(mechanism, 3));
        assertEquals("initial-state must be in [0, 2], got 3", tooLarge.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SymbolicTrajectoryPrivatizer(mechanism, -1));
        assertSame(mechanism, new SymbolicTrajectoryPrivatizer(mechanism, 0).mechanism());
        assertEquals(0, new SymbolicTrajectoryPrivatizer(mechanism, 0).openStream(new StreamRequest(
                PrivacyLedger.unaccounted(), LedgerKey.agent(0), ScriptedNoiseSource.of(), "test",
                OptionalLong.of(1))).previous());
    }

    /** A stream opened without a declared shape still refuses, at the release, what is not a category of 3. */
    @Test
    void aStreamRefusesAForeignReleaseBeforeDrawing() {
        SymbolicTrajectoryPrivatizer privatizer = new SymbolicTrajectoryPrivatizer(
                new SymbolicTrajectoryMechanism(FeasibilityGraph.parse("0>0 1 2|1>0 1 2|2>0 1 2"), 1, 1), 0);
        SymbolicTrajectoryPrivatizer.TrajectoryStream stream = privatizer.openStream(new StreamRequest(
                PrivacyLedger.unaccounted(), LedgerKey.agent(0), ScriptedNoiseSource.of(), "test",
                OptionalLong.of(5)));
        IllegalArgumentException count = assertThrows(IllegalArgumentException.class,
                () -> stream.release(new Statistic.Category(0, 4)));
        assertEquals("category count must be the number of local states 3, got 4", count.getMessage());
        IllegalArgumentException type = assertThrows(IllegalArgumentException.class,
                () -> stream.release(new Statistic.Scalar(0)));
        assertEquals("symbolic-trajectory accepts Category statistics only, got Scalar", type.getMessage());
        assertEquals(0, stream.previous());
    }

    /**
     * Charges: one pure(epsilon) per trajectory when its stream opens, whatever its length (Lemma 1), so with basic
     * composition an agent that releases two trajectories of 3 steps at epsilon = 0.25 has spent 0.25 + 0.25 = 0.5,
     * and a second agent's trajectory (another principal) does not add to it. Without a declared length the
     * accounting covers one step.
     */
    @Test
    void eachTrajectoryIsChargedOnceAtOpening() {
        SymbolicTrajectoryPrivatizer privatizer = privatizer(0.25, 0);
        assertEquals(new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(0.25), 1),
                privatizer.accounting(OptionalLong.empty()));
        assertEquals(new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(0.25), 7),
                privatizer.accounting(OptionalLong.of(7)));
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        for (int trajectory = 0; trajectory < 2; trajectory++) {
            SymbolicTrajectoryPrivatizer.TrajectoryStream stream = privatizer.openStream(new StreamRequest(ledger,
                    LedgerKey.agent(1), ScriptedNoiseSource.of(), "test", OptionalLong.of(3)));
            for (int t = 0; t < 3; t++) {
                stream.release(new Statistic.Category(t, 3));
            }
        }
        privatizer.openStream(new StreamRequest(ledger, LedgerKey.agent(2), ScriptedNoiseSource.of(), "test",
                OptionalLong.of(3)));
        assertEquals(3, ledger.charges());
        assertEquals(0.5, ledger.epsilon(LedgerKey.agent(1), 0.0), 1e-12);
        assertEquals(0.25, ledger.epsilon(LedgerKey.agent(2), 0.0), 1e-12);
        assertEquals(0.5, ledger.maxEpsilon(0.0), 1e-12);
    }
}
