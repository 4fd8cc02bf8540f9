package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The return after a rollout's last step: 0 when the episode terminated; the critic's value at the next observation
 * at a rollout boundary, and also at a time-limit truncation when {@code time-limit=bootstrap} (time limits are not
 * terminal states). One agent, one observation feature, two actions, a critic set by hand to {@code V = 2}
 * everywhere, reward 1, {@code gamma = 0.9}, rollouts of one step, so the critic loss {@code (V - R)^2 / 2} shows the
 * return: terminal {@code R = 1}, loss 0.5; bootstrapped {@code R = 1 + 0.9 * 2 = 2.8}, loss 0.32.
 */
class TruncationBootstrapTest {
    private static final double TOLERANCE = 1e-12;
    private static final double TERMINAL_LOSS = 0.5 * (2 - 1) * (2 - 1);
    private static final double BOOTSTRAP_LOSS = 0.5 * (2 - 2.8) * (2 - 2.8);

    private static double criticLoss(boolean bootstrapTruncated, boolean terminated, boolean truncated) {
        A2cSettings settings = A2cSettings.builder().actorLearningRate(1e-3).criticLearningRate(1e-3).rollout(1)
                .gamma(0.9).hidden(1).entropyWeight(0).rewardScale(1.0).bootstrapTruncated(bootstrapTruncated).build();
        EnvironmentInfo info = new EnvironmentInfo("one-state", 1,
                List.of(new Space.Box(new double[] {-1}, new double[] {1})), List.of(new Space.Discrete(2)), 10,
                GameType.finite(GameType.Utility.COOPERATIVE));
        List<MetricRecord> rows = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(rows::add);
        DpcMarlA2c learner = new DpcMarlA2c(info, CommunicationGraph.path(1), settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"),
                new RandomGenerator[] {new SplittableRandom(1)}, new RandomGenerator[] {new SplittableRandom(2)},
                metrics);
        // critic 1 -> 1 -> 1 -> 1: W0 = 0, b0 = 2, then identity layers: V = relu(relu(2)) = 2 everywhere
        learner.agent(0).critic().setParameters(new double[] {0, 2, 1, 0, 1, 0});
        Observation[] observation = {Observation.vector(0.5)};
        learner.beginEpisode(0, observation);
        int[] joint = learner.act(0, observation);
        learner.observe(0, joint, new StepResult(observation, new double[] {1.0}, terminated, truncated, Map.of()));
        learner.endEpisode(0);
        return rows.stream().filter(row -> row.metric().equals(DpcMarlA2c.CRITIC_LOSS)).findFirst()
                .orElseThrow().value();
    }

    @Test
    void terminationEndsTheReturnEitherWay() {
        assertEquals(TERMINAL_LOSS, criticLoss(false, true, false), TOLERANCE);
        assertEquals(TERMINAL_LOSS, criticLoss(true, true, false), TOLERANCE);
    }

    @Test
    void aRolloutBoundaryBootstrapsEitherWay() {
        assertEquals(BOOTSTRAP_LOSS, criticLoss(false, false, false), TOLERANCE);
        assertEquals(BOOTSTRAP_LOSS, criticLoss(true, false, false), TOLERANCE);
    }

    @Test
    void aTruncationBootstrapsOnlyWhenAsked() {
        assertEquals(TERMINAL_LOSS, criticLoss(false, false, true), TOLERANCE);
        assertEquals(BOOTSTRAP_LOSS, criticLoss(true, false, true), TOLERANCE);
    }

    /**
     * Two one-step rollouts in one episode, the first at a rollout boundary (bootstrapped from {@code V = 2}) and the
     * second terminated: the second return is {@code R = 1} again, not the first rollout's bootstrap carried over, so
     * the episode's mean critic loss is {@code (0.32 + 0.5) / 2 = 0.41} (a carried-over bootstrap would give
     * {@code (0.32 + 0.32) / 2}). The critic's learning rate of 1e-9 keeps {@code V} at 2 to about 1e-8 after the
     * first update (RMSProp moves a parameter by at most about 10 times the learning rate per step).
     */
    @Test
    void aTerminationAfterABootstrappedRolloutEndsAtZero() {
        A2cSettings settings = A2cSettings.builder().actorLearningRate(1e-9).criticLearningRate(1e-9).rollout(1)
                .gamma(0.9).hidden(1).entropyWeight(0).rewardScale(1.0).build();
        EnvironmentInfo info = new EnvironmentInfo("one-state", 1,
                List.of(new Space.Box(new double[] {-1}, new double[] {1})), List.of(new Space.Discrete(2)), 10,
                GameType.finite(GameType.Utility.COOPERATIVE));
        List<MetricRecord> rows = new ArrayList<>();
        DpcMarlA2c learner = new DpcMarlA2c(info, CommunicationGraph.path(1), settings,
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"),
                new RandomGenerator[] {new SplittableRandom(1)}, new RandomGenerator[] {new SplittableRandom(2)},
                new TrialMetrics(rows::add));
        learner.agent(0).critic().setParameters(new double[] {0, 2, 1, 0, 1, 0});
        Observation[] observation = {Observation.vector(0.5)};
        learner.beginEpisode(0, observation);
        learner.observe(0, learner.act(0, observation),
                new StepResult(observation, new double[] {1.0}, false, false, Map.of()));
        learner.observe(1, learner.act(1, observation),
                new StepResult(observation, new double[] {1.0}, true, false, Map.of()));
        learner.endEpisode(0);
        double meanLoss = rows.stream().filter(row -> row.metric().equals(DpcMarlA2c.CRITIC_LOSS)).findFirst()
                .orElseThrow().value();
        assertEquals((BOOTSTRAP_LOSS + TERMINAL_LOSS) / 2, meanLoss, 1e-6);
    }

    @Test
    void timeLimitParameterNamesItsValues() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new DpcMarlA2cProvider().parameters().resolve("dpc-marl-a2c",
                        Map.of("time-limit", "discard")));
        assertTrue(error.getMessage().contains("time-limit") && error.getMessage().contains("bootstrap"),
                error.getMessage());
    }
}
