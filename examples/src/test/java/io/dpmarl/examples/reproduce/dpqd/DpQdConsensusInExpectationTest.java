package io.dpmarl.examples.reproduce.dpqd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * T2 (Theorem V.2, consensus in expectation) averages {@code Q^i - Qbar} over the runs that tracked agent i: every
 * trial of {@code qd-error(tracked-agents=5)} tracks its own random agents, so an agent's metric is present in some
 * trials only. Hand-set records of three trials, recorded at steps 1 and 2, with {@code Qbar(s0, a0) = 100}:
 * <ul>
 *   <li>agent 3, tracked in trial 0 only: {@code Q^3 = 106} then {@code 101}, so its mean gap is 6 then 1;</li>
 *   <li>agent 5, tracked in trials 1 and 2: {@code Q^5 = 98, 96} then {@code 100.5, 100.5}, mean gaps
 *       ((-2) + (-4)) / 2 = -3 then 0.5.</li>
 * </ul>
 * The largest |mean gap| is 6 at the first window and 1 at T. Dividing by all three trials instead gives 2 and
 * 1/3 (agent 3: 6 / 3 and 1 / 3; agent 5: -6 / 3 and 1 / 3): the mean of a tracked agent is not over its runs.
 */
class DpQdConsensusInExpectationTest {

    private static MetricRecord record(int trial, long step, String metric, double value) {
        return new MetricRecord("decaying", trial, trial, step, metric, value);
    }

    @Test
    void theMeanGapOfATrackedAgentIsOverTheRunsThatTrackedIt() {
        List<MetricRecord> records = new ArrayList<>();
        for (int trial = 0; trial < 3; trial++) {
            records.add(record(trial, 1, "qbar_s0_a0", 100));
            records.add(record(trial, 2, "qbar_s0_a0", 100));
        }
        records.add(record(0, 1, "q_agent3_s0_a0", 106));
        records.add(record(0, 2, "q_agent3_s0_a0", 101));
        records.add(record(1, 1, "q_agent5_s0_a0", 98));
        records.add(record(1, 2, "q_agent5_s0_a0", 100.5));
        records.add(record(2, 1, "q_agent5_s0_a0", 96));
        records.add(record(2, 2, "q_agent5_s0_a0", 100.5));
        Claim claim = DpQdTheoremClaims.consensusInExpectation(QdRuns.of(records));
        assertEquals(ClaimStatus.RECORDED, claim.status());
        assertEquals("largest over 2 tracked agent-pairs: t=100 6.000, T 1.000", claim.measured());
    }
}
