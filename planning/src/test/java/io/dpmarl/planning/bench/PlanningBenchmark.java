package io.dpmarl.planning.bench;

import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.reachavoid.CorridorGridworld;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.environments.reachavoid.SysAdmin;
import io.dpmarl.planning.execution.LocalPolicies;
import io.dpmarl.planning.execution.PrivateExecution;
import io.dpmarl.planning.occupancy.TransientModel;
import io.dpmarl.planning.synthesis.CcpIterate;
import io.dpmarl.planning.synthesis.MinimumDependencySynthesis;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Wall time of the minimum-dependency synthesis of Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning" on its two games and of private execution: the whole gridworld synthesis (625 joint states, initial
 * guess plus 80 concave-convex iterations), one gridworld iteration from iterate 10, the SysAdmin synthesis
 * (256 joint states, 16 joint actions, 20 iterations) and 1000 private rollouts (epsilon 1, k 3) of the final
 * gridworld policy. Run as documented in planning/README.md (single-shot times, one fork).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PlanningBenchmark {
    private static final MinimumDependencySynthesis.Coefficients GRIDWORLD =
            new MinimumDependencySynthesis.Coefficients(10, 0.1, 4);
    private ReachAvoidGame gridworld;
    private TransientModel gridworldModel;
    private MinimumDependencySynthesis gridworldSynthesis;
    private CcpIterate tenth;
    private PrivateExecution execution;

    /** Builds the models, iterate 10 and the final policy's execution once. */
    @Setup
    public void setUp() {
        gridworld = CorridorGridworld.paper();
        gridworldModel = new TransientModel(gridworld);
        gridworldSynthesis = new MinimumDependencySynthesis(gridworldModel, GRIDWORLD, 100, 1e-10);
        List<CcpIterate> iterates = gridworldSynthesis.run(80, iterate -> { });
        tenth = iterates.get(10);
        execution = new PrivateExecution(gridworld, new LocalPolicies(gridworldModel,
                iterates.get(79).occupancy().policy()), 1, 3, 200, false);
    }

    /** The whole gridworld synthesis: model, initial guess and 80 iterations. */
    @Benchmark
    public double gridworldSynthesis() {
        TransientModel model = new TransientModel(gridworld);
        List<CcpIterate> iterates = new MinimumDependencySynthesis(model, GRIDWORLD, 100, 1e-10)
                .run(80, iterate -> { });
        return iterates.get(79).success();
    }

    /** One concave-convex iteration of the gridworld (linearisation and sub-problem). */
    @Benchmark
    public double gridworldIteration() {
        return gridworldSynthesis.step(11, tenth).success();
    }

    /** The SysAdmin synthesis ("2233"): model, initial guess and 20 iterations. */
    @Benchmark
    public double sysAdminSynthesis() {
        TransientModel model = new TransientModel(SysAdmin.paper(SysAdmin.parse("2233")));
        List<CcpIterate> iterates = new MinimumDependencySynthesis(model,
                new MinimumDependencySynthesis.Coefficients(100, 1, 1), 100, 1e-10).run(20, iterate -> { });
        return iterates.get(19).success();
    }

    /** 1000 private rollouts of the final gridworld policy (symbolic-trajectory releases, exact sampling). */
    @Benchmark
    public double privateRollouts() {
        return execution.estimate(1000, 0.05, PrivacyLedger.unaccounted(), NoiseSource.seeded(5),
                new SplittableRandom(6)).mean();
    }
}
