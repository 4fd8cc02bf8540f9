package io.dpmarl.algorithms.tabular.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.tabular.nashvi.CorrelatedPolicy;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The exact evaluators on models small enough to solve by hand (tests added after a PIT survey of
 * {@code evaluate}; every expected value is derived in the comment above it).
 *
 * <p>The team model: two agents with 2 and 1 actions (so the joint action j is agent 0's action), S = 2, H = 2,
 * initial distribution rho = (1/4, 3/4). At stage 1, j = 0 leads to state 0 and j = 1 to state 1 from either state.
 * Rewards (agent 0, agent 1), the team reward is their mean:
 * <pre>
 *   stage 1: s0: j0 (0, 1) -> 0.5,  j1 (0.5, 0.5) -> 0.5;   s1: j0 (0, 0) -> 0,  j1 (0, 0.5) -> 0.25
 *   stage 2: s0: j0 (1, 0) -> 0.5,  j1 (0, 0) -> 0;         s1: j0 (0, 0) -> 0,  j1 (1, 1) -> 1
 * </pre>
 * Optimum: V*_2 = (0.5, 1); stage 1 s0: max(0.5 + 0.5, 0.5 + 1) = 1.5, s1: max(0 + 0.5, 0.25 + 1) = 1.25;
 * V*_1(rho) = 0.25 * 1.5 + 0.75 * 1.25 = 1.3125. Always j = 0: V_2 = (0.5, 0), stage 1 s0: 0.5 + 0.5 = 1,
 * s1: 0 + 0.5 = 0.5, V_1(rho) = 0.25 + 0.375 = 0.625, regret 0.6875 per episode. The optimal state-dependent policy
 * (stage 1: j = 1 in both states; stage 2: j = 0 in s0, j = 1 in s1) has regret exactly 0.
 */
class ExactEvaluatorsMutationKillTest {
    private static final Registry REGISTRY = Registry.discover();

    private static HandModel teamModel() {
        double[][] toZero = {{1, 0}, {0, 1}};
        double[][] stay0 = {{1, 0}, {1, 0}};
        double[][] stay1 = {{0, 1}, {0, 1}};
        double[][][][] transitions = {{toZero, toZero}, {stay0, stay1}};
        double[][][][] rewards = {
            {{{0, 1}, {0.5, 0.5}}, {{0, 0}, {0, 0.5}}},
            {{{1, 0}, {0, 0}}, {{0, 0}, {1, 1}}}};
        return new HandModel(GameType.Utility.COOPERATIVE, new int[] {2, 1}, new double[] {0.25, 0.75},
                transitions, rewards);
    }

    /**
     * A policy given by its joint table {@code [h][s][j]}; it insists on the evaluators' documented way of asking
     * (every agent observes the state s), so a table built any other way fails.
     */
    private static Policy tablePolicy(double[][][] table, int agents) {
        return new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                assertEquals(agents, observations.length);
                for (Observation observation : observations) {
                    assertEquals(observations[0].state(), observation.state(), "every agent observes s");
                }
                return table[stage][observations[0].state()].clone();
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                throw new UnsupportedOperationException();
            }
        };
    }

    /** The same joint distribution at every (h, s) of an H x S model. */
    private static double[][][] constant(int horizon, int states, double... joint) {
        double[][][] table = new double[horizon][states][];
        for (double[][] stage : table) {
            for (int s = 0; s < states; s++) {
                stage[s] = joint.clone();
            }
        }
        return table;
    }

    /** A learner with an output policy and, if {@code deployed} is non-null, another policy it plays. */
    private static Learner learner(Policy output, Policy deployed) {
        if (deployed == null) {
            return new FixedLearner(output);
        }
        return new DeployingLearner(output, deployed);
    }

    private static class FixedLearner implements Learner {
        private final Policy output;

        FixedLearner(Policy output) {
            this.output = output;
        }

        @Override
        public void beginEpisode(int episode, Observation[] observations) {
        }

        @Override
        public int[] act(int stage, Observation[] observations) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void observe(int stage, int[] jointAction, StepResult result) {
        }

        @Override
        public void endEpisode(int episode) {
        }

        @Override
        public Policy policy() {
            return output;
        }
    }

    private static final class DeployingLearner extends FixedLearner implements DeployedPolicy {
        private final Policy deployed;

        DeployingLearner(Policy output, Policy deployed) {
            super(output);
            this.deployed = deployed;
        }

        @Override
        public Policy deployedPolicy() {
            return deployed;
        }
    }

    private static List<MetricRecord> run(Evaluator evaluator, Environment environment, Learner learner,
                                          int episodes) {
        List<MetricRecord> rows = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(rows::add);
        for (int episode = 0; episode < episodes; episode++) {
            metrics.step(episode + 1);
            EvaluationContext context = new EvaluationContext(environment, learner, episode, metrics);
            evaluator.beforeEpisode(context);
            evaluator.afterEpisode(context);
        }
        return rows;
    }

    private static List<Double> values(List<MetricRecord> rows) {
        return rows.stream().map(MetricRecord::value).toList();
    }

    private static Evaluator create(String spec, Environment environment, Optional<Schedule> schedule) {
        PluginContext context = PluginContext.standalone(REGISTRY).withEnvironment(environment);
        if (schedule.isPresent()) {
            context = context.withSchedule(schedule.get());
        }
        return REGISTRY.create(PluginKind.EVALUATOR, Evaluator.class, spec, context);
    }

    /** The optimum and the regret of always j = 0 (values in the class comment). */
    @Test
    void teamOptimumAndRegretOnTheHandModel() {
        HandModel model = teamModel();
        TeamRegretEvaluator evaluator = new TeamRegretEvaluator(model, 2);
        assertEquals(1.3125, evaluator.optimum(), 1e-12);
        List<MetricRecord> rows = run(evaluator, model, learner(tablePolicy(constant(2, 2, 1, 0), 2), null), 2);
        assertEquals(2, rows.size());
        assertEquals(0.6875, rows.get(0).value(), 1e-12);
        assertEquals(1.375, rows.get(1).value(), 1e-12);
        assertEquals(ZeroSumRegretEvaluator.CUMULATIVE_REGRET, rows.get(0).metric());
    }

    /**
     * The uniform policy (1/2, 1/2) everywhere: V_2 = (0.25, 0.5); stage 1 s0: 0.5 (0.5 + 0.25) + 0.5 (0.5 + 0.5)
     * = 0.875, s1: 0.5 (0 + 0.25) + 0.5 (0.25 + 0.5) = 0.5; V_1(rho) = 0.21875 + 0.375 = 0.59375, regret 0.71875.
     * The optimal state-dependent policy has regret 0.
     */
    @Test
    void teamRegretOfMixedAndStateDependentPolicies() {
        HandModel model = teamModel();
        List<MetricRecord> uniform = run(new TeamRegretEvaluator(model, 2), model,
                learner(tablePolicy(constant(2, 2, 0.5, 0.5), 2), null), 1);
        assertEquals(0.71875, uniform.get(0).value(), 1e-12);
        double[][][] optimal = {{{0, 1}, {0, 1}}, {{1, 0}, {0, 1}}};
        List<MetricRecord> best = run(new TeamRegretEvaluator(model, 2), model,
                learner(tablePolicy(optimal, 2), null), 3);
        assertEquals(List.of(0.0, 0.0, 0.0), values(best));
    }

    /**
     * The regret evaluators judge the policy played in the episode (the learner's {@link DeployedPolicy}), the
     * Nash gap the output policy. Team model: output optimal (regret 0), deployed always j = 0 (0.6875 per
     * episode). Matching pennies on [0, 1]: output uniform (gap 0), deployed heads-heads (gap 1).
     */
    @Test
    void regretsReadTheDeployedPolicyAndTheGapTheOutput() {
        HandModel model = teamModel();
        double[][][] optimal = {{{0, 1}, {0, 1}}, {{1, 0}, {0, 1}}};
        Learner team = learner(tablePolicy(optimal, 2), tablePolicy(constant(2, 2, 1, 0), 2));
        assertEquals(List.of(0.6875, 1.375), values(run(new TeamRegretEvaluator(model, 2), model, team, 2)));

        Environment pennies = REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, "matching-pennies");
        Learner zeroSum = learner(tablePolicy(constant(1, 1, 0.25, 0.25, 0.25, 0.25), 2),
                tablePolicy(constant(1, 1, 1, 0, 0, 0), 2));
        assertEquals(List.of(1.0, 2.0), values(run(create("zero-sum-regret", pennies, Optional.empty()), pennies,
                zeroSum, 2)));
        assertEquals(0.0, run(create("nash-gap", pennies, Optional.empty()), pennies, zeroSum, 1).get(0).value(),
                1e-12);
    }

    /**
     * A single-agent game (B = 1) is a zero-sum game with a trivial min player: one state, one stage, rewards (1, 0.25)
     * for the two actions; always action 1 has gap V* - V = 1 - 0.25 = 0.75, and the same regret per episode
     * against the team optimum 1 (one agent: the team reward is the agent's).
     */
    @Test
    void singleAgentGamesAreAccepted() {
        TabularZeroSumGame bandit = new TabularZeroSumGame("bandit", 2, 1, new double[][][][] {{{{1}, {1}}}},
                new double[][][] {{{1, 0.25}}}, true);
        Learner second = learner(tablePolicy(constant(1, 1, 0, 1), 1), null);
        assertEquals(0.75, run(create("nash-gap", bandit, Optional.empty()), bandit, second, 1).get(0).value(),
                1e-12);
        assertEquals(List.of(0.75, 1.5), values(run(create("zero-sum-regret", bandit, Optional.empty()), bandit,
                second, 2)));
        assertEquals(List.of(0.75), values(run(create("team-regret", bandit, Optional.empty()), bandit, second, 1)));
        CorrelatedPolicy table = ExactPolicyTables.correlated(tablePolicy(constant(1, 1, 0, 1), 1), bandit);
        assertEquals(2, table.numActionsMax());
        assertEquals(1, table.numActionsMin());
    }

    /** A correlated policy is used as it is (the documented no-copy path). */
    @Test
    void correlatedPoliciesAreNotCopied() {
        TabularZeroSumGame pennies = (TabularZeroSumGame) REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class,
                "matching-pennies");
        CorrelatedPolicy policy = new CorrelatedPolicy(2, 2, constant(1, 1, 1, 0, 0, 0));
        assertSame(policy, ExactPolicyTables.correlated(policy, pennies));
    }

    /**
     * zero-sum-regret records after episodes every, 2 every, ... counted from 1: with every = 3 over 7 episodes of
     * heads-heads on matching pennies (gap 1 each) that is after episodes 3 and 6, with the sums 3 and 6.
     */
    @Test
    void zeroSumRegretRecordsEveryThirdEpisodeCountedFromOne() {
        Environment pennies = REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, "matching-pennies");
        Learner heads = learner(tablePolicy(constant(1, 1, 1, 0, 0, 0), 2), null);
        List<MetricRecord> rows = run(create("zero-sum-regret(every=3)", pennies, Optional.empty()), pennies, heads, 7);
        assertEquals(List.of(3L, 6L), rows.stream().map(MetricRecord::step).toList());
        assertEquals(List.of(3.0, 6.0), values(rows));
    }

    /**
     * The last episode is recorded only when the schedule counts episodes: with every = 4 over 10 episodes, a schedule
     * of 10 steps (or none) gives records after episodes 4 and 8 only.
     */
    @Test
    void nashGapRecordsTheLastEpisodeOnlyForAnEpisodeSchedule() {
        Environment pennies = REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, "matching-pennies");
        Learner heads = learner(tablePolicy(constant(1, 1, 1, 0, 0, 0), 2), null);
        for (Optional<Schedule> schedule : List.of(Optional.of(Schedule.steps(10)), Optional.<Schedule>empty())) {
            List<MetricRecord> rows = run(create("nash-gap(every=4)", pennies, schedule), pennies, heads, 10);
            assertEquals(List.of(4L, 8L), rows.stream().map(MetricRecord::step).toList(), schedule.toString());
            assertEquals(NashGapEvaluator.NASH_GAP, rows.get(0).metric());
        }
    }

    /**
     * Refusals name the evaluator: the zero-sum evaluators refuse a cooperative game, team-regret a zero-sum one, and
     * all three an environment without an exact tabular model.
     */
    @Test
    void refusalsNameTheEvaluator() {
        HandModel team = teamModel();
        assertEquals("nash-gap needs a two-player zero-sum game, got COOPERATIVE",
                assertThrows(IllegalArgumentException.class, () -> create("nash-gap", team, Optional.empty()))
                        .getMessage());
        assertEquals("zero-sum-regret needs a two-player zero-sum game, got COOPERATIVE",
                assertThrows(IllegalArgumentException.class, () -> create("zero-sum-regret", team, Optional.empty()))
                        .getMessage());
        for (String name : List.of("nash-gap", "zero-sum-regret")) {
            assertEquals(name + " needs an environment with an exact tabular model (TabularModel)",
                    assertThrows(IllegalArgumentException.class, () -> create(name,
                            HandModel.withoutModel(GameType.Utility.ZERO_SUM), Optional.empty())).getMessage());
        }
        assertEquals("team-regret needs an environment with an exact tabular model (TabularModel)",
                assertThrows(IllegalArgumentException.class, () -> create("team-regret",
                        HandModel.withoutModel(GameType.Utility.COOPERATIVE), Optional.empty())).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> create("team-regret",
                HandModel.withoutModel(GameType.Utility.ZERO_SUM), Optional.empty())).getMessage()
                .startsWith("team-regret needs a cooperative or single-agent game, got ZERO_SUM"));
        assertThrows(IllegalArgumentException.class,
                () -> new NashGapEvaluator(team, 0, java.util.OptionalLong.empty()));
        assertThrows(IllegalArgumentException.class, () -> new ZeroSumRegretEvaluator(team, 0));
    }

    /** The three plugins' metadata: kind, name, parameters, declared metrics, and the model statement. */
    @Test
    void providersDeclareWhatTheyRecord() {
        List<PluginProvider<Evaluator>> providers = List.of(new ExactEvaluatorProviders.NashGap(),
                new ExactEvaluatorProviders.ZeroSumRegret(), new ExactEvaluatorProviders.TeamRegret());
        assertEquals(List.of("nash-gap", "zero-sum-regret", "team-regret"),
                providers.stream().map(PluginProvider::name).toList());
        assertEquals(List.of(List.of("nash_gap"), List.of("cumulative_regret"), List.of("cumulative_regret")),
                providers.stream().map(PluginProvider::metrics).toList());
        assertEquals(List.of(List.of("every"), List.of("every"), List.of()),
                providers.stream().map(provider -> provider.parameters().names()).toList());
        for (PluginProvider<Evaluator> provider : providers) {
            assertEquals(PluginKind.EVALUATOR, provider.kind());
            assertTrue(provider.description().contains("exact model"), provider.description());
        }
    }
}
