package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.HistogramAudit;
import io.dpmarl.mechanisms.audit.RealMechanism;
import org.junit.jupiter.api.Test;

/** Theorem V.5's message noise: its schedule, its per-step guarantee, its composition, and an empirical audit. */
class DpQdLaplacePrivatizerTest {
    private static final DpQdLaplacePrivatizer DECAYING = new DpQdLaplacePrivatizer(10, 0.99, 1);
    private static final DpQdLaplacePrivatizer UNDECAYING = new DpQdLaplacePrivatizer(10, 1, 1);

    @Test
    void scaleAndPerStepEpsilonFollowTheSchedule() {
        // nu(t) = 10 * 0.99^t: nu(1) = 9.9, nu(100) = 3.6603234, nu(500) = 0.0657048; eps_t = 1 / nu(t).
        assertEquals(10, DECAYING.scale(0), 0.0);
        assertEquals(9.9, DECAYING.scale(1), 1e-12);
        assertEquals(3.6603234, DECAYING.scale(100), 1e-6);
        assertEquals(0.0657048, DECAYING.scale(500), 1e-7);
        assertEquals(0.1, DECAYING.paperEpsilon(0), 1e-15);
        assertEquals(0.2731999, DECAYING.paperEpsilon(100), 1e-6);
        assertEquals(15.219581, DECAYING.paperEpsilon(500), 1e-5);
        assertEquals(10, UNDECAYING.scale(123_456), 0.0);
        // The charged event adds only the float-safe grid excess (relative 2^-39) to the paper's figure.
        assertEquals(DECAYING.paperEpsilon(100), DECAYING.eventAt(100).epsilon(), 1e-10);
        assertTrue(DECAYING.eventAt(100).epsilon() > DECAYING.paperEpsilon(100));
    }

    private static double composed(DpQdLaplacePrivatizer privatizer, int releases) {
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        ReleaseStream stream = privatizer.openStream(StreamRequest.of(ledger, LedgerKey.agent(0),
                NoiseSource.seeded(1), "test"));
        for (int t = 0; t < releases; t++) {
            stream.release(new Statistic.Scalar(100.0));
        }
        return ledger.epsilon(LedgerKey.agent(0), 0.0);
    }

    @Test
    void composedEpsilonGrowsAsTheAccountantSays() {
        // Basic composition sum_{t<T} 1/(10 q^t): q = 0.99 gives 1.0467008 (T = 10) and 17.146790 (T = 100);
        // q = 1 gives T/10, so 1000 at T = 10000. A ledger charging the first step's 0.1 every step would give
        // 1.0 and 10.0 for q = 0.99: the assertions separate it.
        assertEquals(1.0467008, composed(DECAYING, 10), 1e-6);
        assertEquals(17.146790, composed(DECAYING, 100), 1e-5);
        assertEquals(1000, composed(UNDECAYING, 10_000), 1e-6);
    }

    @Test
    void singleMessagePassesTheHistogramAuditAtItsPerStepEpsilon() {
        // Adjacent Q-entries 0 and 1 (adjBound = 1). At t = 0 (b = 10, eps = 0.1) and t = 100 (b = 3.66,
        // eps = 0.2732), 400,000 runs each, 60 buckets: consistent with pure eps (delta = 0); false-rejection rate
        // 2e-6 per audit. A mutant with half the scale, audited at the claimed eps = 0.1, has a true
        // hockey-stick divergence of 1 - exp(-0.05) = 0.049 and is rejected (tolerance about 0.017).
        NoiseSource noise = NoiseSource.seeded(77);
        for (long round : new long[] {0, 100}) {
            double b = DECAYING.scale(round);
            RealMechanism first = n -> DECAYING.noisyValue(0.0, round, n);
            RealMechanism second = n -> DECAYING.noisyValue(1.0, round, n);
            HistogramAudit.Result result = HistogramAudit.audit(first, second, DECAYING.eventAt(round).epsilon(),
                    -6 * b, 6 * b, b / 5, 400_000, 1e-6, noise);
            assertTrue(result.consistentWith(0), "round " + round + ": " + result);
        }
        DpQdLaplacePrivatizer mutant = new DpQdLaplacePrivatizer(5, 0.99, 1);
        HistogramAudit.Result refuted = HistogramAudit.audit(n -> mutant.noisyValue(0.0, 0, n),
                n -> mutant.noisyValue(1.0, 0, n), DECAYING.eventAt(0).epsilon(), -30, 30, 1, 400_000, 1e-6, noise);
        assertFalse(refuted.consistentWith(0), refuted.toString());
    }

    @Test
    void conformsToTheReleaseProtocol() {
        PrivatizerConformance.checkStream(DECAYING, new Statistic.Scalar(3.0));
        PrivatizerConformance.checkStream(UNDECAYING, new Statistic.Scalar(3.0));
        PrivatizerConformance.check(DECAYING);
    }

    @Test
    void badParametersAreRejected() {
        assertEquals("noise-base must be in (0, inf), got 0.0", assertThrows(IllegalArgumentException.class,
                () -> new DpQdLaplacePrivatizer(0, 0.99, 1)).getMessage());
        assertEquals("q must be in (0, 1], got 1.5", assertThrows(IllegalArgumentException.class,
                () -> new DpQdLaplacePrivatizer(10, 1.5, 1)).getMessage());
        assertEquals("q must be in (0, 1], got 0.0", assertThrows(IllegalArgumentException.class,
                () -> new DpQdLaplacePrivatizer(10, 0, 1)).getMessage());
        assertEquals("adjacency-bound must be in (0, inf), got -1.0", assertThrows(IllegalArgumentException.class,
                () -> new DpQdLaplacePrivatizer(10, 0.99, -1)).getMessage());
        // A scale that underflows refuses the release before charging it.
        DpQdLaplacePrivatizer fast = new DpQdLaplacePrivatizer(1, 0.5, 1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> fast.eventAt(2000)).getMessage()
                .contains("underflowed to 0 at release t = 2000"));
    }
}
