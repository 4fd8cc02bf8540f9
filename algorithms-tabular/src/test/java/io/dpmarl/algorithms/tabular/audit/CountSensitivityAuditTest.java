package io.dpmarl.algorithms.tabular.audit;

import static io.dpmarl.algorithms.tabular.audit.AuditUsers.instances;
import static io.dpmarl.algorithms.tabular.audit.AuditUsers.replaceOneUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpmarl.algorithms.tabular.audit.AuditUsers.Users;
import io.dpmarl.algorithms.tabular.nashvi.CentralCountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.CountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.LocalCountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.NoiseCalibration;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.SensitivityAudit;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Norm;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Report;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Empirical audit of the count sensitivities of DP-Nash-VI's privatizers (Qiao and Wang, "Differentially Private
 * Reinforcement Learning with Self-Play", 2024, Sections 5.1 and 5.2) with the mechanisms' {@link SensitivityAudit}. A
 * user is one episode's trajectory; its statistic is the indicator vector (pairs, then transitions) with H ones per
 * family. Replacing one user by another moves
 * <ul>
 *   <li>central: all binary-tree nodes released over the K episodes by at most 4HL in L1 (each of the at most 4H
 *       changed items lies in L = floor(log2 K) + 1 released nodes);</li>
 *   <li>local: that user's report by at most 4H in L1.</li>
 * </ul>
 * Both sides of a pair use the same seeded noise source, whose draws do not depend on the data (every counter is
 * stepped every episode, every report entry is noised), so the calibrated noise cancels in the difference and the
 * audit sees the counts. The adversarial users include trajectories that repeat one (s, a, b) at every stage,
 * trajectories disjoint from the user they replace, and vectors that are no trajectory at all (every entry 1,
 * entries of 7 or -3): the streams project every input onto the indicator set, which is what keeps these within
 * the bound.
 */
class CountSensitivityAuditTest {
    private static final double EPSILON = 1.0;

    // ---------------------------------------------------------------- releases

    /** All tree nodes the central stream releases over the K users, concatenated. */
    private static double[] centralNodes(Users users) {
        CentralCountsPrivatizer central = new CentralCountsPrivatizer(EPSILON, users.shape().horizon(),
                NoiseCalibration.RIGOROUS);
        CentralCountsPrivatizer.TreeStream stream = (CentralCountsPrivatizer.TreeStream) central.openEpisodeStream(
                PrivacyLedger.unaccounted(), NoiseSource.seeded(77), 0, users.vectors().size());
        List<double[]> nodes = new ArrayList<>();
        for (double[] user : users.vectors()) {
            stream.release(new Statistic.Vector(user));
            nodes.add(stream.lastReleasedNodes());
        }
        return SensitivityAudit.flatten(nodes.toArray(double[][]::new));
    }

    /** Every user's local report (calibrated Laplace noise, the same seed on both sides), concatenated. */
    private static double[] localReports(Users users) {
        LocalCountsPrivatizer local = new LocalCountsPrivatizer(EPSILON, users.shape().horizon(),
                NoiseCalibration.RIGOROUS);
        NoiseSource noise = NoiseSource.seeded(78);
        List<double[]> reports = new ArrayList<>();
        for (int k = 0; k < users.vectors().size(); k++) {
            reports.add(((Statistic.Vector) local.openEpisodeStream(PrivacyLedger.unaccounted(), noise, k,
                    users.vectors().size()).release(new Statistic.Vector(users.vectors().get(k)))).values());
        }
        return SensitivityAudit.flatten(reports.toArray(double[][]::new));
    }

    private static int levels(int episodes) {
        return 32 - Integer.numberOfLeadingZeros(episodes);
    }

    // ---------------------------------------------------------------- audits

    @Test
    void centralReleasedNodesMoveByAtMostFourHLAndAttainIt() {
        for (Users users : instances()) {
            double declared = 4.0 * users.shape().horizon() * levels(users.vectors().size());
            Report<Users> report = SensitivityAudit.of("central nodes, " + users, declared, Norm.L1)
                    .check(replaceOneUser(users, true), CountSensitivityAuditTest::centralNodes);
            report.assertHolds();
            // The first user lies in one released node per level; a disjoint replacement moves 4H items in each.
            assertEquals(1.0, report.ratio(), 1e-9, report.toString());
        }
    }

