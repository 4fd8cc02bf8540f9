package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.EpsilonLowerBoundAudit;
import io.dpmarl.mechanisms.audit.RealMechanism;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Privacy audits: A7 (noise off, sensitivities and accountant) and acceptance item 5 (empirical audit). */
class PrivacyAuditTest {

    /** A random episode of the shape: stage 0 starts in s = 0. */
    static EpisodeIndicators randomEpisode(CountShape shape, SplittableRandom random) {
        int horizon = shape.horizon();
        int[] pairs = new int[horizon];
        int[] next = new int[horizon];
        int state = 0;
        for (int h = 0; h < horizon; h++) {
            pairs[h] = shape.pairIndex(h, state, random.nextInt(shape.jointActions()));
            next[h] = random.nextInt(shape.numStates());
            state = next[h];
        }
        return new EpisodeIndicators(pairs, next);
    }

    /** An episode that differs from {@code other} in every (h,s,a,b) and every (h,s,a,b,s'). */
    static EpisodeIndicators disjointEpisode(CountShape shape, EpisodeIndicators other) {
        int horizon = shape.horizon();
        int[] pairs = new int[horizon];
        int[] next = new int[horizon];
        int state = 0;
        for (int h = 0; h < horizon; h++) {
            int otherJoint = other.pairs()[h] % shape.jointActions();
            pairs[h] = shape.pairIndex(h, state, (otherJoint + 1) % shape.jointActions());
            next[h] = (other.nextStates()[h] + 1) % shape.numStates();
            state = next[h];
        }
        return new EpisodeIndicators(pairs, next);
    }

    private static double[][] releasedNodes(CountShape shape, EpisodeIndicators[] episodes) {
        CentralCountPrivatizer central = new CentralCountPrivatizer(shape, episodes.length, 1.0,
                NoiseCalibration.RIGOROUS, 0.0, NoiseSource.seeded(1), PrivacyLedger.unaccounted(), 0.0);
        int pairs = shape.pairCount();
        int transitions = shape.transitionCount();
        double[][] nodes = new double[2][episodes.length * Math.max(pairs, transitions)];
        for (int k = 0; k < episodes.length; k++) {
            central.update(episodes[k]);
            PrivateCounts released = central.lastReleasedNodes();
            System.arraycopy(released.pairs(), 0, nodes[0], k * pairs, pairs);
            System.arraycopy(released.transitions(), 0, nodes[1], k * transitions, transitions);
        }
        return nodes;
    }

    private static double l1(double[] first, double[] second) {
        double distance = 0;
        for (int i = 0; i < first.length; i++) {
            distance += Math.abs(first[i] - second[i]);
        }
        return distance;
    }

    /**
     * A7 central, noise off: for sequences differing in one episode, the L1 distance between all released
     * tree nodes of one family is at most 2HL; a pair differing everywhere in episode 1 with K = 8 (that item
     * lies in the nodes released at t = 1, 2, 4, 8) attains 2HL = 16 exactly.
     */
    @Test
    void centralSensitivityIsTwoHL() {
        CountShape shape = new CountShape(2, 2, 2, 2);
        int episodes = 8;
        int bound = 2 * shape.horizon() * 4;
        SplittableRandom random = new SplittableRandom(11);
        double max = 0;
        for (int trial = 0; trial < 300; trial++) {
            EpisodeIndicators[] first = new EpisodeIndicators[episodes];
            for (int k = 0; k < episodes; k++) {
                first[k] = randomEpisode(shape, random);
            }
            EpisodeIndicators[] second = first.clone();
            int changed = trial == 0 ? 0 : random.nextInt(episodes);
            second[changed] = trial == 0 ? disjointEpisode(shape, first[0]) : randomEpisode(shape, random);
            double[][] a = releasedNodes(shape, first);
            double[][] b = releasedNodes(shape, second);
            for (int family = 0; family < 2; family++) {
                double distance = l1(a[family], b[family]);
                assertTrue(distance <= bound + 1e-12, "family " + family + ": " + distance);
                max = Math.max(max, distance);
                if (trial == 0) {
                    assertEquals(bound, distance, 1e-12, "equality attained");
                }
            }
        }
        assertEquals(bound, max, 1e-12);
    }

    /** A7 local, noise off: two trajectories' reports differ by at most 2H in L1 per family, with equality. */
    @Test
    void localSensitivityIsTwoH() {
        CountShape shape = new CountShape(3, 2, 2, 2);
        LocalRandomizer randomizer = new LocalRandomizer(shape, 0.0);
        SplittableRandom random = new SplittableRandom(12);
        for (int trial = 0; trial < 500; trial++) {
            EpisodeIndicators x = randomEpisode(shape, random);
            EpisodeIndicators y = trial == 0 ? disjointEpisode(shape, x) : randomEpisode(shape, random);
            NoisyReport a = randomizer.report(x, NoiseSource.seeded(1));
            NoisyReport b = randomizer.report(y, NoiseSource.seeded(1));
            assertTrue(l1(a.pairs(), b.pairs()) <= 2 * shape.horizon());
            assertTrue(l1(a.transitions(), b.transitions()) <= 2 * shape.horizon());
            if (trial == 0) {
                assertEquals(2 * shape.horizon(), l1(a.pairs(), b.pairs()), 0.0);
                assertEquals(2 * shape.horizon(), l1(a.transitions(), b.transitions()), 0.0);
            }
        }
    }

