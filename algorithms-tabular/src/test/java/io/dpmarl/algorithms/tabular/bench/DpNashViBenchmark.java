package io.dpmarl.algorithms.tabular.bench;

import io.dpmarl.algorithms.tabular.nashvi.CceObjective;
import io.dpmarl.algorithms.tabular.nashvi.CceSolver;
import io.dpmarl.algorithms.tabular.nashvi.CountPostProcessor;
import io.dpmarl.algorithms.tabular.nashvi.ReferenceCceLp;
import io.dpmarl.algorithms.tabular.nashvi.ReferencePostProcessingLp;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * JMH benchmarks of DP-Nash-VI: episodes per second (plan + play + privatizer
 * update) on RZ-medium (S = 4, A = B = 3, H = 3) and on S = 20, A = B = 4, H = 5; and, on the same problems
 * in the same run, the dedicated CCE solver ({@link CceSolver}, dense simplex) and the closed-form
 * post-processing ({@link CountPostProcessor}) against commons-math3 {@link SimplexSolver} (the reference,
 * used only here and in tests).
 */
public class DpNashViBenchmark {

    /** A learner playing one game; recreated every iteration so the K-bounded counters never run out. */
    @State(Scope.Thread)
    public static class Episodes {
        @Param({"rz-medium", "s20-a4-b4-h5"})
        public String size;

        @Param({"non-private", "central", "local"})
        public String privatizer;

        EpisodeRunner episodes;

        @Setup(Level.Iteration)
        public void setUp() {
            episodes = new EpisodeRunner(size.equals("rz-medium") ? "rz-medium" : "s20", privatizer);
        }
    }

    /** One episode of DP-Nash-VI: throughput = episodes per second. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public double episode(Episodes state) {
        return state.episodes.getAsDouble();
    }

    /** A pool of CCE problems (Qup >= Qlo in [0, H]) of one size. */
    @State(Scope.Thread)
    public static class CceProblems {
        @Param({"3", "4"})
        public int actions;

        double[][] upper;
        double[][] lower;
        double[] distribution;
        CceSolver solver;
        int next;

        @Setup
        public void setUp() {
            SplittableRandom random = new SplittableRandom(5);
            upper = new double[64][actions * actions];
            lower = new double[64][actions * actions];
            for (int p = 0; p < 64; p++) {
                for (int j = 0; j < actions * actions; j++) {
                    double x = random.nextDouble(0, 3);
                    double y = random.nextDouble(0, 3);
                    upper[p][j] = Math.max(x, y);
                    lower[p][j] = Math.min(x, y);
                }
            }
            distribution = new double[actions * actions];
            solver = new CceSolver(actions, actions, 3, CceObjective.MIN_GAP);
        }
    }

    /** The dedicated CCE solver. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double cceDense(CceProblems problems) {
        int p = problems.next++ & 63;
        problems.solver.solve(problems.upper[p], problems.lower[p], problems.distribution);
        return problems.distribution[0];
    }

    /** The same MIN_GAP CCE LP with commons-math3 SimplexSolver. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double cceCommons(CceProblems problems) {
        int p = problems.next++ & 63;
        return ReferenceCceLp.minGap(problems.upper[p], problems.lower[p], problems.actions, problems.actions);
    }

    /** A pool of post-processing problems (noisy counts, noisy total, E) with S next states. */
    @State(Scope.Thread)
    public static class PostProcessingProblems {
        @Param({"4", "20"})
        public int states;

        double[][] noisy;
        double[] totals;
        double[] solution;
        int next;
        static final double WIDTH = 20;

        @Setup
        public void setUp() {
            SplittableRandom random = new SplittableRandom(6);
            noisy = new double[64][states];
            totals = new double[64];
            solution = new double[states];
            for (int p = 0; p < 64; p++) {
                double total = 0;
                for (int s = 0; s < states; s++) {
                    double truth = random.nextInt(50);
                    total += truth;
                    noisy[p][s] = truth + random.nextDouble(-WIDTH / 4, WIDTH / 4);
                }
                totals[p] = total + random.nextDouble(-WIDTH / 4, WIDTH / 4);
            }
        }
    }

    /** Closed-form solution of eq. 8 (t* and the canonical minimiser). */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double postProcessClosedForm(PostProcessingProblems problems) {
        int p = problems.next++ & 63;
        CountPostProcessor.solve(problems.noisy[p], problems.totals[p], PostProcessingProblems.WIDTH,
                problems.solution);
        return problems.solution[0];
    }

    /** The Remark 5.7 LP of eq. 8 with commons-math3 SimplexSolver. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double postProcessCommons(PostProcessingProblems problems) {
        int p = problems.next++ & 63;
        return ReferencePostProcessingLp.optimum(problems.noisy[p], problems.totals[p], PostProcessingProblems.WIDTH);
    }
}
