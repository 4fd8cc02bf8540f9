package io.dpmarl.algorithms.tabular.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpmarl.algorithms.tabular.nashvi.CentralCountPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.CountPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.CountShape;
import io.dpmarl.algorithms.tabular.nashvi.DpNashViConfig;
import io.dpmarl.algorithms.tabular.nashvi.EpisodeIndicators;
import io.dpmarl.algorithms.tabular.nashvi.LocalCountPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.LocalRandomizer;
import io.dpmarl.algorithms.tabular.nashvi.NoisyReport;
import io.dpmarl.algorithms.tabular.nashvi.PrivateCounts;
import io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind;
import io.dpmarl.algorithms.tabular.nashvi.Privatizers;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.SensitivityAudit;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Norm;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Pair;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Empirical audit of the count sensitivities of DP-Nash-VI's privatizers (Qiao and Wang, "Differentially
 * Private Nash Value Iteration"-style central and local privatizers, Sections 5.1 and 5.2): one user (one episode's
 * trajectory) replaced by another changes at most 2H entries of each indicator family, so
 * <ul>
 *   <li>central: the binary-tree nodes released over the K episodes move by at most 2HL in L1 per family
 *       (each item lies in L nodes, L the number of tree levels);</li>
 *   <li>local: the user's report moves by at most 2H in L1 per family.</li>
 * </ul>
 * Both sides of a pair run with the same seeded noise source, whose draws do not depend on the data (every counter
 * is stepped every episode; every report entry is noised), so the noise cancels and the audit sees the counts.
 */
class CountSensitivityAuditTest {
    private static final int PAIRS = 0;
    private static final int TRANSITIONS = 1;

    /** K users' trajectories of one shape. */
    private record Users(String label, CountShape shape, List<EpisodeIndicators> episodes) {
        @Override
        public String toString() {
            return label + " (H=" + shape.horizon() + ", S=" + shape.numStates() + ", A=" + shape.numActionsMax()
                    + ", B=" + shape.numActionsMin() + ", K=" + episodes.size() + ")";
        }
    }

    // ---------------------------------------------------------------- users

