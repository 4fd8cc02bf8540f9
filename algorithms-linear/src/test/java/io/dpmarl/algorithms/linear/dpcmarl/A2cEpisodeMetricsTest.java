package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The metrics {@link DpcMarlA2c} records at the end of an episode, from their definitions: {@code actor_loss} and
 * {@code critic_loss} are the means over the episode's updates of the mean over agents of each agent's A2C losses
 * ({@code L_actor = -(1/n) sum_t A_t log pi(a_t)}, {@code L_critic = (1/n) sum_t (R_t - V_t)^2 / 2}), and
 * {@code critic_mean_abs_weight} the mean over exchanges and agents of the mean absolute value of the critic each
 * agent released (its own, before noise).
 *
 * <p>Setting, chosen so every value is known by hand: two agents on the path 0 - 1, one observation feature that is
 * always 0, two actions, one hidden unit, rollouts of 2 steps, {@code gamma = 0} (so {@code R_t = r_t}), entropy
 * weight 0. Actors all 0: {@code pi = (1/2, 1/2)}, so {@code L_actor = (ln 2 / n) sum_t A_t}. Critics
 * {@code V = relu(w o + 1) = 1} for any first-layer weight {@code w} on the (zero) observation: agent 0 has
 * {@code w = 4}, agent 1 {@code w = -2}, the other seven parameters are {@code 0, 0, 1 (b0), 1, 0, 1, 0}. Learning
 * rates 1e-12: an RMSProp step moves a parameter by at most {@code lr |g| / sqrt(s)} with
 * {@code s >= (1 - 0.99) g^2}, so by at most {@code 10 lr = 1e-11}, which the tolerance 1e-9 covers; the values
 * below are those of the hand-set networks.
 */
class A2cEpisodeMetricsTest {
    private static final double TOLERANCE = 1e-9;
    private static final double LN2 = Math.log(2);
    private static final Observation[] ZERO = {Observation.vector(0.0), Observation.vector(0.0)};

    static EnvironmentInfo twoAgents(int width, int actions) {
        double[] low = new double[width];
        double[] high = new double[width];
        java.util.Arrays.fill(low, -9);
        java.util.Arrays.fill(high, 9);
        return new EnvironmentInfo("hand-set", 2, List.of(new Space.Box(low, high), new Space.Box(low, high)),
                List.of(new Space.Discrete(actions), new Space.Discrete(actions)), 100,
                GameType.finite(GameType.Utility.COOPERATIVE));
    }

    static A2cSettings.Builder tiny() {
        return A2cSettings.builder().actorLearningRate(1e-12).criticLearningRate(1e-12).rollout(2).gamma(0)
                .hidden(1).entropyWeight(0).rewardScale(1.0);
    }

    private static DpcMarlA2c learner(Channel channel, List<MetricRecord> rows) {
        DpcMarlA2c learner = new DpcMarlA2c(twoAgents(1, 2), CommunicationGraph.path(2), tiny().build(),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, channel,
                new RandomGenerator[] {new SplittableRandom(1), new SplittableRandom(2)},
                new RandomGenerator[] {new SplittableRandom(3), new SplittableRandom(4)}, new TrialMetrics(rows::add));
        // critic 3 -> 1 -> 1 -> 1 (observation, one slot of two actions): W0, b0, W1, b1, W2, b2
        learner.agent(0).critic().setParameters(new double[] {4, 0, 0, 1, 1, 0, 1, 0});
        learner.agent(1).critic().setParameters(new double[] {-2, 0, 0, 1, 1, 0, 1, 0});
        for (int i = 0; i < 2; i++) {
            learner.agent(i).actor().setParameters(new double[8]);
        }
        return learner;
    }

    /** Plays one episode of the given per-step rewards (agent 0, agent 1); the last step ends it if {@code ends}. */
    static void episode(DpcMarlA2c learner, int episode, double[][] rewards, boolean ends) {
        learner.beginEpisode(episode, ZERO);
        for (int t = 0; t < rewards.length; t++) {
            int[] joint = learner.act(t, ZERO);
            boolean last = ends && t == rewards.length - 1;
            learner.observe(t, joint, new StepResult(ZERO, rewards[t], false, last, Map.of()));
        }
        learner.endEpisode(episode);
    }

    private static Optional<Double> value(List<MetricRecord> rows, String metric) {
        Optional<Double> out = Optional.empty();
        for (MetricRecord row : rows) {
            if (row.metric().equals(metric)) {
                assertTrue(out.isEmpty(), "one " + metric + " row per episode");
                out = Optional.of(row.value());
            }
        }
        return out;
    }

