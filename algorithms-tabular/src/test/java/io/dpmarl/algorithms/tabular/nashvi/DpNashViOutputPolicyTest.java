package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The output of DP-Nash-VI (Qiao and Wang 2024, Algorithm 1 line 24, "Return: the marginal policies of
 * {@code pi_out}: {@code (mu_out, nu_out)}"): in evaluation mode each player acts by its own marginal, drawn
 * independently, not by the correlated {@code pi_out} drawn at once.
 *
 * <p>The game has H = S = 1, A = 2, B = 3. The output table is set by hand (entries in sixteenths, so every sum
 * below is exact): {@code pi_out(a, b)} = (1, 2, 1 | 3, 4, 5)/16 for {@code a = 0 | 1} and {@code b = 0, 1, 2}.
 * Its marginals are {@code mu_out = (4, 12)/16 = (0.25, 0.75)} (row sums) and
 * {@code nu_out = (4, 6, 6)/16 = (0.25, 0.375, 0.375)} (column sums), with cumulative sums (0.25, 1) and
 * (0.25, 0.625, 1). An action is the first index whose cumulative sum exceeds the uniform draw.
 */
class DpNashViOutputPolicyTest {

    /** A generator returning the scripted uniforms in order, and failing when it runs out. */
    private static RandomGenerator scripted(double... uniforms) {
        return new RandomGenerator() {
            private int next;

            @Override
            public double nextDouble() {
                if (next >= uniforms.length) {
                    throw new AssertionError("more uniforms drawn than the " + uniforms.length + " expected");
                }
                return uniforms[next++];
            }

            @Override
            public long nextLong() {
                throw new AssertionError("only nextDouble is expected");
            }
        };
    }

    private static DpNashViLearner learner(CountShape shape, RandomGenerator evaluation, boolean singleAgent) {
        DpNashViConfig config = DpNashViConfig.practical(1, 0.1, 0.1, 1.0, Truncation.H);
        CountReleases releases = new CountReleases(shape, 1, 0.0, new NonPrivateCountsPrivatizer(1),
                PrivacyLedger.unaccounted(), NoiseSource.seeded(1));
        double[][][] rewards = new double[1][1][shape.jointActions()];
        DpNashViLearner learner = new DpNashViLearner(shape, config, rewards, releases, scripted(0.5), evaluation,
                TrialMetrics.discarding(), singleAgent);
        Observation[] start = {Observation.discrete(0)};
        learner.beginEpisode(0, start); // plans pi^1, the output so far
        return learner;
    }

    /**
     * Draws (u_max, u_min) and the expected actions, each derived from the cumulative marginals in the class
     * comment: (0.2, 0.5) gives a = 0 (0.2 &lt; 0.25) and b = 1 (0.25 &lt;= 0.5 &lt; 0.625), the pair (0, 1), whereas
     * the correlated draw of 0.2 on the cumulative joint (1, 3, 4, ...)/16 gives the pair (0, 2); (0.9, 0.1) gives
     * (1, 0), the joint draw (1, 2); (0.25, 0.25) sits on both first boundaries, which are not exceeded: (1, 1);
     * (1.0, 1.0) exceeds no cumulative sum and falls back to the last actions: (1, 2).
     */
    @Test
    void evaluationModeDrawsEachPlayerFromItsOwnMarginal() {
        double[][] draws = {{0.2, 0.5}, {0.9, 0.1}, {0.25, 0.25}, {1.0, 1.0}};
        int[][] expected = {{0, 1}, {1, 0}, {1, 1}, {1, 2}};
        CountShape shape = new CountShape(1, 1, 2, 3);
        for (int i = 0; i < draws.length; i++) {
            DpNashViLearner learner = learner(shape, scripted(draws[i]), false);
            double[] output = learner.algorithm().outputPolicy().table()[0][0];
            double[] pi = {1 / 16.0, 2 / 16.0, 1 / 16.0, 3 / 16.0, 4 / 16.0, 5 / 16.0};
            System.arraycopy(pi, 0, output, 0, pi.length);
            learner.evaluationMode(true);
            assertArrayEquals(expected[i], learner.act(0, new Observation[] {Observation.discrete(0)}),
                    "uniforms " + draws[i][0] + ", " + draws[i][1]);
        }
    }

    /**
     * A = 3, B = 2 with {@code pi_out(a, b)} = (1, 1 | 2, 2 | 4, 6)/16: {@code mu_out} = (2, 4, 10)/16 with cumulative
     * sums (0.125, 0.375, 1) and {@code nu_out} = (7, 9)/16 with cumulative sums (0.4375, 1). The draws (0.3, 0.5)
     * give a = 1 (0.125 &lt;= 0.3 &lt; 0.375) and b = 1 (0.4375 &lt;= 0.5 &lt; 1).
     */
    @Test
    void threeMaxActionsUseTheRowSums() {
        DpNashViLearner learner = learner(new CountShape(1, 1, 3, 2), scripted(0.3, 0.5), false);
        double[] output = learner.algorithm().outputPolicy().table()[0][0];
        double[] pi = {1 / 16.0, 1 / 16.0, 2 / 16.0, 2 / 16.0, 4 / 16.0, 6 / 16.0};
        System.arraycopy(pi, 0, output, 0, pi.length);
        learner.evaluationMode(true);
        assertArrayEquals(new int[] {1, 1}, learner.act(0, new Observation[] {Observation.discrete(0)}));
    }

    /**
     * Training mode is unchanged: one uniform from the policy stream on the joint {@code pi^k}. A draw of 1.0 exceeds
     * no cumulative sum (at most 1), so the last joint action (1, of A = 2 with B = 1) is played.
     */
    @Test
    void trainingFallsBackToTheLastJointAction() {
        CountShape shape = new CountShape(1, 1, 2, 1);
        CountReleases releases = new CountReleases(shape, 1, 0.0, new NonPrivateCountsPrivatizer(1),
                PrivacyLedger.unaccounted(), NoiseSource.seeded(1));
        DpNashViLearner learner = new DpNashViLearner(shape, DpNashViConfig.practical(1, 0.1, 0.1, 1.0, Truncation.H),
                new double[1][1][2], releases, scripted(1.0), scripted(), TrialMetrics.discarding(), true);
        Observation[] start = {Observation.discrete(0)};
        learner.beginEpisode(0, start);
        assertArrayEquals(new int[] {1}, learner.act(0, start));
    }

    /**
     * A single agent (B = 1) draws one uniform, on its only marginal, which is the joint distribution: output (0.25,
     * 0.75) and u = 0.3 give action 1 (0.3 &gt;= 0.25, 0.3 &lt; 1); a second draw would fail the scripted generator.
     */
    @Test
    void singleAgentDrawsOneUniform() {
        DpNashViLearner learner = learner(new CountShape(1, 1, 2, 1), scripted(0.3), true);
        double[] output = learner.algorithm().outputPolicy().table()[0][0];
        output[0] = 0.25;
        output[1] = 0.75;
        learner.evaluationMode(true);
        int[] action = learner.act(0, new Observation[] {Observation.discrete(0)});
        assertEquals(1, action.length);
        assertEquals(1, action[0]);
    }
}
