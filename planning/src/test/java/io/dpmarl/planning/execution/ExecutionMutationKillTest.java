package io.dpmarl.planning.execution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code execution}: the marginalisation of Section 6 on a hand-made joint policy, the
 * inverse-CDF sampling edge, and Algorithm 2's episode bookkeeping (stream length, step cap, initial release,
 * principals) on the chain game, whose true moves ignore the actions (every episode takes exactly 2 steps).
 * Expected values derived by hand in the comments (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning").
 */
class ExecutionMutationKillTest {

    /**
     * Stay-or-go: active joint states (0,0), (0,1), (1,0); the target (1,1) is absorbing. At every active state the
     * joint policy over (a0, a1) with a = 2 a0 + a1 (agent 0 most significant) is (0.1, 0.2, 0.3, 0.4), so agent 0's
     * marginal is (0.1 + 0.2, 0.3 + 0.4) = (0.3, 0.7) and agent 1's is (0.1 + 0.3, 0.2 + 0.4) = (0.4, 0.6); at the
     * absorbing state both are uniform (1/2, 1/2). The product policy at an active state is
     * (0.3 * 0.4, 0.3 * 0.6, 0.7 * 0.4, 0.7 * 0.6) = (0.12, 0.18, 0.28, 0.42).
     */
    @Test
    void marginalsAndProductByHand() {
        FactoredModel game = TinyGames.stayOrGo();
        TransientModel model = new TransientModel(game);
        assertEquals(3, model.activeStates());
        double[][] joint = new double[3][];
        for (int s = 0; s < 3; s++) {
            joint[s] = new double[] {0.1, 0.2, 0.3, 0.4};
        }
        LocalPolicies policies = new LocalPolicies(model, joint);
        for (int s = 0; s < 3; s++) {
            int state = model.jointState(s);
            assertArrayEquals(new double[] {0.3, 0.7}, policies.policy(0, state), 1e-15);
            assertArrayEquals(new double[] {0.4, 0.6}, policies.policy(1, state), 1e-15);
            assertArrayEquals(new double[] {0.12, 0.18, 0.28, 0.42}, policies.product(model)[s], 1e-15);
        }
        int target = game.encode(new int[] {1, 1});
        assertArrayEquals(new double[] {0.5, 0.5}, policies.policy(0, target), 0.0);
        assertArrayEquals(new double[] {0.5, 0.5}, policies.tables()[1][target], 0.0);
    }

    /**
     * Inverse CDF with u in [0, 1): action a iff F(a-1) &lt;= u &lt; F(a). A zero-probability action is never picked
     * (u = 0 on (0, 1) gives 1), and u on a cumulative edge belongs to the next action (u = 0.25 on (0.25, 0.75)).
     */
    @Test
    void inverseCdfEdges() {
        assertEquals(1, LocalPolicies.sample(new double[] {0, 1}, 0.0));
        assertEquals(1, LocalPolicies.sample(new double[] {0.25, 0.75}, 0.25));
        assertEquals(0, LocalPolicies.sample(new double[] {0.25, 0.75}, 0.2499));
    }

    private static PrivateExecution chainExecution(int maxSteps, boolean privatizeInitialState) {
        FactoredModel game = TinyGames.chain();
        TransientModel model = new TransientModel(game);
        double[][] uniform = new double[model.activeStates()][model.actions()];
        for (double[] row : uniform) {
            java.util.Arrays.fill(row, 1.0 / model.actions());
        }
        return new PrivateExecution(game, new LocalPolicies(model, uniform), 0.1, 1, maxSteps, privatizeInitialState);
    }

    /**
     * Chain: (0,0) -> (1,1) -> (2,2) = target in exactly 2 steps. With max-steps 2 and the initial state released,
     * each agent's stream makes 1 + 2 = 3 releases (its declared length is max-steps + 1); with max-steps 1 the episode
     * stops after 1 step, unsuccessful.
     */
    @Test
    void episodeLengthAndStepCap() {
        PrivateExecution.Episode full = chainExecution(2, true).run(0, PrivacyLedger.unaccounted(),
                NoiseSource.seeded(1), new SplittableRandom(1));
        assertTrue(full.success());
        assertEquals(2, full.steps());
        assertEquals(3, full.released().size());
        assertArrayEquals(new int[] {2, 2}, full.truth().get(2));
        PrivateExecution.Episode capped = chainExecution(1, false).run(0, PrivacyLedger.unaccounted(),
                NoiseSource.seeded(1), new SplittableRandom(1));
        assertFalse(capped.success());
        assertEquals(1, capped.steps());
        assertArrayEquals(new int[] {1, 1}, capped.truth().get(1));
    }

    /**
     * Without privatize-initial-state the first reported state is the public initial state (0, 0) itself, in every
     * episode (epsilon = 0.1 would move a released one often).
     */
    @Test
    void initialStateIsPublicUnlessPrivatized() {
        PrivateExecution execution = chainExecution(2, false);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        NoiseSource noise = NoiseSource.seeded(3);
        SplittableRandom random = new SplittableRandom(3);
        for (int episode = 0; episode < 40; episode++) {
            assertArrayEquals(new int[] {0, 0}, execution.run(episode, ledger, noise, random).released().get(0));
        }
    }

    /** Episodes numbered from first = 5: three episodes charge users 5, 6, 7, once per agent (6 entries). */
    @Test
    void estimateChargesConsecutivePrincipals() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        SuccessEstimate estimate = chainExecution(2, false).estimate(5, 3, 0.05, ledger, NoiseSource.seeded(4),
                new SplittableRandom(4));
        assertEquals(1.0, estimate.mean(), 0.0);
        List<LedgerKey> keys = new ArrayList<>();
        for (LedgerEntry entry : entries) {
            keys.add(entry.key());
        }
        List<LedgerKey> expected = new ArrayList<>();
        for (long user = 5; user <= 7; user++) {
            for (int agent = 0; agent < 2; agent++) {
                expected.add(LedgerKey.user(user).child("agent", agent));
            }
        }
        assertEquals(expected, keys);
    }
}
