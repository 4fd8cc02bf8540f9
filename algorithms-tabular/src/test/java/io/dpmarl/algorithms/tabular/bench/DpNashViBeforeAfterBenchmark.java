package io.dpmarl.algorithms.tabular.bench;

import io.dpmarl.algorithms.tabular.nashvi.CentralCountsPrivatizer;
import io.dpmarl.algorithms.tabular.nashvi.NoiseCalibration;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
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
 * DP-Nash-VI episodes per second before and after the hot-path work, in one JMH run: the same {@link EpisodeRunner}
 * class file is loaded in an isolated class loader over the classes of the earlier commit ({@code side = before},
 * directory tree given by {@code -Ddpmarl.bench.before=ROOT}, a checkout built with {@code test-compile}) or of this
 * one ({@code side = after}, {@code -Ddpmarl.bench.after=ROOT}); the library jars come from the JMH class path. Both
 * sides pay the same class-loader indirection. The runner is built once per fork (K = 2^21 episodes never run out) and
 * its set-up plays {@value #WARM_EPISODES} episodes, so that lazily built state (the counter bank, class loading) is
 * not counted in the allocation per episode; {@link BeforeAfterCpuRun} gives the CPU time per episode.
 * {@code drawsOnly}: the 33 600 Laplace node draws of one S = 20 central episode alone (scale b_C at K = 2^21), the
 * floor of that workload.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DpNashViBeforeAfterBenchmark {
    /** Episodes played by the set-up before anything is measured. */
    static final int WARM_EPISODES = 3;

    /** One runner on one side. */
    @State(Scope.Thread)
    public static class Side {
        @Param({"s20/central", "rz-tiny/central", "rz-tiny/non-private"})
        public String game;

        @Param({"before", "after"})
        public String side;

        DoubleSupplier runner;

        @Setup(Level.Trial)
        public void setUp() throws Exception {
            runner = runner(side, game);
            for (int e = 0; e < WARM_EPISODES; e++) {
                runner.getAsDouble();
            }
        }
    }

    /** A runner of {@code game} ("s20/central", ...) on the classes of {@code side} ("before" or "after"). */
    static DoubleSupplier runner(String side, String game) throws Exception {
        {
            String root = System.getProperty("dpmarl.bench." + side);
            if (root == null) {
                throw new IllegalStateException("set -Ddpmarl.bench." + side + "=ROOT (a built checkout)");
            }
            List<URL> urls = new ArrayList<>();
            for (String module : new String[] {"core", "mechanisms", "environments", "algorithms-tabular"}) {
                urls.add(Path.of(root, module, "target", "classes").toUri().toURL());
            }
            // the runner's class file, always the current one (it uses only API both sides have)
            urls.add(Path.of(System.getProperty("dpmarl.bench.after"), "algorithms-tabular", "target",
                    "test-classes").toUri().toURL());
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                if (entry.endsWith(".jar") && !entry.contains("dpmarl")) {
                    urls.add(Path.of(entry).toUri().toURL());
                }
            }
            URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new),
                    ClassLoader.getPlatformClassLoader());
            String[] parts = game.split("/");
            return (DoubleSupplier) loader.loadClass(EpisodeRunner.class.getName())
                    .getConstructor(String.class, String.class).newInstance(parts[0], parts[1]);
        }
    }

    /** One episode (plan, play, privatizer update). */
    @Benchmark
    public double episode(Side state) {
        return state.runner.getAsDouble();
    }

    /** The node draws of one S = 20 central episode. */
    @State(Scope.Thread)
    public static class Draws {
        static final int STREAMS = 5 * 20 * 16 * 21;
        final double[] out = new double[STREAMS];
        final NoiseSource noise = NoiseSource.seeded(3);
        final double scale = new CentralCountsPrivatizer(1.0, 5, NoiseCalibration.RIGOROUS).nodeScale(1 << 21);
    }

    /** The Laplace draws alone (the sampling floor of {@code s20/central}). */
    @Benchmark
    public double[] drawsOnly(Draws draws) {
        Samplers.laplace(draws.noise, draws.scale, draws.out, 0, Draws.STREAMS);
        return draws.out;
    }
}
