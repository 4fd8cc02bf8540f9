package io.dpmarl.algorithms.tabular.evaluate;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.OptionalLong;

/** The EVALUATOR plugins on exact tabular models: {@code nash-gap}, {@code zero-sum-regret}, {@code team-regret}. */
public final class ExactEvaluatorProviders {
    /** The recording interval shared by the zero-sum evaluators. */
    private static final Param EVERY = Param.integer("every", "record after every this many episodes").atLeast(1)
            .withDefault(1);

    private ExactEvaluatorProviders() {
    }

    static Environment zeroSum(PluginContext context, String name) {
        Environment environment = context.requireEnvironment(name);
        GameType.Utility utility = environment.info().gameType().utility();
        if (utility != GameType.Utility.ZERO_SUM && utility != GameType.Utility.SINGLE_AGENT) {
            throw new IllegalArgumentException(name + " needs a two-player zero-sum game, got " + utility);
        }
        return environment;
    }

    /** {@code nash-gap(every)}. */
    @AutoService(PluginProvider.class)
    public static final class NashGap implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "nash-gap";
        }

        @Override
        public String description() {
            return "Exact Nash gap of the learner's output policy in a two-player zero-sum tabular game "
                    + "(metric nash_gap), every N episodes and at the last; reads the exact model.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(EVERY);
        }

        @Override
        public java.util.List<String> metrics() {
            return java.util.List.of(NashGapEvaluator.NASH_GAP);
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            Environment environment = zeroSum(context, name());
            OptionalLong last = context.schedule().filter(s -> s.unit() == Schedule.Unit.EPISODES)
                    .map(s -> OptionalLong.of(s.length())).orElse(OptionalLong.empty());
            return new NashGapEvaluator(ExactPolicyTables.model(environment, name()), params.integer("every"), last);
        }
    }

    /** {@code zero-sum-regret}. */
    @AutoService(PluginProvider.class)
    public static final class ZeroSumRegret implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "zero-sum-regret";
        }

        @Override
        public String description() {
            return "Cumulative regret sum_k Nash gap of the policy played in episode k (Qiao-Wang 2024) in a "
                    + "two-player zero-sum tabular game (metric cumulative_regret, recorded every N episodes); reads "
                    + "the exact model. A gap below minus its rounding tolerance stops the run (a broken model).";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(EVERY);
        }

        @Override
        public java.util.List<String> metrics() {
            return java.util.List.of(ZeroSumRegretEvaluator.CUMULATIVE_REGRET);
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return new ZeroSumRegretEvaluator(ExactPolicyTables.model(zeroSum(context, name()), name()),
                    params.integer("every"));
        }
    }

    /** {@code team-regret}. */
    @AutoService(PluginProvider.class)
    public static final class TeamRegret implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "team-regret";
        }

        @Override
        public String description() {
            return "Cumulative regret against the exact team optimum (mean reward of the agents) in a cooperative "
                    + "tabular problem (metric cumulative_regret); reads the exact model.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public java.util.List<String> metrics() {
            return java.util.List.of(ZeroSumRegretEvaluator.CUMULATIVE_REGRET);
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            Environment environment = context.requireEnvironment(name());
            GameType.Utility utility = environment.info().gameType().utility();
            if (utility == GameType.Utility.ZERO_SUM) {
                throw new IllegalArgumentException(name() + " needs a cooperative or single-agent game, got "
                        + utility + " (use zero-sum-regret)");
            }
            return new TeamRegretEvaluator(ExactPolicyTables.model(environment, name()),
                    environment.info().numAgents());
        }
    }
}