    @Test
    void lossesAndNoiseBaseAreMeansOverAgentsAndUpdates() {
        List<MetricRecord> rows = new ArrayList<>();
        DpcMarlA2c learner = learner(Channel.clear("critic"), rows);
        // rewards agent 0: 1, 2, 3, 4; agent 1: 0, 0, 2, -2; advantages A = r - 1.
        // update 1 (steps 0, 1): agent 0 A = (0, 1), agent 1 A = (-1, -1); update 2: (2, 3) and (1, -3).
        // actor:  agent 0 (1/2) ln2, agent 1 -ln2 | 2.5 ln2, -ln2; per update -0.25 ln2 and 0.75 ln2; mean 0.25 ln2
        // critic: (1/4) sum A^2: 0.25, 0.5 | 3.25, 2.5; per update 0.375 and 2.875; mean 1.625
        // noise base: exchange 1 releases w = 4 (mean |.| = 7/8) and w = -2 (5/8): 0.75; the consensus
        // (self plus neighbour, halves) leaves w = 1 in both (4/8): 0.5 at exchange 2; mean 0.625
        episode(learner, 0, new double[][] {{1, 0}, {2, 0}, {3, 2}, {4, -2}}, true);
        assertEquals(0.25 * LN2, value(rows, DpcMarlA2c.ACTOR_LOSS).orElseThrow(), TOLERANCE);
        assertEquals(1.625, value(rows, DpcMarlA2c.CRITIC_LOSS).orElseThrow(), TOLERANCE);
        assertEquals(0.625, value(rows, DpcMarlA2c.NOISE_BASE).orElseThrow(), TOLERANCE);
        assertEquals(0.0, value(rows, DpcMarlA2c.COLLAPSED).orElseThrow(), 0.0);
        assertTrue(value(rows, DpcMarlA2c.CLIPS).isEmpty(), "a clear channel clips nothing and records no clips");
        assertEquals(2, learner.rounds());
        assertFalse(learner.collapsed());

        // the next episode's means start afresh: rewards 1 give A = 0 (losses 0); both critics have w = 1: 0.5
        rows.clear();
        episode(learner, 1, new double[][] {{1, 1}, {1, 1}}, true);
        assertEquals(0.0, value(rows, DpcMarlA2c.ACTOR_LOSS).orElseThrow(), TOLERANCE);
        assertEquals(0.0, value(rows, DpcMarlA2c.CRITIC_LOSS).orElseThrow(), TOLERANCE);
        assertEquals(0.5, value(rows, DpcMarlA2c.NOISE_BASE).orElseThrow(), TOLERANCE);

        // an episode cut after one step (a step budget) makes no update: no means (not 0/0), only the collapse flag
        rows.clear();
        episode(learner, 2, new double[][] {{5, 5}}, false);
        assertTrue(value(rows, DpcMarlA2c.ACTOR_LOSS).isEmpty());
        assertTrue(value(rows, DpcMarlA2c.CRITIC_LOSS).isEmpty());
        assertTrue(value(rows, DpcMarlA2c.NOISE_BASE).isEmpty());
        assertEquals(0.0, value(rows, DpcMarlA2c.COLLAPSED).orElseThrow(), 0.0);
        assertEquals(3, learner.rounds(), "the cut rollout was dropped, not exchanged");

        // ... and its step is not carried into the next episode: two steps make exactly one rollout again
        rows.clear();
        episode(learner, 3, new double[][] {{1, 1}, {1, 1}}, false);
        assertEquals(4, learner.rounds());
        assertEquals(0.0, value(rows, DpcMarlA2c.CRITIC_LOSS).orElseThrow(), TOLERANCE);
    }

    @Test
    void clippedExchangesCountTheirClips() {
        // C = 0.5 is below every critic's L1 norm: 7 and 5 at the first exchange; after it each critic is the mean
        // of its own and the neighbour's release (L1 at most C plus noise of scale 2C / 1e6 per coordinate), so its
        // norm is at least (5 - 0.5) / 2 less the noise, still above C. Each agent's release is clipped at both
        // exchanges of the episode: 2 agents x 2 exchanges = 4 clips
        List<MetricRecord> rows = new ArrayList<>();
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1e6, 0.5, 8);
        DpcMarlA2c learner = learner(Channel.privateChannel("critic", privatizer, PrivacyLedger.unaccounted(),
                NoiseSource.seeded(5)), rows);
        episode(learner, 0, new double[][] {{1, 0}, {2, 0}, {3, 2}, {4, -2}}, true);
        assertEquals(4.0, value(rows, DpcMarlA2c.CLIPS).orElseThrow(), 0.0);
    }

    @Test
    void aClippedChannelTooNarrowForTheCriticIsRefusedWhenTheLearnerIsBuilt() {
        // the critic has 8 parameters; max-coordinates 7 cannot carry it
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1.0, 0.5, 7);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> learner(
                Channel.privateChannel("critic", privatizer, ledger, NoiseSource.seeded(5)), new ArrayList<>()));
        assertTrue(error.getMessage().contains("max-coordinates"), error.getMessage());
        assertEquals(0, ledger.charges());
    }
}
