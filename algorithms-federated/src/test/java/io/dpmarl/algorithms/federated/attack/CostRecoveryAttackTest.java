package io.dpmarl.algorithms.federated.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.td.CostTrajectory;
import io.dpmarl.algorithms.federated.td.TestDownlinks;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.RoundTranscript;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureScaling;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The attack demonstration for DP federated TD(lambda) (why the paper's Section 5.1 calls for privacy). Without noise
 * an observer of the uplink and downlink recovers every private cost to 1e-10; an observer of the downlink alone who
 * knows the other agents' costs also recovers it exactly. With Gaussian noise on the downlink the downlink observer's
 * error is exactly the propagated noise term of {@link CostRecoveryAttack}, and its standardised value has unit
 * variance: over 2000 rounds the sample variance of the standardised errors is within 0.8..1.25 (about 5 standard
 * errors of a chi-square with 2000 degrees of freedom on each side; false-rejection rate below 1e-6). A deliberately
 * wrong noise scale (1.2 sigma in the prediction) is rejected by the same band.
 */
class CostRecoveryAttackTest {
    private static final double GAMMA = 0.9;
    private static final double LAMBDA = 0.5;
    private static final int AGENTS = 4;
    private static final int FEATURES = 3;

    private static FederatedCostModel model() {
        return RandomFederatedCostChain.generate(AGENTS, 8, FEATURES, FeatureScaling.UNIT_MAX_ROW_NORM, GAMMA, LAMBDA,
                new SplittableRandom(12));
    }

    private static FederatedTdLambda team(FederatedCostModel model, AggregationWeights c, double sigma) {
        TdParameters parameters = TdParameters.of(GAMMA, LAMBDA, StepSizes.constant(0.05));
        return new FederatedTdLambda(model.features(), c, parameters, 0.5, new double[AGENTS][FEATURES],
                sigma == 0 ? TestDownlinks.clear() : TestDownlinks.noisy(NoiseMechanism.GAUSSIAN, sigma, FEATURES, 5));
    }

    private static double[] vector(Message message) {
        return ((Statistic.Vector) message.payload()).values();
    }

    @Test
    void withoutNoiseBothObserversRecoverEveryCostExactly() {
        FederatedCostModel model = model();
        AggregationWeights c = AggregationWeights.random(AGENTS, new SplittableRandom(2));
        FederatedTdLambda team = team(model, c, 0);
        CostRecoveryAttack attack = new CostRecoveryAttack(model.features(), GAMMA);
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(3));
        team.begin(trajectory.initialState());
        double[] trace = team.workers().get(0).trace();
        RoundTranscript previous = team.round(trajectory.advance(), trajectory.costs());
        double[] previousCosts = trajectory.costs();
        for (int t = 1; t < 300; t++) {
            double[] nextTrace = team.workers().get(0).trace();
            RoundTranscript current = team.round(trajectory.advance(), trajectory.costs());
            for (int i = 0; i < AGENTS; i++) {
                double fromUplink = attack.fromUplink(previous.uplinks().get(i), previous.downlink(),
                        current.uplinks().get(i), trace, previous.state(), previous.next(), previous.alpha());
                assertEquals(previousCosts[i], fromUplink, 1e-10);
                double others = 0;
                for (int j = 0; j < AGENTS; j++) {
                    others += j == i ? 0 : c.get(j) * previousCosts[j];
                }
                double fromDownlink = attack.fromDownlink(vector(previous.downlink()), vector(current.downlink()),
                        trace, previous.state(), previous.next(), previous.alpha(), c.get(i), others);
                assertEquals(previousCosts[i], fromDownlink, 1e-10);
            }
            previous = current;
            previousCosts = trajectory.costs();
            trace = nextTrace;
        }
    }

    @Test
    void withNoiseTheDownlinkObserversErrorMatchesTheNoiseScale() {
        double sigma = 0.01;
        FederatedCostModel model = model();
        AggregationWeights c = AggregationWeights.uniform(AGENTS);
        FederatedTdLambda team = team(model, c, sigma);
        CostRecoveryAttack attack = new CostRecoveryAttack(model.features(), GAMMA);
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(3));
        team.begin(trajectory.initialState());
        double[] trace = team.workers().get(0).trace();
        RoundTranscript previous = team.round(trajectory.advance(), trajectory.costs());
        double[] previousCosts = trajectory.costs();
        int target = 1;
        int rounds = 2000;
        double sumSquares = 0;
        double sumSquaresWrong = 0;
        double meanAbsoluteError = 0;
        for (int t = 1; t <= rounds; t++) {
            double[] nextTrace = team.workers().get(0).trace();
            double[] noiseBefore = noise(team);
            RoundTranscript current = team.round(trajectory.advance(), trajectory.costs());
            double[] noiseAfter = noise(team);
            // the uplink observer is unaffected by the noise: the worker used the broadcast it sees
            double fromUplink = attack.fromUplink(previous.uplinks().get(target), previous.downlink(),
                    current.uplinks().get(target), trace, previous.state(), previous.next(), previous.alpha());
            assertEquals(previousCosts[target], fromUplink, 1e-9);
            double others = 0;
            for (int j = 0; j < AGENTS; j++) {
                others += j == target ? 0 : c.get(j) * previousCosts[j];
            }
            double recovered = attack.fromDownlink(vector(previous.downlink()), vector(current.downlink()), trace,
                    previous.state(), previous.next(), previous.alpha(), c.get(target), others);
            double error = recovered - previousCosts[target];
            // exact error term: (z^T u_{t+2} / (alpha ||z||^2) - d^T u_{t+1}) / c^i
            double projection = 0;
            double squaredNorm = 0;
            double dot = 0;
            for (int k = 0; k < FEATURES; k++) {
                projection += trace[k] * noiseAfter[k];
                squaredNorm += trace[k] * trace[k];
                double difference = GAMMA * model.features().get(previous.next(), k)
                        - model.features().get(previous.state(), k);
                dot += difference * noiseBefore[k];
            }
            double predicted = (projection / (previous.alpha() * squaredNorm) - dot) / c.get(target);
            assertEquals(predicted, error, 1e-9 * Math.max(1, Math.abs(predicted)));
            double variance = attack.downlinkErrorVariance(sigma * sigma, trace, previous.state(), previous.next(),
                    previous.alpha(), c.get(target));
            sumSquares += error * error / variance;
            sumSquaresWrong += error * error / (1.44 * variance);
            meanAbsoluteError += Math.abs(error) / rounds;
            previous = current;
            previousCosts = trajectory.costs();
            trace = nextTrace;
        }
        double standardised = sumSquares / rounds;
        assertTrue(standardised > 0.8 && standardised < 1.25, "standardised error variance " + standardised);
        assertTrue(sumSquaresWrong / rounds < 0.8 || sumSquaresWrong / rounds > 1.25, "1.2 sigma must be rejected");
        // the noise destroys the recovery: typical error far above the cost range's resolution
        assertTrue(meanAbsoluteError > 0.1, "mean absolute error " + meanAbsoluteError);
    }

    private static double[] noise(FederatedTdLambda team) {
        double[] broadcast = team.lastBroadcast();
        double[] aggregate = team.master().lastAggregate();
        if (aggregate == null) {
            return new double[FEATURES];
        }
        double[] u = new double[FEATURES];
        for (int k = 0; k < FEATURES; k++) {
            u[k] = broadcast[k] - aggregate[k];
        }
        return u;
    }
}
