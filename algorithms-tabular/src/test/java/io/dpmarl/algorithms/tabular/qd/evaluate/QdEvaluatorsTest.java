package io.dpmarl.algorithms.tabular.qd.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView.Eavesdropped;
import io.dpmarl.algorithms.tabular.qd.QdNetworkView.MessageStatistics;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.InertLearner;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.TableModel;
import io.dpmarl.algorithms.tabular.qd.evaluate.QdFixtures.TableNetwork;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.TrialMetrics;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The QD evaluators on hand-made tables: every recorded value is computed by hand in the comments. */
class QdEvaluatorsTest {

    /** The message of agent 0 on the only pair: sent 13, true 10. */
    private static final Eavesdropped SEEN = new Eavesdropped(0, 0, 0, 0, 13, 10);

    /**
     * Two agents, one state, one action: Q^0 = 10, Q^1 = 14; two messages with squared errors 9 and 16 and declared
     * variances 2 * 8 and 2 * 12.5; the last one is agent 0's {@link #SEEN}.
     */
    private static TableNetwork twoAgents() {
        return new TableNetwork(new double[][][] {{{10}}, {{14}}}, 1,
                new MessageStatistics(2, 9 + 16, Optional.of(2 * 8.0 + 2 * 12.5), Optional.of(SEEN)), SEEN);
    }

    /** One state, one action, reward means 3 (agent 0) and 5 (agent 1), gamma 0.5: Q* = 4 / 0.5 = 8. */
    static final TableModel MODEL = new TableModel(0.5, new double[][][] {{{1}}}, new double[][][] {{{3}}, {{5}}});

    private static Map<String, Double> record(Evaluator evaluator) {
        return QdFixtures.record(evaluator, twoAgents(), 0);
    }

    @Test
    void errorToTheNetworkTarget() {
        Map<String, Double> values = record(new QdErrorEvaluator(MODEL, new int[] {1}));
        // Qbar = 12, Q* = 8: Qbar error 4; agent errors 2 and 6: max 6, mean 4.
        assertEquals(8, values.get("q_star_s0_a0"), 1e-9);
        assertEquals(4, values.get("qbar_error_s0_a0"), 1e-9);
        assertEquals(4, values.get("qbar_error_max"), 1e-9);
        assertEquals(6, values.get("q_error_max"), 1e-9);
        assertEquals(4, values.get("q_error_mean"), 1e-9);
        assertEquals(14, values.get("q_agent1_s0_a0"), 0.0);
        assertFalse(values.containsKey("q_agent0_s0_a0"), "only tracked agents are recorded");
        // Local fixed points 3/0.5 = 6 and 5/0.5 = 10: spread 4 / 8 = 0.5.
        assertEquals(0.5, values.get("local_optimum_relative_spread"), 1e-9);
    }

    @Test
    void aLearnerDiscountOtherThanTheEnvironmentsIsRefusedNamingBoth() {
        // Tables learnt with gamma 0.7 converge to another fixed point than the Q* of MODEL's gamma 0.5.
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> QdFixtures.record(
                new QdErrorEvaluator(MODEL, new int[] {1}), twoAgents().declaringDiscount(0.7), 0));
        assertEquals("qd-error: the learner's discount (its parameter 'gamma') is 0.7 but the environment's (its"
                + " parameter 'gamma') is 0.5: Q* is the fixed point of the environment's discount, so set both to the"
                + " same value", refused.getMessage());
        // The same discount is accepted and gives the values of errorToTheNetworkTarget.
        Map<String, Double> values = QdFixtures.record(new QdErrorEvaluator(MODEL, new int[] {1}),
                twoAgents().declaringDiscount(0.5), 0);
        assertEquals(4, values.get("qbar_error_max"), 1e-9);
    }

    @Test
    void consensusAndMessages() {
        Map<String, Double> consensus = record(new QdConsensusEvaluator());
        // (1/2)((10-12)^2 + (14-12)^2) = 4; gap 4; relative 4/12.
        assertEquals(4, consensus.get("consensus_ms_error"), 1e-12);
        assertEquals(4, consensus.get("consensus_ms_error_s0_a0"), 1e-12);
        assertEquals(4, consensus.get("consensus_max_gap"), 1e-12);
        assertEquals(1.0 / 3, consensus.get("consensus_relative_gap"), 1e-12);
        Map<String, Double> messages = record(new QdMessageEvaluator());
        // sqrt(25 / 2) and sqrt(41 / 2).
        assertEquals(Math.sqrt(12.5), messages.get("message_error_rms"), 1e-12);
        assertEquals(Math.sqrt(20.5), messages.get("message_noise_declared_rms"), 1e-12);
        assertEquals(13, messages.get("eavesdropper_message_s0_a0"), 0.0);
        assertEquals(10, messages.get("eavesdropper_true_s0_a0"), 0.0);
    }

    @Test
    void aLearnerThatIsNoQdNetworkIsRefused() {
        TrialMetrics metrics = TrialMetrics.discarding();
        InertLearner plain = new InertLearner(2);
        assertEquals("qd-consensus evaluates a QD learner (dp-qd-learning, qd-learning, center-qd), got InertLearner",
                assertThrows(IllegalArgumentException.class, () -> new QdConsensusEvaluator().afterEpisode(
                        new EvaluationContext(null, plain, 0, metrics))).getMessage());
    }
}
