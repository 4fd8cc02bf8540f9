package io.dpmarl.algorithms.federated.td;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.comm.Message;
import io.dpmarl.core.model.FederatedFeatures;
import io.dpmarl.core.model.FederatedWeights;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Two rounds of federated TD(lambda) (Algorithm 1 of "Differentially private federated temporal difference
 * learning", clear downlink) on a 2-state chain, computed by hand from the algorithm's definition:
 * <pre>
 *   broadcast     = sum_j c^j theta_t^j
 *   l_t^i         = (gamma phi(s_{t+1}) - phi(s_t))^T theta_t^i + clip(r_t^i, R)
 *   theta_{t+1}^i = broadcast + alpha_t l_t^i z_t
 *   z_{t+1}       = gamma lambda z_t + phi(s_{t+1}),   z_0 = phi(s_0)
 * </pre>
 * Setting: phi(0) = (1, 0), phi(1) = (1/2, 1/2); gamma = 1/2, lambda = 3/4 (so gamma lambda = 3/8, distinct from
 * gamma, lambda, gamma/lambda and gamma + lambda); alpha = 1/2 constant; R = 1; two workers with c = (3/4, 1/4),
 * theta_0^1 = (1, 0), theta_0^2 = (0, 1); path 0 -> 1 -> 0; costs (1/2, 2) in round 0 (the 2 is clipped to 1)
 * and (-1/2, 1/4) in round 1.
 *
 * <p>Round 0 (s = 0, s' = 1, z_0 = (1, 0)): broadcast = 3/4 (1, 0) + 1/4 (0, 1) = (3/4, 1/4);
 * d = gamma phi(1) - phi(0) = (1/4, 1/4) - (1, 0) = (-3/4, 1/4).
 * Worker 1: d^T theta = -3/4, l = -3/4 + 1/2 = -1/4, theta_1^1 = (3/4, 1/4) + 1/2 (-1/4) (1, 0) = (5/8, 1/4).
 * Worker 2: d^T theta = 1/4, l = 1/4 + 1 = 5/4, theta_1^2 = (3/4, 1/4) + 1/2 (5/4) (1, 0) = (11/8, 1/4).
 * z_1 = 3/8 (1, 0) + (1/2, 1/2) = (7/8, 1/2).
 *
 * <p>Round 1 (s = 1, s' = 0): broadcast = 3/4 (5/8, 1/4) + 1/4 (11/8, 1/4) = (15/32 + 11/32, 1/4) = (13/16, 1/4);
 * d = gamma phi(0) - phi(1) = (1/2, 0) - (1/2, 1/2) = (0, -1/2).
 * Worker 1: d^T theta = -1/8, l = -1/8 - 1/2 = -5/8, step alpha l = -5/16,
 * theta_2^1 = (13/16 - 5/16 * 7/8, 1/4 - 5/16 * 1/2) = (69/128, 3/32).
 * Worker 2: d^T theta = -1/8, l = -1/8 + 1/4 = 1/8, step 1/16,
 * theta_2^2 = (13/16 + 7/128, 1/4 + 1/32) = (111/128, 9/32).
 * z_2 = 3/8 (7/8, 1/2) + (1, 0) = (85/64, 3/16).
 *
 * <p>Every number is dyadic with few bits, so the floating-point results are exact and compared with tolerance 0.
 */
class TwoStateChainByHandTest {
    private static final double GAMMA = 0.5;
    private static final double LAMBDA = 0.75;
    private static final double ALPHA = 0.5;
    private static final FederatedWeights WEIGHTS = new FederatedWeights.Values(new double[] {0.75, 0.25});
    private static final double[][] INITIAL = {{1, 0}, {0, 1}};
    private static final double[] COSTS_0 = {0.5, 2.0};
    private static final double[] COSTS_1 = {-0.5, 0.25};

    /** phi(0) = (1, 0), phi(1) = (1/2, 1/2): row norms 1 and 1/sqrt(2). */
    static final FederatedFeatures CHAIN = new FeatureMatrix(new double[][] {{1, 0}, {0.5, 0.5}});

    private static TdParameters parameters(TraceInitialisation trace) {
        return new TdParameters(GAMMA, LAMBDA, StepSizes.constant(ALPHA), trace);
    }

    private static FederatedTdLambda team(TraceInitialisation trace) {
        return new FederatedTdLambda(CHAIN, WEIGHTS, parameters(trace), 1.0, INITIAL, Optional.empty());
    }

    @Test
    void teamFollowsTheHandComputedRounds() {
        try (FederatedTdLambda team = team(TraceInitialisation.PHI_S0)) {
            assertEquals(0, team.lastBroadcast().length, "no broadcast before the first round");
            team.begin(0);
            assertArrayEquals(new double[] {1, 0}, team.trace(), 0.0, "z_0 = phi(s_0)");
            RoundTranscript first = team.round(1, COSTS_0);
            assertArrayEquals(new double[] {0.75, 0.25}, team.lastBroadcast(), 0.0);
            assertArrayEquals(new double[] {0.625, 0.25}, team.parameters(0), 0.0);
            assertArrayEquals(new double[] {1.375, 0.25}, team.parameters(1), 0.0);
            assertArrayEquals(new double[] {0.875, 0.5}, team.trace(), 0.0);
            assertEquals(1, team.clippedCosts(), "the cost 2 of worker 2 is clipped to R = 1");
            assertEquals(0, team.clippedCosts(0));
            assertEquals(1, team.clippedCosts(1));
            assertEquals(1, team.rounds());
            assertEquals(1, team.state());
            // the transcript: round 0, 0 -> 1, alpha_0, theta_0^i on the uplinks, the broadcast on the downlink
            assertEquals(0, first.round());
            assertEquals(0, first.state());
            assertEquals(1, first.next());
            assertEquals(ALPHA, first.alpha(), 0.0);
            assertEquals(new Statistic.Vector(new double[] {0, 1}), first.uplinks().get(1).payload());
            assertEquals(new Statistic.Vector(new double[] {0.75, 0.25}), first.downlink().payload());
            assertEquals(Message.SERVER, first.downlink().sender());
            assertEquals(FederatedTdMaster.BROADCAST, first.downlink().receiver());

            team.advance(0, COSTS_1);
            assertArrayEquals(new double[] {13.0 / 16, 0.25}, team.lastBroadcast(), 0.0);
            assertArrayEquals(new double[] {69.0 / 128, 3.0 / 32}, team.parameters(0), 0.0);
            assertArrayEquals(new double[] {111.0 / 128, 9.0 / 32}, team.parameters(1), 0.0);
            assertArrayEquals(new double[] {85.0 / 64, 3.0 / 16}, team.trace(), 0.0);
            assertArrayEquals(new double[] {13.0 / 16, 0.25}, team.master().lastAggregate(), 0.0,
                    "clear downlink: the broadcast is the aggregate");
            assertEquals(2, team.rounds());
            assertEquals(0, team.state());
            assertSame(WEIGHTS, team.weights());
            assertSame(CHAIN, team.features());
            assertEquals(1, team.threads());
        }
    }

    /** The snapshots of {@link FederatedTdLambda#workers()} hold the same state, round, trace and clip counts. */
    @Test
    void workerSnapshotsCarryTheHandComputedState() {
        try (FederatedTdLambda team = team(TraceInitialisation.PHI_S0)) {
            team.begin(0);
            team.advance(1, COSTS_0);
            List<FederatedTdWorker> workers = team.workers();
            assertEquals(2, workers.size());
            FederatedTdWorker second = workers.get(1);
            assertEquals(1, second.index());
            assertArrayEquals(new double[] {1.375, 0.25}, second.theta(), 0.0);
            assertArrayEquals(new double[] {0.875, 0.5}, second.trace(), 0.0);
            assertEquals(1, second.clippedCosts());
            assertEquals(0, workers.get(0).clippedCosts());
            assertEquals(1, second.round());
            assertEquals(1, second.state());
            assertEquals(1.0, second.costBound(), 0.0);
        }
    }

    /**
     * The message view (one {@link FederatedTdWorker} per agent and a {@link FederatedTdMaster}) gives the same
     * hand-computed numbers.
     */
    @Test
    void messageViewFollowsTheHandComputedRounds() {
        TdParameters parameters = parameters(TraceInitialisation.PHI_S0);
        FederatedTdWorker[] workers = {
            new FederatedTdWorker(0, CHAIN, parameters, INITIAL[0], 1.0),
            new FederatedTdWorker(1, CHAIN, parameters, INITIAL[1], 1.0)};
        FederatedTdMaster master = new FederatedTdMaster(WEIGHTS, 2, Optional.empty());
        assertEquals(null, master.lastAggregate(), "nothing aggregated yet");
        for (FederatedTdWorker worker : workers) {
            worker.begin(0);
        }
        Message down = master.aggregate(List.of(workers[0].uplink(), workers[1].uplink()), 0);
        assertEquals(new Statistic.Vector(new double[] {0.75, 0.25}), down.payload());
        assertEquals(0, down.round());
        for (int i = 0; i < 2; i++) {
            workers[i].receive(down, 1, COSTS_0[i]);
        }
        assertArrayEquals(new double[] {0.625, 0.25}, workers[0].theta(), 0.0);
        assertArrayEquals(new double[] {1.375, 0.25}, workers[1].theta(), 0.0);
        assertArrayEquals(new double[] {0.875, 0.5}, workers[1].trace(), 0.0);
        assertEquals(1, workers[1].clippedCosts());
        assertEquals(0, workers[0].clippedCosts());
        assertEquals(1, workers[0].round());
        assertEquals(1, workers[0].state());

        Message second = master.aggregate(List.of(workers[0].uplink(), workers[1].uplink()), 1);
        assertEquals(new Statistic.Vector(new double[] {13.0 / 16, 0.25}), second.payload());
        for (int i = 0; i < 2; i++) {
            workers[i].receive(second, 0, COSTS_1[i]);
        }
        assertArrayEquals(new double[] {69.0 / 128, 3.0 / 32}, workers[0].theta(), 0.0);
        assertArrayEquals(new double[] {111.0 / 128, 9.0 / 32}, workers[1].theta(), 0.0);
        assertArrayEquals(new double[] {85.0 / 64, 3.0 / 16}, workers[0].trace(), 0.0);
        // a stale downlink (round 1 again, the workers are in round 2) is refused
        assertThrows(IllegalArgumentException.class, () -> workers[0].receive(second, 1, 0.0));
    }

    /**
     * The pseudocode's z_0 = 0: round 0 makes no TD step, so theta_1^i = broadcast = (3/4, 1/4) for both workers
     * (the clip is still counted: the cost is clipped before it is used), and z_1 = 3/8 * 0 + phi(1) = (1/2, 1/2).
     */
    @Test
    void literalZeroTraceMakesNoFirstStep() {
        try (FederatedTdLambda team = team(TraceInitialisation.LITERAL_ZERO)) {
            team.begin(0);
            assertArrayEquals(new double[] {0, 0}, team.trace(), 0.0);
            team.advance(1, COSTS_0);
            assertArrayEquals(new double[] {0.75, 0.25}, team.parameters(0), 0.0);
            assertArrayEquals(new double[] {0.75, 0.25}, team.parameters(1), 0.0);
            assertArrayEquals(new double[] {0.5, 0.5}, team.trace(), 0.0);
        }
        TdParameters parameters = parameters(TraceInitialisation.LITERAL_ZERO);
        FederatedTdWorker worker = new FederatedTdWorker(1, CHAIN, parameters, INITIAL[1], 1.0);
        worker.begin(0);
        assertArrayEquals(new double[] {0, 0}, worker.trace(), 0.0);
        worker.receive(new Message(Message.SERVER, FederatedTdMaster.BROADCAST, 0,
                new Statistic.Vector(new double[] {0.75, 0.25})), 1, COSTS_0[1]);
        assertArrayEquals(new double[] {0.75, 0.25}, worker.theta(), 0.0);
        assertEquals(1, worker.clippedCosts());
    }

    /** A negative cost below -R is clipped to -R: l = -3/4 + (-1) in round 0 for worker 1, one clip. */
    @Test
    void costsBelowMinusRAreClippedToMinusR() {
        try (FederatedTdLambda team = team(TraceInitialisation.PHI_S0)) {
            team.begin(0);
            team.advance(1, new double[] {-3.0, 1.0});
            // worker 1: l = -3/4 - 1 = -7/4, theta = (3/4, 1/4) + 1/2 (-7/4) (1, 0) = (-1/8, 1/4)
            assertArrayEquals(new double[] {-0.125, 0.25}, team.parameters(0), 0.0);
            // worker 2: cost exactly R = 1 is not a clip: l = 1/4 + 1, theta = (11/8, 1/4)
            assertArrayEquals(new double[] {1.375, 0.25}, team.parameters(1), 0.0);
            assertEquals(1, team.clippedCosts());
        }
    }
}
