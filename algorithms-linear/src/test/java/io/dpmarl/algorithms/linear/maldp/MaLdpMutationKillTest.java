package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Tests added after a PIT survey of {@code maldp}: each pins a formula, a boundary or an index a surviving mutant
 * changed. Expected values are derived by hand in the comments ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Algorithm 1, Theorems 1-7, App. C).
 */
class MaLdpMutationKillTest {

    /**
     * The UCRL-VTR radius {@code c (H-h+1) sqrt(D ln(1 + k H^2 / (D lambda)) + ln(1/alpha))} with a ridge other than 1:
     * c = 0.5, D = 4, H = 3, lambda = 2, alpha = 0.5, k = 2, h = 1: {@code 1.5 sqrt(4 ln(1 + 18/8) + ln 2)}.
     */
    @Test
    void nonPrivateRadiusDividesByTheRidge() {
        BonusSchedule schedule = new BonusSchedule.NonPrivate(0.5, 4, 3, 2.0, 0.5);
        assertEquals(1.5 * Math.sqrt(4 * Math.log(3.25) + Math.log(2)), schedule.beta(2, 1), 1e-12);
    }

    /**
     * Paper-literal per-entry noise std with epsilon = 2, delta = 0.1, H = 1, nd = 4 (so 4H^3 = 4): Laplace
     * {@code sqrt(2) b}, b = 4 sqrt(nd)/epsilon = 4: 4 sqrt 2; Gaussian {@code 4 sqrt(2 ln(2.5 H/delta))/epsilon =
     * 2 sqrt(2 ln 25)}; uniform {@code 4 sqrt(ln(2H/delta)) / sqrt 3 = 4 sqrt(ln 20 / 3)}; none 0.
     */
    @Test
    void paperNoiseStandardDeviations() {
        assertEquals(4 * Math.sqrt(2), Mechanism.LAPLACE.noiseStd(2, 0.1, 1, 4), 1e-12);
        assertEquals(2 * Math.sqrt(2 * Math.log(25)), Mechanism.GAUSSIAN.noiseStd(2, 0.1, 1, 4), 1e-12);
        assertEquals(4 * Math.sqrt(Math.log(20) / 3), Mechanism.UNIFORM.noiseStd(2, 0.1, 1, 4), 1e-12);
        assertEquals(0.0, Mechanism.NONE.noiseStd(2, 0.1, 1, 4), 0.0);
    }

    /**
     * App. C's shift {@code Gamma_k = s_noise sqrt(k - 1) (sqrt(4 nd) + 2 ln(6H/alpha))} with s_noise = 2 and k - 1 = 4
     * (the existing check uses s = 1 and k - 1 = 1, where multiplying and dividing agree):
     * {@code 2 * 2 * (sqrt(16) + 2 ln(300))}.
     */
    @Test
    void analysisShiftScalesWithNoiseAndEpisodes() {
        assertEquals(4 * (4 + 2 * Math.log(300)), PsdStrategy.gamma(2.0, 4, 4, 5, 0.1), 1e-12);
    }

