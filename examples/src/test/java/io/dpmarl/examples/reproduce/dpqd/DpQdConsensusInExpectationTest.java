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
 * The largest |mean gap| is 6 at the first window and 1 at T, both agent 3's, a mean over its one run (so the row
 * says that it is one run's gap). The windows are 30 steps ({@code eavesdropper_step} 29 and 59: the last message of
 * the first window is at t = 29), so the first point is printed at t = 30, not at the bundled specs' t = 100.
 * Dividing by all three trials instead gives 2 and 1/3 (agent 3: 6 / 3 and 1 / 3; agent 5: -6 / 3 and 1 / 3): the
 * mean of a tracked agent is not over its runs.
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
            records.add(record(trial, 1, "eavesdropper_step", 29));
            records.add(record(trial, 2, "eavesdropper_step", 59));
        }
        records.add(record(0, 1, "q_agent3_s0_a0", 106));
        records.add(record(0, 2, "q_agent3_s0_a0", 101));
        records.add(record(1, 1, "q_agent5_s0_a0", 98));
        records.add(record(1, 2, "q_agent5_s0_a0", 100.5));
        records.add(record(2, 1, "q_agent5_s0_a0", 96));
        records.add(record(2, 2, "q_agent5_s0_a0", 100.5));
        Claim claim = DpQdTheoremClaims.consensusInExpectation(QdRuns.of(records));
        assertEquals(ClaimStatus.RECORDED, claim.status());
        assertEquals("largest over 2 tracked agent-pairs (2 agents; each agent's mean over the 1 to 2 of 3 runs that"
                + " tracked it): t=30 6.000 (q_agent3_s0_a0, 1 run), T 1.000 (q_agent3_s0_a0, 1 run); a mean over 1"
                + " run is that run's gap, not an expectation", claim.measured());
    }

    /**
     * The same three trials with agent 5's gaps -8 and -4 at the first window (mean -6) and 1 and 2 at T (mean 1.5),
     * agent 3's (one run) 2 and 0.5: the largest are agent 5's means over its two runs, 6 and 1.5, so the row names
     * two runs and no single-run gap. A largest taken over the single trials' gaps instead of over the agents' means
     * would be 8 and 2. Windows of 100 steps ({@code eavesdropper_step} 99 at the first): the first point is
     * t = 100.
     */
    @Test
    void theLargestMeanNamesItsAgentPairAndItsRuns() {
        List<MetricRecord> records = new ArrayList<>();
        for (int trial = 0; trial < 3; trial++) {
            records.add(record(trial, 1, "qbar_s1_a0", 50));
            records.add(record(trial, 2, "qbar_s1_a0", 60));
            records.add(record(trial, 1, "eavesdropper_step", 99));
            records.add(record(trial, 2, "eavesdropper_step", 199));
        }
        records.add(record(0, 1, "q_agent3_s1_a0", 52));
        records.add(record(0, 2, "q_agent3_s1_a0", 60.5));
        records.add(record(1, 1, "q_agent5_s1_a0", 42));
        records.add(record(1, 2, "q_agent5_s1_a0", 61));
        records.add(record(2, 1, "q_agent5_s1_a0", 46));
        records.add(record(2, 2, "q_agent5_s1_a0", 62));
        Claim claim = DpQdTheoremClaims.consensusInExpectation(QdRuns.of(records));
        assertEquals(ClaimStatus.RECORDED, claim.status());
        assertEquals("largest over 2 tracked agent-pairs (2 agents; each agent's mean over the 1 to 2 of 3 runs that"
                + " tracked it): t=100 6.000 (q_agent5_s1_a0, 2 runs), T 1.500 (q_agent5_s1_a0, 2 runs)",
                claim.measured());
        assertEquals("|mean over runs of Q^i - Qbar| -> 0 for every agent i and pair (the theorem's expectation over"
                + " runs; here over the runs that tracked agent i)", claim.expected());
    }

    @Test
    void noTrackedAgentIsSaid() {
        List<MetricRecord> records = List.of(record(0, 1, "qbar_s0_a0", 100));
        assertEquals("no tracked agents (qd-error(tracked-agents=0))",
                DpQdTheoremClaims.consensusInExpectation(QdRuns.of(records)).measured());
    }
}
