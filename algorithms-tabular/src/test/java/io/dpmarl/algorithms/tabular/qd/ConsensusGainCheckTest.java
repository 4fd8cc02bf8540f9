package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The learner checks beta(0) * lambda_max(L) of the graph in force, and refuses a disconnected graph. */
class ConsensusGainCheckTest {

    private static DpQdLearner learner(CommunicationGraph graph, double gainB, TrialMetrics metrics) {
        return new DpQdLearner(3, 1, 1, GraphProcess.fixed(graph), GainSchedule.kar(1.0, gainB), 0.7,
                Optional.empty(), NoiseSource.seeded(1), PrivacyLedger.unaccounted(), new SplittableRandom(1),
                metrics, 0);
    }

    @Test
    void recordsTheStabilityProductOfTheGraphInForce() {
        // Path of 3: lambda_max(L) = 3, so gain-b 0.4 gives 1.2 (unstable, warned) and 0.1 gives 0.3.
        for (double gainB : new double[] {0.4, 0.1}) {
            List<Double> recorded = new ArrayList<>();
            TrialMetrics metrics = new TrialMetrics(r -> {
                if (r.metric().equals(DpQdLearner.CONSENSUS_GAIN_LAMBDA_MAX)) {
                    recorded.add(r.value());
                }
            });
            DpQdLearner learner = learner(CommunicationGraph.path(3), gainB, metrics);
            Observation[] observations = new Observation[3];
            Arrays.fill(observations, Observation.discrete(0));
            learner.beginEpisode(0, observations);
            int[] action = learner.act(0, observations);
            learner.observe(0, action, new StepResult(observations, new double[] {1, 2, 3}, false, false, Map.of()));
            learner.endEpisode(0);
            assertEquals(1, recorded.size());
            assertEquals(3 * gainB, recorded.get(0), 1e-9);
        }
    }

    @Test
    void refusesADisconnectedGraph() {
        CommunicationGraph split = CommunicationGraph.builder(3).addEdge(0, 1).build();
        assertEquals("communication graph must be a connected graph, got one with 3 agents and 1 edges that is not"
                + " connected", assertThrows(IllegalArgumentException.class,
                () -> learner(split, 0.05, TrialMetrics.discarding())).getMessage());
    }
}
