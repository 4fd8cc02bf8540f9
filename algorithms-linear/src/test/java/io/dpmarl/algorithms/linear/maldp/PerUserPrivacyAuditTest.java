package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.audit.EpsilonLowerBoundAudit;
import io.dpmarl.mechanisms.audit.RealMechanism;
import org.junit.jupiter.api.Test;

/**
 * The empirical privacy audit of one user's released statistic: agent 0's vector release {@code Delta u_h = f V} (the
 * stage where they differ most) of a real user and of the same user with its trajectory replaced (the neighbour), both
 * produced by the learner, are released 200000 times each through the paper-literal Laplace privatizer at per-user
 * epsilon 20 (per release {@code b = 4H^3 sqrt(nd) / epsilon = 50}, computed epsilon_r = Delta_1 / b = 2); the
 * Clopper-Pearson lower bound on epsilon from the event "coordinate j above the midpoint" (j the coordinate where the
 * two inputs differ most) must be consistent with the computed guarantee (false-rejection rate 2 alpha = 2e-3). Mutant:
 * the same audit of a privatizer with a hundredth of the noise scale refutes that guarantee.
 */
class PerUserPrivacyAuditTest {
    private static final double ALPHA = 1e-3;
    private static final long TRIALS = 200_000;

    private static Privatizer laplace(double epsilon) {
        return MaLdpHarness.REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, "ma-ldp(mechanism=laplace, "
                + "epsilon=" + epsilon + ", calibration=paper-literal, horizon=5, nd=4, release=vector)",
                PluginContext.standalone(MaLdpHarness.REGISTRY));
    }

    private static RealMechanism coordinate(Privatizer privatizer, double[] input, int j) {
        Statistic.Vector statistic = new Statistic.Vector(input);
        return noise -> ((Statistic.Vector) privatizer.release(statistic, noise, PrivacyLedger.unaccounted(),
                LedgerKey.user(0).child("agent", 0))).values()[j];
    }

    @Test
    void oneUsersReleaseIsConsistentWithTheComputedGuaranteeAndAThinnerNoiseIsRefuted() {
        double[] first = null;
        double[] second = null;
        int j = 0;
        double best = -1;
        for (int user : new int[] {0, 1, 2, 4, 8}) {
            for (int stage = 0; stage < 4; stage++) {
            double[] a = PerUserSensitivityAuditTest.inputs(new PerUserSensitivityAuditTest.User(1, user, 11), true)
                    .vectors()[stage];
            double[] b = PerUserSensitivityAuditTest.inputs(new PerUserSensitivityAuditTest.User(1, user, 29), true)
                    .vectors()[stage];
            for (int c = 0; c < a.length; c++) {
                if (Math.abs(a[c] - b[c]) > best) {
                    best = Math.abs(a[c] - b[c]);
                    first = a[c] >= b[c] ? a : b;
                    second = a[c] >= b[c] ? b : a;
                    j = c;
                }
            }
            }
        }
        assertTrue(best > 5, "a pair of users whose releases differ visibly: " + best);
        double midpoint = (first[j] + second[j]) / 2;
        Privatizer privatizer = laplace(20);
        double computed = ((PrivacyGuarantee.PureDp) privatizer.guarantee()).epsilon();
        assertTrue(Math.abs(computed - 2) < 1e-6, "epsilon_r " + computed);
        EpsilonLowerBoundAudit.Result honest = EpsilonLowerBoundAudit.audit(coordinate(privatizer, first, j),
                coordinate(privatizer, second, j), y -> y >= midpoint, 0.0, TRIALS, ALPHA, NoiseSource.seeded(5));
        assertTrue(honest.consistentWith(computed), "lower bound " + honest.epsilonLowerBound());
        Privatizer thin = laplace(2000);
        EpsilonLowerBoundAudit.Result mutant = EpsilonLowerBoundAudit.audit(coordinate(thin, first, j),
                coordinate(thin, second, j), y -> y >= midpoint, 0.0, TRIALS, ALPHA, NoiseSource.seeded(6));
        assertFalse(mutant.consistentWith(computed), "the thinner noise must refute epsilon_r = " + computed
                + ": lower bound " + mutant.epsilonLowerBound());
    }
}
