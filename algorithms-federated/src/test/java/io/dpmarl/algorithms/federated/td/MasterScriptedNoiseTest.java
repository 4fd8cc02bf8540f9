package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.algorithms.federated.privacy.FederatedNoisePrivatizer;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.privacy.RunAccounting;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.model.FederatedWeights;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The master's noisy average of Algorithm 2 (eq. (13) of "Differentially private federated temporal difference
 * learning": theta-hat_{t+1}^0 = sum_j c^j theta_t^j + u_{t+1}^0) with the noise words scripted
 * ({@link ScriptedNoiseSource} of the audit kit), so the released vector is known exactly.
 *
 * <p>The noise is the float-safe Laplace of scale b = 1: grid r = 2^-39 (the power of two with b / r in
 * [2^39, 2^40)), and k r with k an exact discrete Laplace of scale b / r = 2^52 / 2^13, i.e. the magnitude
 * (U + t F) &gt;&gt; 13 with t = 2^52 (Canonne, Kamath and Steinke's construction). A trial accepted at once
 * draws U = below(2^52) (the top 52 bits of one word), W (one word), Z = below(2^52) = U (a tie) and a fraction word
 * F above W (the trial fails at k = 1, K = 1 is odd: accepted with F = 0 failed trials), then one sign bit. So the
 * script {@code topBits(m << 13, 52), W, topBits(m << 13, 52), -1, sign} yields the noise +-m 2^-39. The
 * input is first rounded to the grid r (to the nearest multiple, ties to even).
 */
class MasterScriptedNoiseTest {
    private static final double R = 0x1p-39;
    private static final long W = 0x1234_5678_9ABC_DEF0L;
    private static final FederatedWeights WEIGHTS = new FederatedWeights.Values(new double[] {0.75, 0.25});

    /** Appends one Laplace draw of +-m r (b = 1). */
    static ScriptedNoiseSource laplace(ScriptedNoiseSource noise, long m, boolean negative) {
        long u = m << 13;
        return noise.topBits(u, 52).word(W).topBits(u, 52).word(-1L).bit(negative);
    }

    private static ReleaseStream stream(ScriptedNoiseSource noise, long rounds) {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), rounds);
        return new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 1.0, run, 2, RunAccounting.WHOLE_RUN)
                .openStream(StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.global(), noise, "downlink"));
    }

    private static double onGrid(double value) {
        return Math.rint(value * 0x1p39) * R;
    }

    /**
     * theta^1 = (0.1, 1), theta^2 = (0.3, -1): aggregate (3/4 0.1 + 1/4 0.3, 3/4 - 1/4) = (0.15, 0.5) (the first
     * entry is not on the grid, so the rounding shows); noise +2^37 r = +1/4 and -3 2^36 r = -3/8.
     */
    @Test
    void broadcastIsTheRoundedWeightedAveragePlusTheScriptedNoise() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        laplace(noise, 1L << 37, false);
        laplace(noise, 3L << 36, true);
        FederatedTdMaster master = new FederatedTdMaster(WEIGHTS, 2, Optional.of(stream(noise, 3)));
        List<Message> uplinks = List.of(
                new Message(0, Message.SERVER, 4, new Statistic.Vector(new double[] {0.1, 1})),
                new Message(1, Message.SERVER, 4, new Statistic.Vector(new double[] {0.3, -1})));
        Message broadcast = master.aggregate(uplinks, 4);
        noise.assertExhausted();
        double first = 0.75 * 0.1 + 0.25 * 0.3;
        assertEquals(0.15, first, 1e-15);
        double[] released = ((Statistic.Vector) broadcast.payload()).values();
        assertArrayEquals(new double[] {onGrid(first) + 0.25, 0.5 - 0.375}, released, 0.0);
        assertEquals(Message.SERVER, broadcast.sender());
        assertEquals(FederatedTdMaster.BROADCAST, broadcast.receiver());
        assertEquals(4, broadcast.round());
        assertArrayEquals(new double[] {first, 0.5}, master.lastAggregate(), 0.0,
                "lastAggregate is the pre-noise aggregate");
        assertEquals(1, master.downlink().orElseThrow().released());
    }

    /** Zero noise (magnitude 0, sign +) releases the aggregate rounded to the grid; the aggregate is not modified. */
    @Test
    void zeroNoiseReleasesTheRoundedAggregate() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        laplace(noise, 0, false);
        laplace(noise, 0, false);
        FederatedTdMaster master = new FederatedTdMaster(WEIGHTS, 2, Optional.of(stream(noise, 3)));
        double[] aggregate = {0.1, 0.2};
        double[] released = master.broadcast(aggregate);
        assertArrayEquals(new double[] {onGrid(0.1), onGrid(0.2)}, released, 0.0);
        assertArrayEquals(new double[] {0.1, 0.2}, aggregate, 0.0, "the caller's aggregate is left as it was");
        assertNotEquals(0.1, onGrid(0.1), "0.1 is not on the grid 2^-39");
    }

    /**
     * The private team of {@link TwoStateChainByHandTest}: round 0's aggregate (3/4, 1/4) is on the grid, so the
     * broadcast is (3/4 + 1/4, 1/4 - 3/8) = (1, -1/8), and the workers step from it: worker 1 (l = -1/4) gets
     * (1 - 1/8, -1/8) = (7/8, -1/8), worker 2 (l = 5/4) gets (1 + 5/8, -1/8) = (13/8, -1/8).
     */
    @Test
    void workersStepFromTheNoisyBroadcast() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        laplace(noise, 1L << 37, false);
        laplace(noise, 3L << 36, true);
        TdParameters parameters = TdParameters.of(0.5, 0.75, StepSizes.constant(0.5));
        try (FederatedTdLambda team = new FederatedTdLambda(TwoStateChainByHandTest.CHAIN, WEIGHTS, parameters, 1.0,
                new double[][] {{1, 0}, {0, 1}}, Optional.of(stream(noise, 1)))) {
            team.begin(0);
            team.advance(1, new double[] {0.5, 2.0});
            noise.assertExhausted();
            assertArrayEquals(new double[] {1, -0.125}, team.lastBroadcast(), 0.0);
            assertArrayEquals(new double[] {0.75, 0.25}, team.master().lastAggregate(), 0.0);
            assertArrayEquals(new double[] {0.875, -0.125}, team.parameters(0), 0.0);
            assertArrayEquals(new double[] {1.625, -0.125}, team.parameters(1), 0.0);
            // the whole-run stream covers T = 1 release: a second round is refused
            assertThrows(IllegalStateException.class, () -> team.advance(0, new double[] {0, 0}));
        }
    }

    /** Uplinks missing, out of order or of another round are refused before any noise is drawn. */
    @Test
    void badUplinksAreRefusedBeforeTheRelease() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        FederatedTdMaster master = new FederatedTdMaster(WEIGHTS, 2, Optional.of(stream(noise, 3)));
        Message zero = new Message(0, Message.SERVER, 1, new Statistic.Vector(new double[] {0, 0}));
        Message one = new Message(1, Message.SERVER, 1, new Statistic.Vector(new double[] {0, 0}));
        Message oneLate = new Message(1, Message.SERVER, 2, new Statistic.Vector(new double[] {0, 0}));
        assertThrows(IllegalArgumentException.class, () -> master.aggregate(List.of(zero), 1));
        assertThrows(IllegalArgumentException.class, () -> master.aggregate(List.of(one, zero), 1));
        assertThrows(IllegalArgumentException.class, () -> master.aggregate(List.of(zero, oneLate), 1));
        assertEquals(0, noise.consumed());
        assertEquals(null, master.lastAggregate());
    }
}