    /** Before any release {@code Sigma = lambda I}: with lambda = 4 the inverse is diag(1/4) and theta = 0. */
    @Test
    void initialInverseIsTheRidge() {
        MaLdpServer server = new MaLdpServer(2, 2, 2, 4.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        assertArrayEquals(new double[] {0.25, 0, 0, 0.25}, server.inverse(1, 1), 0.0);
        assertArrayEquals(new double[] {0, 0}, server.theta(1, 1), 0.0);
    }

    /**
     * D = 1, lambda = 1, eta = 1, Sigma = G + lambda + eta with the released G = -1.5: Sigma = 0.5 &lt; eta, so the
     * floor applies (Sigma_f = 1), one activation, Sigma_f^-1 = 1 and theta = u = 3.
     */
    @Test
    void aSigmaBetweenZeroAndEtaIsFloored() {
        MaLdpServer server = new MaLdpServer(1, 1, 1, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        server.receive(0, 0, new io.dpmarl.core.privacy.Statistic.SymmetricMatrix(1, new double[] {-1.5}),
                new io.dpmarl.core.privacy.Statistic.Vector(new double[] {3}));
        server.update();
        assertEquals(1, server.floorActivations());
        assertArrayEquals(new double[] {1}, server.inverse(0, 0), 1e-15);
        assertArrayEquals(new double[] {3}, server.theta(0, 0), 1e-15);
    }

    /**
     * Basic composition of the report: one (user, agent) makes H releases of each statistic, so
     * {@code (H (eps_m + eps_v), H (delta_m + delta_v))}; a user touches n agents: n times that. H = 3, n = 2.
     */
    @Test
    void reportComposesEpsilonAndDeltaOverStagesAndAgents() {
        Privatizer matrix = io.dpmarl.core.spi.Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                "gaussian(epsilon=0.5, delta=1e-5)");
        Privatizer vector = io.dpmarl.core.spi.Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                "gaussian(epsilon=0.25, delta=2e-5)");
        PrivacyGuarantee.ApproxDp m = (PrivacyGuarantee.ApproxDp) matrix.guarantee();
        PrivacyGuarantee.ApproxDp v = (PrivacyGuarantee.ApproxDp) vector.guarantee();
        AccountantReport report = AccountantReport.of(matrix, vector, 2, 3, 4, true);
        assertEquals(3 * (m.epsilon() + v.epsilon()), report.ownUserAgent()[0], 1e-12);
        assertEquals(3 * (m.delta() + v.delta()), report.ownUserAgent()[1], 1e-18);
        assertEquals(6 * (m.delta() + v.delta()), report.ownUser()[1], 1e-18);
        assertEquals(6 * (m.epsilon() + v.epsilon()), report.ownUser()[0], 1e-12);
        // sound (K = 4 users, every release also composed run-wide): K n H = 24 releases of each statistic
        assertEquals(24 * (m.epsilon() + v.epsilon()), report.user()[0], 1e-12);
        assertEquals(24 * (m.delta() + v.delta()), report.user()[1], 1e-18);
        assertEquals(24 * (m.epsilon() + v.epsilon()), report.userAgent()[0], 1e-12);
        assertEquals(24 * (m.delta() + v.delta()), report.userAgent()[1], 1e-18);
        // where the reward parameters cannot carry a user's data, the computed figures are the own ones
        AccountantReport own = AccountantReport.of(matrix, vector, 2, 3, 4, false);
        assertEquals(3 * (m.epsilon() + v.epsilon()), own.userAgent()[0], 1e-12);
        assertEquals(3 * (m.delta() + v.delta()), own.userAgent()[1], 1e-18);
        assertEquals(6 * (m.epsilon() + v.epsilon()), own.user()[0], 1e-12);
        assertEquals(6 * (m.delta() + v.delta()), own.user()[1], 1e-18);
    }

    /**
     * The bound H on ||f|| and on the target V in [0, H] is inclusive: with H = 2, f = (2, 0) and targets 2 and 0 are
     * within it (no violation); a target 2.5 is one, clipped to 2. The server then holds the target sum
     * {@code f (2 + 0 + 2) = (8, 0)}.
     */
    @Test
    void boundIsInclusiveAndClippedTargetsReachTheServer() {
        MaLdpReleases releases = new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted(), 2, true);
        MaLdpServer server = new MaLdpServer(1, 1, 2, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        releases.upload(0, 0, 0, new double[] {2, 0}, 2.0, server);
        releases.upload(1, 0, 0, new double[] {2, 0}, 0.0, server);
        assertEquals(0, releases.violations());
        releases.upload(2, 0, 0, new double[] {2, 0}, 2.5, server);
        assertEquals(1, releases.violations());
        assertArrayEquals(new double[] {8, 0}, server.target(0, 0), 0.0);
    }

    /**
     * Two agents with two actions each, joint a = 2 x0 + x1 (component = (x0, x1), radix (2, 1)). Agent 0's row
     * (5, 1, 3, 2): min over the teammate for x0 = 0 is 1, for x0 = 1 it is 2, so x0 = 1. Agent 1's row (0, 4, 2, 3):
     * x1 = 0 gives min(0, 2) = 0, x1 = 1 gives min(4, 3) = 3, so x1 = 1. MAXMIN plays joint 3. JOINT_GREEDY: agent 0's
     * argmax is joint 0 (x0 = 0), agent 1's is joint 1 (x1 = 1): joint 1.
     */
    @Test
    void maxMinAndJointGreedyByHand() {
        double[][] q = {{5, 1, 3, 2}, {0, 4, 2, 3}};
        int[] component = {0, 0, 0, 1, 1, 0, 1, 1};
        int[] radix = {2, 1};
        assertEquals(3, ActionSelection.MAXMIN.select(q, 0, 4, component, 2, radix, null, new double[2]));
        assertEquals(1, ActionSelection.JOINT_GREEDY.select(q, 0, 4, component, 2, radix, null, new double[2]));
    }