    private static EpisodeIndicators random(CountShape shape, SplittableRandom random) {
        int[] pairs = new int[shape.horizon()];
        int[] next = new int[shape.horizon()];
        int state = random.nextInt(shape.numStates());
        for (int h = 0; h < shape.horizon(); h++) {
            pairs[h] = shape.pairIndex(h, state, random.nextInt(shape.jointActions()));
            next[h] = random.nextInt(shape.numStates());
            state = next[h];
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** The same (state, joint action) and the same next state at every stage. */
    private static EpisodeIndicators repeating(CountShape shape, int state, int joint) {
        int[] pairs = new int[shape.horizon()];
        int[] next = new int[shape.horizon()];
        for (int h = 0; h < shape.horizon(); h++) {
            pairs[h] = shape.pairIndex(h, state, joint);
            next[h] = state;
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** A trajectory that shares no (h,s,a,b) and no (h,s,a,b,s') with {@code other}. */
    private static EpisodeIndicators disjoint(CountShape shape, EpisodeIndicators other) {
        int[] pairs = new int[shape.horizon()];
        int[] next = new int[shape.horizon()];
        for (int h = 0; h < shape.horizon(); h++) {
            int joint = other.pairs()[h] % shape.jointActions();
            int state = other.pairs()[h] / shape.jointActions() % shape.numStates();
            pairs[h] = shape.pairIndex(h, state, (joint + 1) % shape.jointActions());
            next[h] = (other.nextStates()[h] + 1) % shape.numStates();
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** Neighbours: each episode k replaced by adversarial users (disjoint, repeating at the extremes) and a random one. */
    private static List<Pair<Users>> replaceOneUser(Users users) {
        CountShape shape = users.shape();
        SplittableRandom random = new SplittableRandom(users.episodes().size() * 31L + shape.horizon());
        List<Pair<Users>> out = new ArrayList<>();
        for (int k = 0; k < users.episodes().size(); k++) {
            EpisodeIndicators original = users.episodes().get(k);
            List<EpisodeIndicators> replacements = List.of(disjoint(shape, original), repeating(shape, 0, 0),
                    repeating(shape, shape.numStates() - 1, shape.jointActions() - 1), random(shape, random));
            for (EpisodeIndicators replacement : replacements) {
                List<EpisodeIndicators> changed = new ArrayList<>(users.episodes());
                changed.set(k, replacement);
                out.add(new Pair<>(users, new Users(users.label(), shape, changed), "user " + k + " replaced"));
            }
        }
        return out;
    }

    private static List<Users> instances() {
        SplittableRandom random = new SplittableRandom(2024);
        List<Users> out = new ArrayList<>();
        CountShape[] shapes = {new CountShape(1, 1, 1, 2), new CountShape(2, 2, 2, 2), new CountShape(3, 2, 2, 1),
            new CountShape(4, 3, 2, 2)};
        for (CountShape shape : shapes) {
            for (int episodes : new int[] {1, 5, 8}) {
                List<EpisodeIndicators> randomUsers = new ArrayList<>();
                List<EpisodeIndicators> sameUser = new ArrayList<>();
                for (int k = 0; k < episodes; k++) {
                    randomUsers.add(random(shape, random));
                    sameUser.add(repeating(shape, 0, 0));
                }
                out.add(new Users("random users", shape, randomUsers));
                out.add(new Users("every user repeats (s=0, a=0, b=0)", shape, sameUser));
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- releases

    private static final double EPSILON = 1.0;

    private static CountPrivatizer privatizer(Users users, PrivatizerKind kind, PrivacyLedger ledger) {
        DpNashViConfig config = DpNashViConfig.theory(users.episodes().size(), EPSILON, 0.1, kind);
        return Privatizers.create(users.shape(), config, NoiseSource.seeded(77), ledger);
    }

    /** All tree nodes the central privatizer releases over the K episodes, of one family, concatenated. */
    private static double[] centralNodes(Users users, int family) {
        CentralCountPrivatizer central = (CentralCountPrivatizer) privatizer(users, PrivatizerKind.CENTRAL,
                PrivacyLedger.unaccounted());
        List<double[]> nodes = new ArrayList<>();
        for (EpisodeIndicators episode : users.episodes()) {
            central.update(episode);
            PrivateCounts released = central.lastReleasedNodes();
            nodes.add(family == PAIRS ? released.pairs() : released.transitions());
        }
        return SensitivityAudit.flatten(nodes.toArray(double[][]::new));
    }

    /** Every user's local report (Laplace with the calibrated scale, same seed on both sides), of one family. */
    private static double[] localReports(Users users, int family) {
        LocalRandomizer randomizer = ((LocalCountPrivatizer) privatizer(users, PrivatizerKind.LOCAL,
                PrivacyLedger.unaccounted())).randomizer();
        NoiseSource noise = NoiseSource.seeded(78);
        List<double[]> reports = new ArrayList<>();
        for (EpisodeIndicators episode : users.episodes()) {
            NoisyReport report = randomizer.report(episode, noise);
            reports.add(family == PAIRS ? report.pairs() : report.transitions());
        }
        return SensitivityAudit.flatten(reports.toArray(double[][]::new));
    }

    private static int levels(int episodes) {
        return 32 - Integer.numberOfLeadingZeros(episodes);
    }

    // ---------------------------------------------------------------- audits

    @Test
    void centralReleasedNodesMoveByAtMostTwoHLPerFamilyAndAttainIt() {
        for (Users users : instances()) {
            double declared = 2.0 * users.shape().horizon() * levels(users.episodes().size());
            for (int family : new int[] {PAIRS, TRANSITIONS}) {
                int f = family;
                Report<Users> report = SensitivityAudit.of("central nodes, family " + family + ", " + users, declared,
                        Norm.L1).check(replaceOneUser(users), u -> centralNodes(u, f));
                report.assertHolds();
                // The first user lies in one node per level; a disjoint replacement moves 2H items in each.
                assertEquals(1.0, report.ratio(), 1e-9, report.toString());
            }
        }
    }

    @Test
    void localReportsMoveByAtMostTwoHPerFamilyAndAttainIt() {
        for (Users users : instances()) {
            double declared = 2.0 * users.shape().horizon();
            for (int family : new int[] {PAIRS, TRANSITIONS}) {
                int f = family;
                Report<Users> report = SensitivityAudit.of("local reports, family " + family + ", " + users, declared,
                        Norm.L1).check(replaceOneUser(users), u -> localReports(u, f));
                report.assertHolds();
                assertEquals(1.0, report.ratio(), 1e-9, report.toString());
            }
        }
    }

    @Test
    void mutantsDeclaringOneStageLessAreRefuted() {
        for (Users users : instances()) {
            int h = users.shape().horizon();
            int levels = levels(users.episodes().size());
            Report<Users> central = SensitivityAudit.of("central, 2(H-1)L (mutant)", 2.0 * (h - 1) * levels + 1e-300,
                    Norm.L1).check(replaceOneUser(users), u -> centralNodes(u, PAIRS));
            central.assertRefuted();
            Report<Users> local = SensitivityAudit.of("local, 2(H-1) (mutant)", 2.0 * (h - 1) + 1e-300, Norm.L1)
                    .check(replaceOneUser(users), u -> localReports(u, TRANSITIONS));
            local.assertRefuted();
        }
    }

    @Test
    void theLedgerIsChargedWithTheAuditedSensitivities() {
        // The audits above use 2HL and 2H; the privatizers must declare exactly these to the ledger.
        Users users = instances().get(5);
        CountShape shape = users.shape();
        int episodes = users.episodes().size();
        for (PrivatizerKind kind : new PrivatizerKind[] {PrivatizerKind.CENTRAL, PrivatizerKind.LOCAL}) {
            PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
            List<LedgerEntry> entries = new ArrayList<>();
            ledger.addListener(entries::add);
            CountPrivatizer privatizer = privatizer(users, kind, ledger);
            for (EpisodeIndicators episode : users.episodes()) {
                privatizer.update(episode);
            }
            assertFalse(entries.isEmpty(), kind + " charged nothing");
            double expected = 2.0 * shape.horizon() * (kind == PrivatizerKind.CENTRAL ? levels(episodes) : 1);
            for (LedgerEntry entry : entries) {
                PrivacyEvent.LaplaceEvent event = assertInstanceOf(PrivacyEvent.LaplaceEvent.class, entry.event());
                assertEquals(expected, event.sensitivity(), 0.0, kind + ": " + entry);
            }
        }
    }
}
