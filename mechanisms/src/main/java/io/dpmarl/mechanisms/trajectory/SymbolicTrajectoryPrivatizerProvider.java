package io.dpmarl.mechanisms.trajectory;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/**
 * Plugin {@code symbolic-trajectory(epsilon, k, successors, initial-state)}: {@link SymbolicTrajectoryPrivatizer},
 * epsilon-word-DP for one agent's whole symbolic trajectory (Hamming-k adjacency), charged once per trajectory.
 * Refused when built, naming epsilon and k: an {@code epsilon / k} that rounds to 0, the level each step's exact
 * randomized response ({@code Samplers.randomizedResponse}, any level in (0, inf)) cannot take.
 */
@AutoService(PluginProvider.class)
public final class SymbolicTrajectoryPrivatizerProvider implements PluginProvider<Privatizer> {

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "symbolic-trajectory";
    }

    @Override
    public String description() {
        return "Online word-DP release of one agent's symbolic state trajectory (Chen et al. 2023, Alg. 1): each "
                + "release is feasible from the previous one; the whole trajectory is epsilon-DP for trajectories "
                + "at Hamming distance <= k, charged once per trajectory stream (up-front, declared length). There is "
                + "no sensitivity to trust (any two trajectories within k substitutions are covered); assumes the "
                + "feasibility graph and initial state are public; refuses a category count other than the number of "
                + "local states (already when a stream declared with another shape opens) and any step past the "
                + "declared trajectory length. Refused when built: epsilon/k below the smallest positive double (it "
                + "rounds to 0)";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("epsilon", "word-DP level of one whole trajectory; epsilon/k must "
                + "not round to 0").above(0).finite(),
                Param.integer("k", "adjacency parameter: Hamming distance of neighbouring trajectories").atLeast(1),
                Param.string("successors",
                        "feasible successors per local state, 'state>succ succ|...' (e.g. '0>0 1|1>1')"),
                Param.integer("initial-state", "public initial local state").atLeast(0).withDefault(0));
    }

    /**
     * {@code symbolic-trajectory(epsilon=1, k=1, successors=0>0 1|1>0 1)}: two local states, each reachable from
     * both (no range suggests a feasibility graph).
     */
    @Override
    public java.util.Optional<String> exampleSpec() {
        return java.util.Optional.of("symbolic-trajectory(epsilon=1, k=1, successors=0>0 1|1>0 1)");
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        double epsilon = params.real("epsilon");
        int k = params.integer("k");
        if (!(epsilon / k > 0)) {
            throw new IllegalArgumentException("symbolic-trajectory: epsilon / k (the level of each step's exact "
                    + "randomized response) must be at least " + Double.MIN_VALUE + " (the smallest positive double:"
                    + " it rounds to 0 below); got epsilon=" + epsilon + ", k=" + k);
        }
        FeasibilityGraph graph = FeasibilityGraph.parse(params.string("successors"));
        return new SymbolicTrajectoryPrivatizer(new SymbolicTrajectoryMechanism(graph, params.real("epsilon"),
                params.integer("k")), params.integer("initial-state"));
    }
}
