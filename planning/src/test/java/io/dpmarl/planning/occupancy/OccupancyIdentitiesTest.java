package io.dpmarl.planning.occupancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.StepResult;
import io.dpmarl.environments.reachavoid.CorridorGridworld;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.environments.reachavoid.SysAdmin;
import io.dpmarl.planning.TinyGames;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Identities of the occupancy measure (Chen et al., "Differential Privacy in Cooperative Multiagent Planning",
 * Section 6): flow conservation, absorption with probability 1, success probability and expected length against
 * Monte Carlo, and the total-correlation surrogate on games small enough to derive it by hand.
 */
class OccupancyIdentitiesTest {

    /** A random full-support joint policy. */
    static double[][] randomPolicy(TransientModel model, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] policy = new double[model.activeStates()][model.actions()];
        for (double[] row : policy) {
            double total = 0;
            for (int a = 0; a < row.length; a++) {
                row[a] = 0.05 + random.nextDouble();
                total += row[a];
            }
            for (int a = 0; a < row.length; a++) {
                row[a] /= total;
            }
        }
        return policy;
    }

    @Test
    void flowIsConservedAndEveryEpisodeIsAbsorbed() {
        TransientModel model = new TransientModel(CorridorGridworld.paper());
        Occupancy occupancy = PolicyEvaluation.occupancy(model, randomPolicy(model, 3));
        int n = model.activeStates();
        double[] inflow = new double[n];
        inflow[model.initial()] = 1;
        for (int s = 0; s < n; s++) {
            for (int a = 0; a < model.actions(); a++) {
                int[] next = model.successors(s, a);
                double[] p = model.probabilities(s, a);
                for (int k = 0; k < next.length; k++) {
                    inflow[next[k]] += occupancy.x(s, a) * p[k];
                }
            }
        }
        for (int s = 0; s < n; s++) {
            double outflow = 0;
            for (int a = 0; a < model.actions(); a++) {
                outflow += occupancy.x(s, a);
            }
            assertEquals(inflow[s], outflow, 1e-9, "flow at active state " + s);
        }
        assertEquals(1, occupancy.absorptionProbability(), 1e-9);
        // l = sum of visits to active states + P(absorbed)
        double visits = java.util.Arrays.stream(occupancy.visits()).sum();
        assertEquals(visits + 1, occupancy.expectedLength(), 1e-9);
    }

    /**
     * v(x) and l(x) against 40,000 simulated episodes of the environment's own step under the same joint policy:
     * both lie within 4.5 standard errors (two-sided false-rejection rate about 7e-6 each). The mutant "l without the
     * final absorbing state" (sum of active visits) is rejected by the same interval.
     */
    @Test
    void successAndLengthMatchMonteCarlo() {
        ReachAvoidGame game = SysAdmin.create(0.9, 0.1, 0.1, 2, 2, SysAdmin.parse("2233"), 1_000_000);
        TransientModel model = new TransientModel(game);
        double[][] policy = randomPolicy(model, 9);
        Occupancy occupancy = PolicyEvaluation.occupancy(model, policy);
        SplittableRandom random = new SplittableRandom(10);
        int episodes = 40_000;
        int successes = 0;
        double sum = 0;
        double sumSquares = 0;
        for (int e = 0; e < episodes; e++) {
            game.reset(random.nextLong());
            int state = game.initialState();
            int length = 1;
            boolean done = false;
            boolean success = false;
            while (!done) {
                double[] row = policy[model.activeIndex(state)];
                double u = random.nextDouble();
                int a = 0;
                double cumulative = row[0];
                while (u >= cumulative && a < row.length - 1) {
                    cumulative += row[++a];
                }
                StepResult result = game.step(game.decodeAction(a));
                state = result.observations()[0].state();
                length++;
                done = result.done();
                success = result.terminated() && game.isTarget(state);
            }
            successes += success ? 1 : 0;
            sum += length;
            sumSquares += (double) length * length;
        }
        double v = successes / (double) episodes;
        double vError = Math.sqrt(v * (1 - v) / episodes);
        assertEquals(v, occupancy.successProbability(), 4.5 * vError);
        double mean = sum / episodes;
        double lError = Math.sqrt((sumSquares / episodes - mean * mean) / episodes);
        assertEquals(mean, occupancy.expectedLength(), 4.5 * lError);
        double mutant = java.util.Arrays.stream(occupancy.visits()).sum();
        assertTrue(Math.abs(mean - mutant) > 4.5 * lError, "the mutant length must be rejected");
    }

    /** The correlated toy policy: (go, go) or (stay, stay) with 1/2 each at (0, 0); C = 2 ln 2, v = 1, l = 3. */
    @Test
    void correlatedToyPolicyHasTotalCorrelationTwoLnTwo() {
        TransientModel model = new TransientModel(TinyGames.stayOrGo());
        double[][] policy = new double[model.activeStates()][4];
        for (int s = 0; s < model.activeStates(); s++) {
            policy[s][3] = 1; // (go, go) wherever not (0, 0)
        }
        int start = model.initial();
        policy[start][3] = 0.5;
        policy[start][0] = 0.5;
        Occupancy occupancy = PolicyEvaluation.occupancy(model, policy);
        assertEquals(1, occupancy.successProbability(), 1e-12);
        assertEquals(3, occupancy.expectedLength(), 1e-12);
        assertEquals(2 * Math.log(2), new TotalCorrelation(occupancy, 0).value(), 1e-12);
        policy[start][3] = 1;
        policy[start][0] = 0;
        Occupancy deterministic = PolicyEvaluation.occupancy(model, policy);
        assertEquals(0, new TotalCorrelation(deterministic, 0).value(), 1e-12);
        assertEquals(2, deterministic.expectedLength(), 1e-12);
    }

    /**
     * On the chain (both agents move 0 -> 1 -> 2 whatever they do) a product of independent uniform local policies
     * has C = 0 (H_joint = 2 ln 4 = the sum of the local entropies 2 (ln 2 + ln 2)); choosing the same action
     * (perfectly correlated) gives C = 2 ln 2.
     */
    @Test
    void productOfIndependentLocalPoliciesHasZeroTotalCorrelation() {
        TransientModel model = new TransientModel(TinyGames.chain());
        double[][] product = new double[model.activeStates()][4];
        double[][] correlated = new double[model.activeStates()][4];
        for (int s = 0; s < model.activeStates(); s++) {
            java.util.Arrays.fill(product[s], 0.25);
            correlated[s][0] = 0.5;
            correlated[s][3] = 0.5;
        }
        TotalCorrelation independent = new TotalCorrelation(PolicyEvaluation.occupancy(model, product), 0);
        assertEquals(4 * Math.log(2), independent.jointEntropy(), 1e-12);
        assertEquals(0, independent.value(), 1e-12);
        assertEquals(2 * Math.log(2), new TotalCorrelation(PolicyEvaluation.occupancy(model, correlated), 0).value(),
                1e-12);
    }
}
