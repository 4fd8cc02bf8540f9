package io.dpmarl.algorithms.federated.bench;

import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.TestDownlinks;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Rounds per second of federated TD(lambda) (one communication round: N uplinks, the master's aggregate, the
 * broadcast and N local TD(lambda) steps), without noise ({@code none}, Algorithm 1) and with the master's Gaussian
 * noise ({@code gaussian}, Algorithm 2). Shapes {@code NxK}: the paper's 20x10 and 10000x100, plus N in
 * {1000, 2000, 4000} at K = 50 and K in {25, 50, 100} at N = 2000 to show the cost per round is linear in N K.
 * S = max(20, 2K) states; the trajectory and costs are pre-drawn (non-private), so only the protocol is timed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class FederatedTdRoundBenchmark {
    private static final int POOL = 64;

    @Param({"20x10", "10000x100", "1000x50", "2000x50", "4000x50", "2000x25", "2000x100"})
    public String shape;

    @Param({"none", "gaussian"})
    public String noise;

    private FederatedTdLambda team;
    private int[] states;
    private double[][] costs;
    private long round;

    /** Draws the features, a trajectory of public states and a pool of cost vectors (non-private randomness). */
    @Setup(Level.Iteration)
    public void setUp() {
        String[] parts = shape.split("x");
        int agents = Integer.parseInt(parts[0]);
        int features = Integer.parseInt(parts[1]);
        int numStates = Math.max(20, 2 * features);
        SplittableRandom random = new SplittableRandom(42);
        FeatureMatrix phi = FeatureMatrix.random(numStates, features, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                random);
        states = new int[1024];
        for (int t = 0; t < states.length; t++) {
            states[t] = random.nextInt(numStates);
        }
        costs = new double[POOL][agents];
        for (double[] row : costs) {
            for (int i = 0; i < agents; i++) {
                row[i] = 0.5 * random.nextDouble();
            }
        }
        team = new FederatedTdLambda(phi, AggregationWeights.uniform(agents),
                TdParameters.of(0.9, 0.5, StepSizes.constant(0.02)), 0.5, new double[agents][features],
                noise.equals("none") ? TestDownlinks.clear()
                        : TestDownlinks.noisy(NoiseMechanism.GAUSSIAN, 20, features, 7));
        team.begin(states[0]);
        round = 0;
    }

    /** One communication round (the allocation-free path the learner uses). */
    @Benchmark
    public void round(Blackhole blackhole) {
        round++;
        team.advance(states[(int) (round & 1023)], costs[(int) (round % POOL)]);
        blackhole.consume(team.rounds());
    }
}
