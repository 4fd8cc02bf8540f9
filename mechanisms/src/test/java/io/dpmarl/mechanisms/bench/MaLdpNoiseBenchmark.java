package io.dpmarl.mechanisms.bench;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.accounting.GaussianPrivacyCurve;
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
 * The per-release costs of MA-LDP's paper-literal noise ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning"; H = 5, delta = 0.1: Gaussian sigma = 7768.3 at epsilon 0.2 and 31070 at
 * epsilon 0.05, Laplace b = 10000 at epsilon 0.1): one float-safe draw at those scales, and the charge of one Gaussian
 * event to a fresh basic accountant (every user is a new ledger key) before and after the curve inversion was
 * memoised. {@link #gaussianChargeBefore} is what every charge cost before (the bisection over {@code erfc} of
 * {@link GaussianPrivacyCurve#epsilon}, which the old accountant ran per event); {@link #gaussianChargeAfter} is the
 * accountant as it is now.
 *
 * <p>Run (in mechanisms, classpath as in the module README):
 * {@code java -Djmh.ignoreLock=true -cp <cp> org.openjdk.jmh.Main MaLdpNoiseBenchmark -f 1 -wi 2 -i 3}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MaLdpNoiseBenchmark {
    private static final PrivacyEvent.GaussianEvent EVENT = new PrivacyEvent.GaussianEvent(7768.3, 2.5);
    private NoiseSource seeded;

    /** A fresh seeded source per trial. */
    @Setup
    public void setUp() {
        seeded = NoiseSource.seeded(1);
    }

    /** One float-safe Gaussian draw, sigma = 7768.3 (paper-literal, epsilon 0.2). */
    @Benchmark
    public double gaussianSigma7768() {
        return Samplers.gaussian(seeded, 7768.3);
    }

    /** One float-safe Gaussian draw, sigma = 31070 (paper-literal, epsilon 0.05). */
    @Benchmark
    public double gaussianSigma31070() {
        return Samplers.gaussian(seeded, 31070.0);
    }

    /** One float-safe Laplace draw, b = 10000 (paper-literal, epsilon 0.1). */
    @Benchmark
    public double laplaceScale10000() {
        return Samplers.laplace(seeded, 10000.0);
    }

    /** Before: the curve inversion the basic accountant ran for every Gaussian event it composed. */
    @Benchmark
    public double gaussianChargeBefore() {
        return GaussianPrivacyCurve.epsilon(EVENT.sigma() / EVENT.sensitivity(), 1e-4);
    }

    /** After: a fresh basic accountant (a new user) composing one Gaussian event, with the memoised inversion. */
    @Benchmark
    public double gaussianChargeAfter() {
        BasicAccountant accountant = new BasicAccountant(1e-4);
        accountant.compose(EVENT, 1);
        return accountant.epsilon(1e-4);
    }
}
