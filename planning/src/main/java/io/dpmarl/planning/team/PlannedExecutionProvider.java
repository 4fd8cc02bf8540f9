package io.dpmarl.planning.team;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryPrivatizer;
import io.dpmarl.planning.dependency.LocalPolicyPlanner;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import io.dpmarl.planning.execution.PrivacyPerformanceBounds;
import io.dpmarl.planning.execution.PrivateExecution;
import java.util.List;

/**
 * Plugin {@code planned-execution(planner, epsilon, k, privatize-initial-state)}: {@link PlannedExecutionLearner}.
 * Plans once when created (the nested PLANNER records its per-iteration diagnostics), records the plan's exact
 * statistics and the Theorem 1 / 2 lower bounds at step 1, then executes with private communication every episode.
 * Refused when built: a planner that is not a {@link LocalPolicyPlanner}, and an {@code epsilon / k} that rounds to
 * 0 ({@link PrivateExecution#requireStepLevel}).
 */
@AutoService(PluginProvider.class)
public final class PlannedExecutionProvider implements PluginProvider<Learner> {

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "planned-execution";
    }

    @Override
    public String description() {
        return "Agents execute a planner's local policies, each broadcasting its local state through the online "
                + "symbolic-trajectory mechanism (Chen et al. 2023, Alg. 2): epsilon-word-DP per agent per episode "
                + "(Hamming-k), one up-front charge per trajectory, sound although each agent's path reacts to the "
                + "others' releases (product kernel, agents act on their own true state and the others' releases); "
                + "assumes the feasibility graphs and the initial state are public, and the end of the episode too: "
                + "the environment ends it when the true joint state is absorbing, outside any privatizer, so "
                + "neighbouring trajectories are those that leave the end unchanged; episode_return is 1 on success; "
                + "the planner must plan local policies (min-dependency or max-reach; another planner is refused "
                + "when the run is checked); "
                + "theorem1_bound and theorem2_bound are lower bounds on the success of untruncated episodes, while "
                + "episode_return stops at the environment's horizon (the gap is at most P(T > horizon) <= "
                + "product_length / horizon, by Markov's inequality); they are NaN when privatize-initial-state=true "
                + "and an agent's initial local state has no self-loop, since that agent's first release can then "
                + "never be its true state and the bounds' premise (every release true with probability at least "
                + "tau(rho_m)) fails; refused when built: epsilon/k below the smallest positive double (it rounds to "
                + "0)";
    }

    /**
     * The relation of the per-agent privatizers this learner builds ({@link SymbolicTrajectoryPrivatizer}):
     * {@link Neighbouring#SYMBOLIC_TRAJECTORY}, one agent's symbolic trajectory at Hamming distance at most {@code k}
     * (word-level DP, Lemma 1 of "Differential Privacy in Cooperative Multiagent Planning"), so the run report
     * names it.
     */
    @Override
    public List<Neighbouring> neighbouringOfBuiltPrivatizers() {
        return List.of(Neighbouring.SYMBOLIC_TRAJECTORY);
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.plugin("planner", PluginKind.PLANNER, "the offline planner").withDefault("min-dependency"),
                Param.real("epsilon", "word-DP level of one agent's trajectory").above(0).finite().withDefault(1.0),
                Param.integer("k", "adjacency: Hamming distance of neighbouring trajectories").atLeast(1)
                        .withDefault(3),
                Param.bool("privatize-initial-state", "release the (public) initial state too").withDefault(false));
    }

    @Override
    public List<String> metrics() {
        return List.of("execution_epsilon", "joint_success", "product_success", "product_length",
                "plan_total_correlation", "product_total_correlation", "theorem1_bound", "theorem2_bound", "planner_*",
                "total_correlation");
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        double epsilon = Checks.positiveFinite("epsilon", params.real("epsilon"));
        int k = Checks.atLeast("k", params.integer("k"), 1);
        PrivateExecution.requireStepLevel(name(), epsilon, k);
        Environment environment = context.requireEnvironment(name());
        String plannerSpec = params.plugin("planner").orElse("min-dependency");
        Planner planner = context.registry().create(PluginKind.PLANNER, Planner.class, plannerSpec, context);
        // Refused when the learner is built (so when the run is checked), not at the first episode's plan.
        if (!(planner instanceof LocalPolicyPlanner local)) {
            throw new IllegalArgumentException(name() + ": planner must be a planner of local policies for "
                    + "decentralised execution (min-dependency or max-reach), got " + plannerSpec
                    + ", which is not a LocalPolicyPlanner");
        }
        boolean privatizeInitialState = params.bool("privatize-initial-state");
        return new PlannedExecutionLearner(() -> plan(local, environment, epsilon, k, privatizeInitialState, context),
                epsilon, k, privatizeInitialState, environment.info().horizon(), context.ledger(),
                context.noise(), context.streams().stream("learner"));
    }

    /**
     * Plans, then records the plan's exact statistics and the Theorem 1 / 2 bounds at step 1. The bounds are those of
     * the executed policy, the product of the marginals: its {@code v}, {@code l} and, in Theorem 1, its
     * {@code C_hat} ({@code product_total_correlation}, an upper bound on its {@code C_pi}), not the joint policy's
     * {@code C_hat} ({@code plan_total_correlation}), which may be smaller and would not give a valid bound. With
     * {@code privatizeInitialState}, both bounds are recorded as NaN when some agent's initial local state has no
     * self-loop in its feasibility graph ({@link #boundsHold}).
     */
    static PlannedTeamPolicy plan(LocalPolicyPlanner planner, Environment environment, double epsilon, int k,
                                  boolean privatizeInitialState, PluginContext context) {
        PlannedTeamPolicy plan = planner.plan(environment);
        PlannedTeamPolicy.PlanStatistics statistics = plan.statistics();
        context.metrics().record("execution_epsilon", 1, epsilon);
        context.metrics().record("joint_success", 1, statistics.jointSuccess());
        context.metrics().record("product_success", 1, statistics.productSuccess());
        context.metrics().record("product_length", 1, statistics.productLength());
        context.metrics().record("plan_total_correlation", 1, statistics.totalCorrelation());
        context.metrics().record("product_total_correlation", 1, statistics.productTotalCorrelation());
        boolean valid = boundsHold(plan.graphs(), plan.initialLocals(), privatizeInitialState);
        context.metrics().record("theorem1_bound", 1, valid ? PrivacyPerformanceBounds.theorem1(
                statistics.productSuccess(), statistics.productTotalCorrelation(), statistics.maxOutDegree(), epsilon,
                k, plan.agents(), statistics.productLength()) : Double.NaN);
        context.metrics().record("theorem2_bound", 1, valid ? PrivacyPerformanceBounds.theorem2(
                statistics.productSuccess(), statistics.maxOutDegree(), epsilon, k, plan.agents(),
                statistics.productLength()) : Double.NaN);
        return plan;
    }

    /**
     * Whether the premise of Theorems 1 and 2 (Lemma 2: given the previous releases are true, the next one is true
     * with probability at least {@code tau(rho_m)}) holds for the releases the agents act on. Without
     * {@code privatizeInitialState} it always does: the first release follows a true transition from the true,
     * public initial state. With it, agent {@code i}'s first release is drawn from {@code F(s_I^i)} given the true
     * state {@code s_I^i} itself, which is feasible only if {@code s_I^i} has a self-loop; otherwise the release is
     * uniform over {@code F(s_I^i)}, never true, and the probability that every release is true is 0.
     */
    static boolean boundsHold(List<FeasibilityGraph> graphs, int[] initial, boolean privatizeInitialState) {
        if (!privatizeInitialState) {
            return true;
        }
        for (int i = 0; i < initial.length; i++) {
            if (!graphs.get(i).isFeasible(initial[i], initial[i])) {
                return false;
            }
        }
        return true;
    }
}