    @Test
    void localReportsMoveByAtMostFourHAndAttainIt() {
        for (Users users : instances()) {
            double declared = 4.0 * users.shape().horizon();
            Report<Users> report = SensitivityAudit.of("local reports, " + users, declared, Norm.L1)
                    .check(replaceOneUser(users, true), CountSensitivityAuditTest::localReports);
            report.assertHolds();
            assertEquals(1.0, report.ratio(), 1e-9, report.toString());
        }
    }

    @Test
    void mutantsDeclaringOneStageLessAreRefuted() {
        // One stage of a trajectory is 2 items per family: 4 in L1. Declaring 4(H-1) (L) must be refuted, on valid
        // trajectories alone.
        for (Users users : instances()) {
            int h = users.shape().horizon();
            int levels = levels(users.vectors().size());
            SensitivityAudit.of("central, 4(H-1)L (mutant)", Math.max(4.0 * (h - 1) * levels, 1e-300), Norm.L1)
                    .check(replaceOneUser(users, false), CountSensitivityAuditTest::centralNodes).assertRefuted();
            SensitivityAudit.of("local, 4(H-1) (mutant)", Math.max(4.0 * (h - 1), 1e-300), Norm.L1)
                    .check(replaceOneUser(users, false), CountSensitivityAuditTest::localReports).assertRefuted();
        }
    }

    @Test
    void withoutTheProjectionAnAdversarialUserExceedsTheBound() {
        // The raw vectors (what an unguarded stream would add noise to) of a user with every entry 1 differ from a
        // trajectory's by far more than 4H: the projection onto the indicator set is needed.
        for (Users users : instances()) {
            Report<Users> raw = SensitivityAudit.of("raw vectors (no projection), " + users,
                    4.0 * users.shape().horizon(), Norm.L1).check(replaceOneUser(users, true),
                    u -> SensitivityAudit.flatten(u.vectors().toArray(double[][]::new)));
            raw.assertRefuted();
        }
    }

    @Test
    void theLedgerIsChargedWithTheAuditedSensitivities() {
        // The audits above use 4HL and 4H; the privatizers must declare exactly these to the ledger.
        Users users = instances().get(5);
        int horizon = users.shape().horizon();
        int episodes = users.vectors().size();
        List<CountsPrivatizer> privatizers = List.of(
                new CentralCountsPrivatizer(EPSILON, horizon, NoiseCalibration.RIGOROUS),
                new LocalCountsPrivatizer(EPSILON, horizon, NoiseCalibration.RIGOROUS));
        for (CountsPrivatizer privatizer : privatizers) {
            PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
            List<LedgerEntry> entries = new ArrayList<>();
            ledger.addListener(entries::add);
            boolean central = privatizer instanceof CentralCountsPrivatizer;
            for (int k = 0; k < episodes; k++) {
                if (central && k > 0) {
                    break;
                }
                var stream = privatizer.openEpisodeStream(ledger, NoiseSource.seeded(1), k, episodes);
                int releases = central ? episodes : 1;
                for (int r = 0; r < releases; r++) {
                    stream.release(new Statistic.Vector(users.vectors().get(central ? r : k)));
                }
            }
            double expected = 4.0 * horizon * (central ? levels(episodes) : 1);
            assertEquals(central ? 1 : episodes, entries.size(), privatizer.name());
            for (LedgerEntry entry : entries) {
                PrivacyEvent.LaplaceEvent event = assertInstanceOf(PrivacyEvent.LaplaceEvent.class, entry.event());
                assertEquals(expected, event.sensitivity(), 0.0, privatizer.name() + ": " + entry);
            }
            assertEquals(4.0 * horizon, privatizer.sensitivity().value(), 0.0, privatizer.name());
        }
    }
}
