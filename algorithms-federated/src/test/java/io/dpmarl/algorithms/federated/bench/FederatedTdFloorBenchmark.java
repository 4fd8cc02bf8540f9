package io.dpmarl.algorithms.federated.bench;

import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Federated TD(lambda) rounds next to this machine's peak kernels, in one JMH run, for the floor table of the
 * module README. {@code round}: one clear round ({@link FederatedTdLambda#advance}) at N x K x S =
 * 10^4 x 100 x 100 on 1 and 2 threads (6 N K flops and 16 N K bytes of theta traffic per round). The peaks:
 * {@code dotL1} (a dot product of two 1024-double arrays: 2048 flops, L1-resident, the arithmetic peak of a
 * dependent double sum as the kernel's temporal difference is), {@code dotMemory} (two 2^21-double arrays, 32 MB
 * read), {@code triad} ({@code a = b + s c} on 2^21-double arrays: 48 MB moved, the bandwidth peak of a
 * read-write stream) and {@code triadTwoThreads} (the same on two threads at once, each with its own arrays).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FederatedTdFloorBenchmark {

    /** A team and a pool of public states and costs. */
    @State(Scope.Benchmark)
    public static class Team {
        @Param({"10000x100x100"})
        public String shape;

        @Param({"1", "2"})
        public int threads;

        FederatedTdLambda team;
        int[] states;
        double[][] costs;
        long round;

        @Setup(Level.Trial)
        public void setUp() {
            String[] parts = shape.split("x");
            int agents = Integer.parseInt(parts[0]);
            int features = Integer.parseInt(parts[1]);
            int numStates = Integer.parseInt(parts[2]);
            SplittableRandom random = new SplittableRandom(42);
            FeatureMatrix phi = FeatureMatrix.random(numStates, features, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                    random);
            states = new int[1024];
            for (int t = 0; t < states.length; t++) {
                states[t] = random.nextInt(numStates);
            }
            costs = new double[8][agents];
            for (double[] row : costs) {
                for (int i = 0; i < agents; i++) {
                    row[i] = 0.5 * random.nextDouble();
                }
            }
            team = new FederatedTdLambda(phi, AggregationWeights.uniform(agents),
                    TdParameters.of(0.9, 0.5, StepSizes.constant(0.02)), 0.5, new double[agents * features],
                    Optional.empty(), threads);
            team.begin(states[0]);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            team.close();
        }
    }

    /** Arrays for the peak kernels, one set per benchmark thread. */
    @State(Scope.Thread)
    public static class Arrays {
        static final int SMALL = 1024;
        static final int LARGE = 1 << 21;
        final double[] x = new double[SMALL];
        final double[] y = new double[SMALL];
        final double[] a = new double[LARGE];
        final double[] b = new double[LARGE];
        final double[] c = new double[LARGE];

        @Setup(Level.Trial)
        public void setUp() {
            SplittableRandom random = new SplittableRandom(1);
            for (int i = 0; i < SMALL; i++) {
                x[i] = random.nextDouble();
                y[i] = random.nextDouble();
            }
            for (int i = 0; i < LARGE; i++) {
                b[i] = random.nextDouble();
                c[i] = random.nextDouble();
            }
        }
    }

    /** One clear round of federated TD(lambda). */
    @Benchmark
    public void round(Team state) {
        long t = ++state.round;
        state.team.advance(state.states[(int) (t & 1023)], state.costs[(int) (t & 7)]);
    }

    /** Peak arithmetic: a dot product of two L1-resident arrays (2048 flops). */
    @Benchmark
    public double dotL1(Arrays arrays) {
        double sum = 0;
        for (int i = 0; i < Arrays.SMALL; i++) {
            sum += arrays.x[i] * arrays.y[i];
        }
        return sum;
    }

    /** Read bandwidth: a dot product of two 16 MB arrays (32 MB read, 2^22 flops). */
    @Benchmark
    public double dotMemory(Arrays arrays) {
        double sum = 0;
        for (int i = 0; i < Arrays.LARGE; i++) {
            sum += arrays.b[i] * arrays.c[i];
        }
        return sum;
    }

    /** Read-write bandwidth: the triad a = b + s c on 16 MB arrays (32 MB read, 16 MB written). */
    @Benchmark
    public double[] triad(Arrays arrays) {
        double s = 1.0001;
        for (int i = 0; i < Arrays.LARGE; i++) {
            arrays.a[i] = arrays.b[i] + s * arrays.c[i];
        }
        return arrays.a;
    }

    /** The triad on two threads at once (each its own arrays): the two-core bandwidth. */
    @Benchmark
    @Threads(2)
    public double[] triadTwoThreads(Arrays arrays) {
        return triad(arrays);
    }

    /** The L1 dot product on two threads at once: the two-core arithmetic peak. */
    @Benchmark
    @Threads(2)
    public double dotL1TwoThreads(Arrays arrays) {
        return dotL1(arrays);
    }
}