    /**
     * A7 accountant: RIGOROUS central charges exactly epsilon under the global key; RIGOROUS local charges
     * exactly epsilon to each user's key; the paper-literal local calibration is reported as 2 epsilon.
     */
    @Test
    void accountantReportsExactlyEpsilon() {
        CountShape shape = new CountShape(2, 2, 2, 2);
        double epsilon = 0.7;
        int episodes = 100;
        PrivacyLedger centralLedger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        DpNashViConfig central = DpNashViConfig.practical(episodes, epsilon, 0.1, PrivatizerKind.CENTRAL, 0.1, 0.001,
                Truncation.H);
        CountPrivatizer centralPrivatizer = Privatizers.create(shape, central, NoiseSource.seeded(1), centralLedger);
        assertEquals(epsilon, centralLedger.epsilon(LedgerKey.global(), 0.0), 1e-12);
        assertEquals(epsilon, ((io.dpmarl.core.privacy.PrivacyGuarantee.PureDp) centralPrivatizer.guarantee())
                .epsilon(), 1e-12);
        PrivacyLedger localLedger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        CountPrivatizer local = Privatizers.create(shape, DpNashViConfig.practical(episodes, epsilon, 0.1,
                PrivatizerKind.LOCAL, 0.1, 0.001, Truncation.H), NoiseSource.seeded(2), localLedger);
        SplittableRandom random = new SplittableRandom(3);
        for (int k = 0; k < episodes; k++) {
            local.update(randomEpisode(shape, random));
        }
        assertEquals(episodes, localLedger.keys().size());
        assertEquals(epsilon, localLedger.maxEpsilon(0.0), 1e-12);
        CountPrivatizer paper = Privatizers.create(shape, DpNashViConfig.practical(episodes, epsilon, 0.1,
                PrivatizerKind.LOCAL, 0.1, 0.001, Truncation.H).withCalibration(NoiseCalibration.PAPER_B),
                NoiseSource.seeded(2), PrivacyLedger.unaccounted());
        assertEquals(2 * epsilon, ((io.dpmarl.core.privacy.PrivacyGuarantee.PureDp) paper.guarantee()).epsilon(),
                1e-12);
        assertEquals(epsilon, ((io.dpmarl.core.privacy.PrivacyGuarantee.PureDp) paper.claimedGuarantee().orElseThrow())
                .epsilon(), 1e-12);
    }

    /**
     * Acceptance item 5: the local privatizer's release for a user pair (its noisy report) on two neighbouring
     * user sequences, which differ only in this episode's trajectory, passes the empirical audit of the
     * mechanisms module at the claimed epsilon = 1; a mutant with half the noise (true epsilon 2) is rejected.
     * The event is fixed in advance and is the likelihood-ratio-maximising one: every entry that is 1 under X
     * and 0 under X' is at least 1, every entry that is 0 under X and 1 under X' is at most 0 (4H = 4 entries,
     * H = 1); its probability ratio is e^{4H/b} = e^epsilon. 100,000 runs per input, Clopper-Pearson at
     * alpha = 1e-6 per side: false-rejection rate 2e-6. Expected bounds: about 0.85 (correct) and 1.8 (mutant).
     */
    @Test
    void localReportPassesEmpiricalAuditAndHalfNoiseMutantFails() {
        CountShape shape = new CountShape(1, 2, 2, 2);
        double epsilon = 1.0;
        EpisodeIndicators x = new EpisodeIndicators(new int[] {shape.pairIndex(0, 0, 0)}, new int[] {0});
        EpisodeIndicators y = new EpisodeIndicators(new int[] {shape.pairIndex(0, 0, 3)}, new int[] {1});
        double scale = NoiseCalibration.RIGOROUS.localScale(1, epsilon);
        assertEquals(4.0, scale, 0.0);
        for (double factor : new double[] {1.0, 0.5}) {
            LocalRandomizer randomizer = new LocalRandomizer(shape, scale * factor);
            RealMechanism first = noise -> inEvent(randomizer.report(x, noise), x, y, shape) ? 1.0 : 0.0;
            RealMechanism second = noise -> inEvent(randomizer.report(y, noise), x, y, shape) ? 1.0 : 0.0;
            EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.audit(first, second, value -> value == 1.0,
                    0.0, 100_000, 1e-6, NoiseSource.seeded(20240411L + (long) (factor * 10)));
            if (factor == 1.0) {
                assertTrue(result.consistentWith(epsilon), "correct noise refuted: " + result);
                assertTrue(result.epsilonLowerBound() > 0.5, "the audit must have power: " + result);
            } else {
                assertFalse(result.consistentWith(epsilon), "half-noise mutant not rejected: " + result);
            }
        }
    }

    private static boolean inEvent(NoisyReport report, EpisodeIndicators x, EpisodeIndicators y, CountShape shape) {
        double[] xPairs = new double[shape.pairCount()];
        double[] xTransitions = new double[shape.transitionCount()];
        double[] yPairs = new double[shape.pairCount()];
        double[] yTransitions = new double[shape.transitionCount()];
        x.addTo(xPairs, xTransitions, shape.numStates());
        y.addTo(yPairs, yTransitions, shape.numStates());
        return sideOk(report.pairs(), xPairs, yPairs) && sideOk(report.transitions(), xTransitions, yTransitions);
    }

    private static boolean sideOk(double[] released, double[] underX, double[] underY) {
        for (int i = 0; i < released.length; i++) {
            if (underX[i] > underY[i] && released[i] < 1) {
                return false;
            }
            if (underX[i] < underY[i] && released[i] > 0) {
                return false;
            }
        }
        return true;
    }
}
