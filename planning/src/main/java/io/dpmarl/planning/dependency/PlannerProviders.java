package io.dpmarl.planning.dependency;

import com.google.auto.service.AutoService;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.planning.execution.PrivateExecution;
import io.dpmarl.planning.occupancy.ExpectedLengthFloor;
import io.dpmarl.planning.synthesis.MinimumDependencySynthesis;
import java.util.List;
import java.util.SplittableRandom;

/** The PLANNER plugins of DP cooperative planning (Chen et al. 2023). */
public final class PlannerProviders {
    private PlannerProviders() {
    }

    /** Plugin {@code min-dependency(...)}: {@link MinimumDependencyPlanner}. */
    @AutoService(PluginProvider.class)
    public static final class MinimumDependency implements PluginProvider<Planner> {
        @Override
        public PluginKind kind() {
            return PluginKind.PLANNER;
        }

        @Override
        public String name() {
            return "min-dependency";
        }

        @Override
        public String description() {
            return "Minimum-total-correlation policies for a factored reach-avoid game: maximise R v - D l - B C by "
                    + "the concave-convex procedure (Chen et al. 2023, eq. 3); exact model, releases nothing except "
                    + "its optional diagnostic private rollouts (epsilon-word-DP per agent per rollout). A length-cap "
                    + "or an initial-length-cap below the game's shortest expected length (no policy meets it) is "
                    + "refused when the planner is built, so when the run is checked, before any trial; so is an "
                    + "epsilon/k of the rollouts below the smallest positive double (it rounds to 0)";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(
                    Param.real("reward", "R, weight of the success probability").above(0).finite().withDefault(10.0),
                    Param.real("length", "D, weight of the expected length").atLeast(0).finite().withDefault(0.1),
                    Param.real("correlation", "B, weight of the total correlation").above(0).finite().withDefault(4.0),
                    Param.integer("iterations", "concave-convex iterations").atLeast(1).atMost(10_000).withDefault(80),
                    Param.real("length-cap", "cap on the expected length").above(1).finite().withDefault(100.0),
                    Param.real("initial-length-cap", "cap on the expected length of the initial guess (the "
                            + "authors' 20)").above(1).finite()
                            .withDefault(MinimumDependencySynthesis.INITIAL_LENGTH_CAP),
                    Param.real("floor", "floor of every occupancy entry (above 0: the total correlation's logarithms"
                            + " need it)").above(0).below(1e-3).withDefault(1e-10),
                    Param.integer("rollouts", "diagnostic private rollouts per iteration (0: none)").atLeast(0)
                            .atMost(1_000_000).withDefault(0),
                    Param.real("epsilon", "word-DP level of the diagnostic rollouts").above(0).finite()
                            .withDefault(1.0),
                    Param.integer("k", "adjacency of the diagnostic rollouts").atLeast(1).withDefault(3),
                    Param.bool("privatize-initial-state", "release the initial state too").withDefault(false),
                    Param.integer("max-steps", "steps before a rollout counts as a failure").atLeast(1)
                            .atMost(1_000_000).withDefault(200));
        }

        @Override
        public List<String> metrics() {
            return List.of("planner_success", "planner_length", "total_correlation", "planner_objective",
                    "planner_multiplier", "planner_private_success");
        }

        @Override
        public Planner create(Params params, PluginContext context) {
            // Refused when the planner is built (so when the run is checked), not at its first plan.
            PrivateExecution.requireStepLevel(name(), params.real("epsilon"), params.integer("k"));
            context.environment().ifPresent(environment -> {
                ExpectedLengthFloor.requireMeetable(name(), "length-cap", environment, params.real("length-cap"));
                ExpectedLengthFloor.requireMeetable(name(), "initial-length-cap", environment,
                        params.real("initial-length-cap"));
            });
            MinimumDependencyPlanner.Settings settings = new MinimumDependencyPlanner.Settings(
                    new MinimumDependencySynthesis.Coefficients(params.real("reward"), params.real("length"),
                            params.real("correlation")), params.integer("iterations"), params.real("length-cap"),
                    params.real("initial-length-cap"), params.real("floor"), params.integer("rollouts"),
                    params.real("epsilon"), params.integer("k"), params.bool("privatize-initial-state"),
                    params.integer("max-steps"));
            return new MinimumDependencyPlanner(settings, context.metrics(), context.ledger(), context.noise(),
                    () -> new SplittableRandom(context.streams().stream("planner/rollouts").nextLong()));
        }
    }

    /** Plugin {@code max-reach}: {@link MaxReachPlanner}. */
    @AutoService(PluginProvider.class)
    public static final class MaxReach implements PluginProvider<Planner> {
        @Override
        public PluginKind kind() {
            return PluginKind.PLANNER;
        }

        @Override
        public String name() {
            return "max-reach";
        }

        @Override
        public String description() {
            return "Baseline for a factored reach-avoid game: the deterministic maximum-reach policy by value "
                    + "iteration (Chen et al. 2023, eq. 3 with delta = beta = 0), or with entropy > 0 the interior "
                    + "policy max v + entropy H (length <= 100); exact model, releases nothing";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(Param.real("entropy", "entropy weight of the interior baseline (0: deterministic)")
                    .atLeast(0).finite().withDefault(0.0));
        }

        @Override
        public List<String> metrics() {
            return List.of("planner_success", "planner_length", "total_correlation");
        }

        @Override
        public Planner create(Params params, PluginContext context) {
            // An environment without a factored model is refused when the planner is built, not at its first plan.
            context.environment().ifPresent(environment -> TeamPlans.model(environment, name()));
            return new MaxReachPlanner(context.metrics(), params.real("entropy"));
        }
    }
}
