package io.dpmarl.algorithms.tabular.qd.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView.Eavesdropped;
import io.dpmarl.algorithms.tabular.qd.QdNetworkView.MessageStatistics;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.TableModel;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.TableNetwork;
import io.dpmarl.core.evaluate.Evaluator;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Tests added after a PIT survey of {@code qd.evaluate}: the QD evaluators on a table-backed network of 2 agents,
 * 2 states and 2 actions (reads outside the tables throw, so the loops' ranges are checked too). Expected values are
 * computed by hand in the comments.
 */
class QdEvaluatorsMutationKillTest {
    /** {@code Q^i(s, a)}: agent 0 = ((1, 2), (3, 4)), agent 1 = ((1, 6), (7, 0)). */
    private static final double[][][] TABLES = {{{1, 2}, {3, 4}}, {{1, 6}, {7, 0}}};

    /**
     * The network over {@link #TABLES} after 18 steps: 4 messages with squared errors summing to 1, no declared
     * noise; agent 1's last message was on (s, a) = (1, 1), sent 7.5 for the true 7 at step 17.
     */
    private static TableNetwork network() {
        Eavesdropped seen = new Eavesdropped(17, 1, 1, 1, 7.5, 7);
        return new TableNetwork(TABLES, 18, new MessageStatistics(4, 1, Optional.empty(), Optional.of(seen)), seen);
    }

    private static Map<String, Double> record(Evaluator evaluator) {
        return QdFixtures.record(evaluator, network(), 0);
    }

    /**
     * Per pair: (0,0) values 1, 1: mean 1, ms 0, gap 0; (0,1) 2, 6: mean 4, ms ((2-4)^2 + (6-4)^2)/2 = 4, gap 4,
     * relative 1; (1,0) 3, 7: mean 5, ms 4, gap 4, relative 0.8; (1,1) 4, 0: mean 2, ms 4, gap 4, relative 2.
     * Worst: ms 4, gap 4, relative 2.
     */
    @Test
    void consensusOverEveryPair() {
        Map<String, Double> values = record(new QdConsensusEvaluator());
        assertEquals(0, values.get("consensus_ms_error_s0_a0"), 0.0);
        assertEquals(4, values.get("consensus_ms_error_s1_a1"), 1e-12);
        assertEquals(4, values.get("consensus_ms_error"), 1e-12);
        assertEquals(4, values.get("consensus_max_gap"), 1e-12);
        assertEquals(2, values.get("consensus_relative_gap"), 1e-12);
    }

    /** Agent 1's last message 7.5 (true 7) at step 17 on pair index s A + a = 1 * 2 + 1 = 3; rms sqrt(1/4) = 0.5. */
    @Test
    void eavesdropperView() {
        Map<String, Double> values = record(new QdMessageEvaluator());
        assertEquals(0.5, values.get("message_error_rms"), 1e-12);
        assertFalse(values.containsKey("message_noise_declared_rms"));
        assertEquals(7.5, values.get("eavesdropper_message"), 0.0);
        assertEquals(7, values.get("eavesdropper_true"), 0.0);
        assertEquals(17, values.get("eavesdropper_step"), 0.0);
        assertEquals(3, values.get("eavesdropper_pair"), 0.0);
        assertEquals(7.5, values.get("eavesdropper_message_s1_a1"), 0.0);
        assertEquals(7, values.get("eavesdropper_true_s1_a1"), 0.0);
        assertFalse(values.containsKey("eavesdropper_message_s0_a0"));
    }

    /**
     * Every pair has reward mean 1 for both agents and stays in its state, gamma = 0.999 (the largest discount the
     * evaluator accepts): Q* = 1 / (1 - 0.999) = 1000 everywhere. Qbar(0, 0) = 1, so its error is 1 - 1000 = -999.
     * Tracking agents 1 and 2 records agent 1 only (there is no agent 2).
     */
    @Test
    void errorAtTheLargestDiscount() {
        double[][][] stay = {{{1, 0}, {1, 0}}, {{0, 1}, {0, 1}}};
        double[][][] ones = {{{1, 1}, {1, 1}}, {{1, 1}, {1, 1}}};
        Map<String, Double> values = record(new QdErrorEvaluator(new TableModel(0.999, stay, ones), new int[] {1, 2}));
        assertEquals(1000, values.get("q_star_s1_a1"), 1e-6);
        assertEquals(1, values.get("qbar_s0_a0"), 0.0);
        assertEquals(-999, values.get("qbar_error_s0_a0"), 1e-6);
        assertEquals(6, values.get("q_agent1_s0_a1"), 0.0);
        assertFalse(values.containsKey("q_agent2_s0_a0"));
    }
}
