package io.dpmarl.algorithms.tabular.qd.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.algorithms.tabular.qd.QdNetworkView;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.DiscountedTabularModel;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The QD evaluators on hand-made tables: every recorded value is computed by hand in the comments. */
class QdEvaluatorsTest {

    /** Two agents, one state, one action: Q^0 = 10, Q^1 = 14; one message of agent 0: sent 13, true 10. */
    private static final class TwoAgents implements Learner, QdNetworkView {
        @Override
        public void beginEpisode(int episode, Observation[] observations) {
        }

        @Override
        public int[] act(int stage, Observation[] observations) {
            return new int[2];
        }

        @Override
        public void observe(int stage, int[] jointAction, StepResult result) {
        }

        @Override
        public void endEpisode(int episode) {
        }

        @Override
        public Policy policy() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int numAgents() {
            return 2;
        }

        @Override
        public int numStates() {
            return 1;
        }

        @Override
        public int numActions() {
            return 1;
        }

        @Override
        public double value(int agent, int state, int action) {
            return agent == 0 ? 10 : 14;
        }

        @Override
        public long steps() {
            return 1;
        }

        @Override
        public MessageStatistics episodeMessages() {
            Eavesdropped seen = new Eavesdropped(0, 0, 0, 0, 13, 10);
            return new MessageStatistics(2, 9 + 16, Optional.of(2 * 8.0 + 2 * 12.5), Optional.of(seen));
        }

        @Override
        public Optional<Eavesdropped> lastObserved(int state, int action) {
            return episodeMessages().lastObserved();
        }
    }

    /** One state, one action, reward means 3 (agent 0) and 5 (agent 1), gamma 0.5: Q* = 4 / 0.5 = 8. */
    private static final DiscountedTabularModel MODEL = new DiscountedTabularModel() {
        @Override
        public int numAgents() {
            return 2;
        }

        @Override
        public int numStates() {
            return 1;
        }

        @Override
        public int numActions() {
            return 1;
        }

        @Override
        public double discount() {
            return 0.5;
        }

        @Override
        public double[] transition(int state, int action) {
            return new double[] {1};
        }

        @Override
        public double meanReward(int agent, int state, int action) {
            return agent == 0 ? 3 : 5;
        }
    };

    private static Map<String, Double> record(io.dpmarl.core.evaluate.Evaluator evaluator) {
        Map<String, Double> values = new HashMap<>();
        TrialMetrics metrics = new TrialMetrics(r -> values.put(r.metric(), r.value()));
        evaluator.afterEpisode(new EvaluationContext(null, new TwoAgents(), 0, metrics));
        return values;
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
        Learner plain = new Learner() {
            @Override
            public void beginEpisode(int episode, Observation[] observations) {
            }

            @Override
            public int[] act(int stage, Observation[] observations) {
                return new int[0];
            }

            @Override
            public void observe(int stage, int[] jointAction, StepResult result) {
            }

            @Override
            public void endEpisode(int episode) {
            }

            @Override
            public Policy policy() {
                return null;
            }
        };
        assertEquals("qd-consensus evaluates a QD learner (dp-qd-learning, qd-learning, center-qd), got ",
                assertThrows(IllegalArgumentException.class, () -> new QdConsensusEvaluator().afterEpisode(
                        new EvaluationContext(null, plain, 0, metrics))).getMessage());
    }
}
