package io.dpmarl.mechanisms.bench;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.accounting.RdpAccountant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The run loop's privacy recording: a run of K episodes in which every episode charges one new user key (local
 * DP-Nash-VI: one Laplace release per user) and the loop then records {@code epsilon_spent}, the maximum over
 * principals. With the running maximum the cost per episode is constant in K ({@code runningMaximum} with the RDP
 * accountant, {@code runningMaximumBasic} with basic composition); the {@code fullScan} baseline recomputes every
 * principal's epsilon every episode, as the loop did before, and is quadratic in K (basic composition, so that
 * it finishes). Divide the time per invocation by K for the cost per episode (the module README does).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class LedgerRecordingBenchmark {
    private static final double DELTA = 1e-6;
    private static final PrivacyEvent RELEASE = new PrivacyEvent.LaplaceEvent(2.0, 1.0);

    /** Episodes per run. */
    @Param({"1000", "4000", "16000"})
    public int episodes;

    /** Charge a new user per episode and record the running maximum, as the run loop does (RDP accountant). */
    @Benchmark
    public double runningMaximum() {
        return recordEveryEpisode(PrivacyLedger.of(RdpAccountant::new, DELTA));
    }

    /** As {@link #runningMaximum} with basic composition, to compare with {@link #fullScan}. */
    @Benchmark
    public double runningMaximumBasic() {
        return recordEveryEpisode(PrivacyLedger.of(BasicAccountant::new, DELTA));
    }

    private double recordEveryEpisode(PrivacyLedger ledger) {
        double spent = 0;
        for (int episode = 0; episode < episodes; episode++) {
            ledger.charge(LedgerKey.user(episode), RELEASE, 1, "bench");
            spent = ledger.maxEpsilon(DELTA);
        }
        return spent;
    }

    /** Baseline: recompute the maximum over every principal after every episode (basic composition). */
    @Benchmark
    public double fullScan() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, DELTA);
        double spent = 0;
        for (int episode = 0; episode < episodes; episode++) {
            ledger.charge(LedgerKey.user(episode), RELEASE, 1, "bench");
            spent = 0;
            for (LedgerKey principal : ledger.principals()) {
                spent = Math.max(spent, ledger.epsilon(principal, DELTA));
            }
        }
        return spent;
    }
}
