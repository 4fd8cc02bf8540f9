package io.dpmarl.algorithms.federated.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.FederatedTdMaster;
import io.dpmarl.algorithms.federated.td.FederatedTdWorker;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.comm.Message;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.FeatureScaling;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The flat-array team computes the protocol of the message view bit for bit: N separate {@link FederatedTdWorker}s
 * sending {@link Message}s to a {@link FederatedTdMaster} (paper Algorithm 1 steps 2-6, one object per agent)
 * and a {@link FederatedTdLambda} on the same features, weights, trajectory and costs (some clipped) agree on every
 * worker's theta after every round, exactly, when the workers fit in one block (then the kernel's aggregate is the
 * worker-order sum the master forms).
 */
class MessageViewEquivalenceTest {

    @Test
    void kernelEqualsSeparateWorkersAndMaster() {
        int workers = 9;
        int k = 4;
        int states = 8;
        SplittableRandom random = new SplittableRandom(4);
        FeatureMatrix phi = FeatureMatrix.random(states, k, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5, random);
        AggregationWeights weights = AggregationWeights.random(workers, random);
        TdParameters parameters = TdParameters.of(0.9, 0.6, StepSizes.power(0.7));
        double[][] initial = new double[workers][k];
        for (double[] row : initial) {
            for (int f = 0; f < k; f++) {
                row[f] = random.nextDouble(-1, 1);
            }
        }
        FederatedTdLambda team = new FederatedTdLambda(phi, weights, parameters, 0.5, initial, Optional.empty());
        FederatedTdMaster master = new FederatedTdMaster(weights, k, Optional.empty());
        List<FederatedTdWorker> separate = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            separate.add(new FederatedTdWorker(i, phi, parameters, initial[i], 0.5));
        }
        int state = 3;
        team.begin(state);
        separate.forEach(worker -> worker.begin(state));
        double[] costs = new double[workers];
        for (long t = 0; t < 60; t++) {
            int next = random.nextInt(states);
            for (int i = 0; i < workers; i++) {
                costs[i] = random.nextDouble(-0.2, 0.7);
            }
            List<Message> uplinks = new ArrayList<>();
            for (FederatedTdWorker worker : separate) {
                uplinks.add(worker.uplink());
            }
            Message broadcast = master.aggregate(uplinks, t);
            for (int i = 0; i < workers; i++) {
                separate.get(i).receive(broadcast, next, costs[i]);
            }
            team.advance(next, costs);
            for (int i = 0; i < workers; i++) {
                double[] expected = separate.get(i).theta();
                double[] actual = team.parameters(i);
                for (int f = 0; f < k; f++) {
                    assertEquals(Double.doubleToRawLongBits(expected[f]), Double.doubleToRawLongBits(actual[f]),
                            "round " + t + ", worker " + i + ", feature " + f);
                }
                assertEquals(separate.get(i).clippedCosts(), team.clippedCosts(i));
            }
        }
    }
}
