package io.dpmarl.mechanisms.bench;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.mechanisms.accounting.RdpAccountant;
import io.dpmarl.mechanisms.accounting.ZcdpAccountant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Issue 3 acceptance: the RDP accountant computes epsilon for 10^4 composed Poisson-subsampled Gaussian
 * steps (q = 0.01, sigma = 1.1, delta = 1e-5) over the default order grid (156 orders, 99 of them
 * fractional) in under 10 ms. Each invocation builds a fresh accountant, so the curve cache is cold and
 * the fractional-order series is evaluated every time. {@code composeOneByOne} makes 10^4 separate
 * {@code compose} calls (a training loop charging every step); the zCDP accountant is the baseline.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class AccountantRdpBenchmark {
    private static final int STEPS = 10_000;
    private final PrivacyEvent step = new PrivacyEvent.SubsampledGaussianEvent(1.1, 0.01);
    private final PrivacyEvent gaussian = new PrivacyEvent.GaussianEvent(1.1, 1.0);

    /** compose(step, 10^4) then epsilon(1e-5) on the default grid, cold cache. */
    @Benchmark
    public double rdpComposeCount() {
        RdpAccountant accountant = new RdpAccountant();
        accountant.compose(step, STEPS);
        return accountant.epsilon(1e-5);
    }

    /** 10^4 single compose(step) calls then epsilon(1e-5). */
    @Benchmark
    public double rdpComposeOneByOne() {
        RdpAccountant accountant = new RdpAccountant();
        for (int i = 0; i < STEPS; i++) {
            accountant.compose(step);
        }
        return accountant.epsilon(1e-5);
    }

    /** Baseline: 10^4 Gaussian releases in the zCDP accountant, then epsilon(1e-5). */
    @Benchmark
    public double zcdpComposeCount() {
        ZcdpAccountant accountant = new ZcdpAccountant();
        accountant.compose(gaussian, STEPS);
        return accountant.epsilon(1e-5);
    }
}
