package io.dpmarl.mechanisms.bench;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.NaiveNoise;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Throughput of the float-safe samplers against the naive baselines, in the same run (issue 3 acceptance: the
 * float-safe samplers reach at least one third of naive throughput), and each float-safe or exact sampler with
 * seeded bits against the same sampler with the buffered secure source (protocol item 14: secure keeps at least
 * one third of the seeded throughput).
 *
 * <p>Run: {@code mvn -o -B -q -Pbenchmarks -DskipTests -Ddpmarl.target=target-noise -pl mechanisms -am verify
 * -Djmh.include='SamplerBenchmark'}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SamplerBenchmark {
    private NoiseSource seeded;
    private NoiseSource secure;
    private NaiveNoise naive;

    /** Fresh sources per trial. */
    @Setup
    public void setUp() {
        seeded = NoiseSource.seeded(1);
        secure = NoiseSource.secure();
        naive = new NaiveNoise(1);
    }

    /** Float-safe Laplace (granularity + exact discrete Laplace), seeded bits. */
    @Benchmark
    public double floatSafeLaplace() {
        return Samplers.laplace(seeded, 2.0);
    }

    /** Naive inverse-CDF Laplace from one uniform double (baseline). */
    @Benchmark
    public double naiveLaplace() {
        return naive.laplace(2.0);
    }

    /** Float-safe Gaussian (granularity + exact discrete Gaussian), seeded bits. */
    @Benchmark
    public double floatSafeGaussian() {
        return Samplers.gaussian(seeded, 2.0);
    }

    /** Naive {@code Random#nextGaussian} (baseline). */
    @Benchmark
    public double naiveGaussian() {
        return naive.gaussian(2.0);
    }

    /** Float-safe Laplace from SecureRandom bits (the default for real releases). */
    @Benchmark
    public double floatSafeLaplaceSecure() {
        return Samplers.laplace(secure, 2.0);
    }

    /** Float-safe Gaussian from SecureRandom bits. */
    @Benchmark
    public double floatSafeGaussianSecure() {
        return Samplers.gaussian(secure, 2.0);
    }

    /** Exact discrete Gaussian (integer sigma, long arithmetic), seeded bits. */
    @Benchmark
    public long discreteGaussian() {
        return Samplers.discreteGaussian(seeded, 2.0);
    }

    /** Exact discrete Gaussian from SecureRandom bits. */
    @Benchmark
    public long discreteGaussianSecure() {
        return Samplers.discreteGaussian(secure, 2.0);
    }
}
