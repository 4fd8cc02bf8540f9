package io.dpmarl.examples.learnerplugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.LearnerConformance;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The learner's release streams: what it charges, the declared length, the clipping; a refused privatizer and a
 * refused environment; and the learner kit's rule that a learner never reads the environment's exact model.
 */
class TeamQLearnerTest {
    private final Registry registry = Registry.discover();
    private final List<MetricRecord> rows = new ArrayList<>();

    /** A pipeline of {@code episodes} on {@code environment} with {@code learner}, basic composition. */
    private Pipeline pipeline(String environmentSpec, String learnerSpec, Schedule schedule) {
        RandomStreams streams = RandomStreams.of(3);
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class,
                "basic"), 1e-6);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, environmentSpec);
        TrialMetrics metrics = new TrialMetrics(rows::add);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(environment),
                registry, metrics, Optional.of(schedule));
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, learnerSpec, context);
        return Pipeline.builder().environment(environment).learner(learner).ledger(ledger).streams(streams)
                .metrics(metrics).build();
    }

    /**
     * 10 episodes of 4 stages: each agent's 40 rewards go through its own stream, so agent/0 and agent/1 each hold
     * 40 releases of Laplace(epsilon = 0.5), 40 x 0.5 = 20 under basic composition, and nothing else is charged.
     */
    @Test
    void chargesEachAgentsRewardsToItsOwnKey() {
        Pipeline pipeline = pipeline("relay-chain(length=3, slip=0, horizon=4)",
                "team-q(privatizer=laplace(epsilon=0.5, sensitivity=1))", Schedule.episodes(10));
        pipeline.run(new TrialId("charges", 0, 3), Schedule.episodes(10));
        PrivacyLedger ledger = pipeline.ledger();
        for (int agent = 0; agent < 2; agent++) {
            assertEquals(40, ledger.releases(LedgerKey.agent(agent)));
            assertEquals(20.0, ledger.epsilon(LedgerKey.agent(agent), 1e-6), 1e-9);
        }
        assertEquals(80, ledger.charges());
        assertEquals(20.0, ledger.maxEpsilon(1e-6), 1e-9);
    }

    /**
     * The streams declare the schedule's length (10 episodes x 4 stages = 40 per agent): one more training episode
     * on the same learner is refused at its first release and charges nothing. A learner that declared no length,
     * or a longer one, would let it through.
     */
    @Test
    void declaresTheSchedulesLength() {
        Pipeline pipeline = pipeline("relay-chain(length=3, slip=0, horizon=4)",
                "team-q(privatizer=laplace(epsilon=0.5, sensitivity=1))", Schedule.episodes(10));
        pipeline.run(new TrialId("length", 0, 3), Schedule.episodes(10));
        assertThrows(IllegalStateException.class, () -> pipeline.run(new TrialId("length", 0, 3),
                Schedule.episodes(1)));
        assertEquals(40, pipeline.ledger().releases(LedgerKey.agent(0)));
    }

    /**
     * relay-chain(length=3, horizon=1) pays 0 at every step (the token cannot reach state 2 in one step). With
     * reward-min 0.5 and sensitivity 0.25 the accepted range is [0.5, 0.75], so all 5 x 1 x 2 = 10 rewards are
     * clipped; the metric after episode e counts 2 e. With reward-min 0 nothing is clipped.
     */
    @Test
    void clipsAndCountsRewardsOutsideTheSensitivityRange() {
        pipeline("relay-chain(length=3, slip=0, horizon=1)",
                "team-q(privatizer=laplace(epsilon=1, sensitivity=0.25), reward-min=0.5)", Schedule.episodes(5))
                .run(new TrialId("clips", 0, 3), Schedule.episodes(5));
        assertEquals(List.of(2.0, 4.0, 6.0, 8.0, 10.0), clipped());
        rows.clear();
        pipeline("relay-chain(length=3, slip=0, horizon=1)",
                "team-q(privatizer=laplace(epsilon=1, sensitivity=0.25), reward-min=0)", Schedule.episodes(5))
                .run(new TrialId("clips", 0, 3), Schedule.episodes(5));
        assertEquals(List.of(0.0, 0.0, 0.0, 0.0, 0.0), clipped());
    }

    /** Without a privatizer nothing is charged and no clip metric is recorded. */
    @Test
    void nonPrivateChargesNothing() {
        Pipeline pipeline = pipeline("relay-chain", "team-q", Schedule.episodes(5));
        pipeline.run(new TrialId("plain", 0, 3), Schedule.episodes(5));
        assertEquals(0, pipeline.ledger().charges());
        assertEquals(List.of(), clipped());
    }

    /** A privatizer that cannot release a Scalar reward is refused when the learner is created. */
    @Test
    void refusesAPrivatizerWithoutScalars() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> pipeline("relay-chain",
                "team-q(privatizer=randomized-response(epsilon=1, k=2))", Schedule.episodes(1)));
        assertTrue(refused.getMessage().startsWith("team-q: parameter 'privatizer' must name a privatizer that "
                + "accepts Scalar statistics; 'randomized-response' accepts"), refused.getMessage());
    }

    /** An environment with continuous observations is refused when the learner is created, naming it. */
    @Test
    void refusesContinuousObservations() {
        EnvironmentInfo continuous = new EnvironmentInfo("continuous-demo", 2,
                List.of(new Space.Box(new double[] {0}, new double[] {1}), new Space.Box(new double[] {0},
                        new double[] {1})), List.of(new Space.Discrete(2), new Space.Discrete(2)), 3,
                GameType.finite(GameType.Utility.COOPERATIVE));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new TeamQLearner(
                continuous, 0.5, 0.1, RandomStreams.of(1).stream("x"), Optional.empty(), 0, 0,
                TrialMetrics.discarding()));
        assertEquals("team-q needs discrete observations; continuous-demo has Box observations",
                refused.getMessage());
    }

    /**
     * relay-chain offers its exact model ({@code TabularModel}); the learner kit runs team-q (with and without a
     * privatizer) on it and fails if the provider or an episode asks for that model. Only {@code value-gap}, an
     * evaluator, may read it.
     */
    @Test
    void readsNoExactModel() {
        LearnerConformance.checkReadsNoExactModel(registry, "team-q", registry.create(PluginKind.ENVIRONMENT,
                Environment.class, "relay-chain"));
        LearnerConformance.checkReadsNoExactModel(registry, "team-q(privatizer=laplace(epsilon=1, sensitivity=1))",
                registry.create(PluginKind.ENVIRONMENT, Environment.class,
                        "relay-chain(length=2, slip=0.5, horizon=3)"));
    }

    private List<Double> clipped() {
        return rows.stream().filter(row -> row.metric().equals(TeamQLearner.REWARDS_CLIPPED))
                .map(MetricRecord::value).toList();
    }
}
