package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.environments.network.NetworkMdpConfig;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH benchmark of MA-LDP episodes (learner only: plan, act, reward steps, releases, server update, consensus; the
 * regret evaluator is not included) on the network MDP: the paper's instance (n = 2, q = 1, d = 2) and n = 3, q = 2,
 * d = 3 (Delta = 0.01, a valid kernel), with the optimized factored planner or the straightforward reference that
 * recomputes {@code phi_V} over all joint (s, a, s') with dense matrices, without noise ({@code none}) and with the
 * paper-literal Laplace and Gaussian privatizers.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MaLdpEpisodeBenchmark {

    /** A learner on one instance, recreated every iteration. */
    @State(Scope.Thread)
    public static class Episodes {
        @Param({"n2-q1-d2", "n3-q2-d3"})
        public String size;

        @Param({"factored", "dense"})
        public String planner;

        @Param({"none", "laplace", "gaussian"})
        public String privatizer;

        NetworkMdp environment;
        Learner learner;
        SplittableRandom resets;
        int episode;

        @Setup(Level.Iteration)
        public void setUp() {
            NetworkMdpConfig config = size.equals("n2-q1-d2") ? NetworkMdpConfig.paperInstance()
                    : NetworkMdpConfig.uniform(3, 2, 3, 0.2, 0.3, 0.2, 0.01, 5);
            environment = new NetworkMdp(config, "network-mdp");
            PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2),
                    PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0), Optional.of(environment),
                    MaLdpHarness.REGISTRY, TrialMetrics.discarding(), Optional.of(Schedule.episodes(1_000_000)));
            String spec = privatizer.equals("none") ? "ma-ldp(bonus-scale=0.1)"
                    : "ma-ldp(privatizer=ma-ldp(mechanism=" + privatizer + ", epsilon=0.2, calibration=paper-literal))";
            learner = MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class, spec, context);
            if (planner.equals("dense")) {
                ((MaLdpLearner) learner).usePlanner(new DenseReferencePlanner(environment.features(), 5, true));
            }
            resets = new SplittableRandom(3);
            episode = 0;
        }
    }

    @Benchmark
    public int episode(Episodes state) {
        Observation[] observations = state.environment.reset(state.resets.nextLong());
        state.learner.beginEpisode(state.episode, observations);
        int last = 0;
        for (int h = 0; h < 5; h++) {
            int[] action = state.learner.act(h, observations);
            StepResult result = state.environment.step(action);
            state.learner.observe(h, action, result);
            observations = result.observations();
            last = observations[0].state();
        }
        state.learner.endEpisode(state.episode++);
        return last;
    }
}