    /**
     * MAXMIN ties: agent 0's row is constant, so both own actions tie and one uniform draw {@code nextInt(2)} picks
     * among them; agent 1 (row (0, 4, 2, 3)) has a unique choice x1 = 1 and draws nothing. The expected joint is
     * {@code 2 pick + 1}, with pick read from a copy of the generator. Over seeds both picks occur.
     */
    @Test
    void maxMinTiesDrawOnlyWhenTied() {
        double[][] q = {{1, 1, 1, 1}, {0, 4, 2, 3}};
        int[] component = {0, 0, 0, 1, 1, 0, 1, 1};
        int[] radix = {2, 1};
        boolean[] seen = new boolean[2];
        for (long seed = 0; seed < 16; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            SplittableRandom copy = new SplittableRandom(seed);
            // Two selections in a row: the second pick is the reference's second draw, so an extra draw on a unique
            // choice would shift it.
            int first = ActionSelection.MAXMIN.select(q, 0, 4, component, 2, radix, random, new double[2]);
            int second = ActionSelection.MAXMIN.select(q, 0, 4, component, 2, radix, random, new double[2]);
            int pick1 = copy.nextInt(2);
            int pick2 = copy.nextInt(2);
            assertEquals(2 * pick1 + 1, first, "seed " + seed);
            assertEquals(2 * pick2 + 1, second, "seed " + seed);
            seen[pick1] = true;
        }
        assertEquals(true, seen[0] && seen[1]);
    }

    /**
     * JOINT_GREEDY ties share one draw u: agent 0's row (1, 1, 0, 1) ties on joints {0, 1, 3}, so it takes the
     * floor(3u)-th of them and plays that joint's x0 (0, 0, 1); agent 1's row (0, 2, 2, 0) ties on {1, 2}, it takes
     * the floor(2u)-th and plays x1 (1, 0). The joint is 2 x0 + x1, with u read from a copy of the generator; over
     * seeds every branch occurs.
     */
    @Test
    void jointGreedyTiesShareOneDraw() {
        double[][] q = {{1, 1, 0, 1}, {0, 2, 2, 0}};
        int[] component = {0, 0, 0, 1, 1, 0, 1, 1};
        int[] radix = {2, 1};
        int[] x0 = {0, 0, 1};
        int[] x1 = {1, 0};
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            double u = new SplittableRandom(seed).nextDouble();
            int expected = 2 * x0[(int) (3 * u)] + x1[(int) (2 * u)];
            assertEquals(expected, ActionSelection.JOINT_GREEDY.select(q, 0, 4, component, 2, radix,
                    new SplittableRandom(seed), new double[2]), "seed " + seed);
            seen.add(expected);
        }
        // u below 1/3: (0, 1) = 1; in [1/3, 1/2): (0, 1) = 1; in [1/2, 2/3): (0, 0) = 0; above 2/3: (1, 0) = 2
        assertEquals(java.util.Set.of(0, 1, 2), seen);
    }

    /**
     * The learner's flat features give {@code phi_V(s, a) = sum_k phi(s'_k | s, a) V(s'_k)} of the environment's public
     * features (the interface's own {@code phi}), for every state and joint action of the paper instance.
     */
    @Test
    void flatFeaturesMatchTheInterfacesPhi() {
        LinearMixtureFeatures features = MaLdpHarness.paperInstance().capability(LinearMixtureFeatures.class)
                .orElseThrow();
        FactoredFeatures flat = new FactoredFeatures(features);
        SplittableRandom random = new SplittableRandom(11);
        double[] value = new double[features.numStates()];
        for (int s = 0; s < value.length; s++) {
            value[s] = random.nextDouble();
        }
        int dimension = features.dimension();
        double[] c = new double[dimension];
        double[] g = new double[features.signBits()];
        double[] out = new double[dimension];
        double[] phi = new double[dimension];
        for (int s = 0; s < features.numStates(); s++) {
            int[] successors = features.successors(s);
            for (int a = 0; a < 1 << features.signBits(); a++) {
                double[] expected = new double[dimension];
                for (int k = 0; k < successors.length; k++) {
                    features.phi(s, a, k, phi);
                    for (int j = 0; j < dimension; j++) {
                        expected[j] += phi[j] * value[successors[k]];
                    }
                }
                flat.expectation(s, value, c, g);
                flat.assemble(a, c, g, out);
                assertArrayEquals(expected, out, 1e-12, "state " + s + ", action " + a);
            }
        }
    }
}
