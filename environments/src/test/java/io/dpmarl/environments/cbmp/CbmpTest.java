package io.dpmarl.environments.cbmp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.conformance.EnvironmentConformance;
import io.dpmarl.core.model.DiscountedTabularModel;
import io.dpmarl.core.model.DiscountedValueIteration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The CBMP model, its sampling and its exact Q* oracle. */
class CbmpTest {

    private static CbmpModel workedExample() {
        // gamma = 0.7; P(0|0,0) = 0.3, P(0|0,1) = 0.8, P(0|1,0) = 0.6, P(0|1,1) = 0.1; Rbar = [[100, 200], [300, 50]].
        double[][][] p = {{{0.3, 0.7}, {0.8, 0.2}}, {{0.6, 0.4}, {0.1, 0.9}}};
        double[][][] mu = {{{100, 200}, {300, 50}}};
        return new CbmpModel(p, mu, 0.7, 20);
    }

    @Test
    void optimalQOfTheWorkedExample() {
        // Solved by hand: the greedy policy is (s0 -> a1, s1 -> a0), so V = (Q01, Q10) solves
        // V0 = 200 + 0.7 (0.8 V0 + 0.2 V1), V1 = 300 + 0.7 (0.6 V0 + 0.4 V1): V0 = 720.93023256, V1 = 837.20930233;
        // then Q00 = 100 + 0.7 (0.3 V0 + 0.7 V1) = 661.62790698 and Q11 = 50 + 0.7 (0.1 V0 + 0.9 V1) = 627.90697674.
        double[][] q = DiscountedValueIteration.optimalQ(workedExample());
        assertArrayEquals(new double[] {661.62790698, 720.93023256}, q[0], 1e-7);
        assertArrayEquals(new double[] {837.20930233, 627.90697674}, q[1], 1e-7);
        assertArrayEquals(new int[] {1, 0}, DiscountedValueIteration.greedyPolicy(q));
    }

    @Test
    void networkTargetIsTheAverageRewardsFixedPoint() {
        // Two agents whose rewards average to the worked example's table: Q* is the example's, while each agent's
        // local fixed point differs (its own rewards alone).
        double[][][] p = {{{0.3, 0.7}, {0.8, 0.2}}, {{0.6, 0.4}, {0.1, 0.9}}};
        double[][][] mu = {{{50, 300}, {400, 0}}, {{150, 100}, {200, 100}}};
        CbmpModel model = new CbmpModel(p, mu, 0.7, 20);
        assertEquals(200, model.averageMeanReward(0, 1), 0.0);
        assertArrayEquals(new double[] {661.62790698, 720.93023256}, DiscountedValueIteration.optimalQ(model)[0], 1e-7);
        double[][] local = DiscountedValueIteration.localOptimalQ(model, 0);
        assertTrue(Math.abs(local[0][1] - 720.93023256) > 50);
    }

    @Test
    void generatedModelMatchesThePaper() {
        CbmpModel model = CbmpModel.generate(20, 0.7, 20, 50, 400, new SplittableRandom(3));
        for (int s = 0; s < 2; s++) {
            for (int a = 0; a < 2; a++) {
                double[] row = model.transition(s, a);
                assertEquals(1.0, row[0] + row[1], 1e-15);
                for (int i = 0; i < 20; i++) {
                    double mu = model.meanReward(i, s, a);
                    assertTrue(mu >= 50 && mu <= 400, "mu " + mu);
                }
            }
        }
        assertEquals(0.7, model.discount(), 0.0);
    }

    @Test
    void rewardsAreGaussianWithVariance20() {
        // 200,000 samples of agent 0 at (1, 0): the sample mean has sd sqrt(20 / 2e5) = 0.01, bound 5 sd = 0.05;
        // the sample variance has sd about 20 sqrt(2 / 2e5) = 0.063, bound 5 sd = 0.32 (false rejection < 1e-6 each).
        // A standard deviation of 20 (the paper's "variance 20" misread) would give variance 400.
        CbmpModel model = workedExample();
        SplittableRandom random = new SplittableRandom(5);
        double[] out = new double[1];
        double sum = 0;
        double sumSquares = 0;
        int n = 200_000;
        for (int k = 0; k < n; k++) {
            model.sampleRewards(1, 0, random, out);
            sum += out[0];
            sumSquares += out[0] * out[0];
        }
        double mean = sum / n;
        double variance = sumSquares / n - mean * mean;
        assertEquals(300, mean, 0.05);
        assertEquals(20, variance, 0.32);
    }

    @Test
    void environmentStepsFollowTheModel() {
        CbmpModel model = workedExample();
        CbmpEnvironment environment = new CbmpEnvironment(model, GraphProcess.fixed(CommunicationGraph.complete(1)),
                "cbmp-test");
        // From state 0 under action 1, P(0) = 0.8: over 20,000 steps restarted in state 0 the frequency of 0 is
        // Binomial(20000, 0.8)/20000 with sd 0.0028; bound 5 sd. Initial states: Binomial(20000, 0.5), sd 0.0035.
        int toZero = 0;
        int startsAtZero = 0;
        int trials = 20_000;
        for (int k = 0; k < trials; k++) {
            int first = environment.reset(k).length == 1 ? environment.state() : -1;
            startsAtZero += first == 0 ? 1 : 0;
            while (environment.state() != 0) {
                environment.step(new int[] {0});
            }
            toZero += environment.step(new int[] {1}).observations()[0].state() == 0 ? 1 : 0;
        }
        assertEquals(0.8, toZero / (double) trials, 5 * 0.0028);
        assertEquals(0.5, startsAtZero / (double) trials, 5 * 0.0035);
    }

    @Test
    void laterResetsCanContinueTheChain() {
        CbmpModel model = workedExample();
        CbmpEnvironment environment = new CbmpEnvironment(model, GraphProcess.fixed(CommunicationGraph.complete(1)),
                CbmpEnvironment.ActionRule.COMMON, true, "cbmp-test");
        environment.reset(1);
        for (int k = 0; k < 50; k++) {
            int before = environment.step(new int[] {k % 2}).observations()[0].state();
            assertEquals(before, environment.reset(k)[0].state(), "reset " + k + " keeps the current state");
        }
    }

    @Test
    void actionRules() {
        CbmpModel model = CbmpModel.generate(3, 0.7, 20, 50, 400, new SplittableRandom(1));
        GraphProcess graphs = GraphProcess.fixed(CommunicationGraph.path(3));
        CbmpEnvironment common = new CbmpEnvironment(model, graphs, "cbmp");
        common.reset(1);
        assertEquals("CBMP applies one common action: agent 2 must play 1 like agent 0, got 0",
                assertThrows(IllegalArgumentException.class, () -> common.step(new int[] {1, 1, 0})).getMessage());
        assertEquals(3, common.step(new int[] {1, 1, 1}).rewards().length);
        EnvironmentConformance.check(() -> new CbmpEnvironment(model, graphs, CbmpEnvironment.ActionRule.MAJORITY,
                "cbmp(action-rule=majority)"));
        DiscountedTabularModel exact = common.capability(DiscountedTabularModel.class).orElseThrow();
        assertEquals(model, exact);
        assertEquals(graphs, common.communicationGraphs());
    }
}
