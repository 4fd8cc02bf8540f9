package io.dpmarl.environments.fedtd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.model.FederatedCostOracle;
import io.dpmarl.core.model.FederatedStructure;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The generated process has the shape of the DP federated TD(lambda) paper's Section 6 (with our choices for the
 * features: full rank, max row norm 1).
 *
 * <p>The statistical check on the cost mean uses 10^5 samples and a 5-standard-error band: false-rejection
 * rate about 6e-7 under the null (the seed is fixed, so the outcome is deterministic).
 */
class FederatedCostChainTest {

    private static FederatedCostModel paperModel() {
        return RandomFederatedCostChain.paperDefault(new SplittableRandom(3));
    }

    @Test
    void transitionRowsAreStochasticWithTheFloor() {
        FederatedCostModel model = paperModel();
        int states = model.numStates();
        double floor = 1e-5 / (states * (1 + 1e-5));
        for (int s = 0; s < states; s++) {
            double sum = 0;
            for (int next = 0; next < states; next++) {
                assertTrue(model.transition(s, next) >= floor);
                sum += model.transition(s, next);
            }
            assertEquals(1.0, sum, 1e-12);
        }
    }

    @Test
    void meanCostsAndInstantaneousCostsAreInTheirRanges() {
        FederatedCostModel model = paperModel();
        SplittableRandom random = new SplittableRandom(11);
        for (int agent = 0; agent < model.numAgents(); agent++) {
            for (int s = 0; s < model.numStates(); s++) {
                for (int next = 0; next < model.numStates(); next++) {
                    double mean = model.meanCost(agent, s, next);
                    assertTrue(mean >= 0.05 && mean <= 0.45, "mean cost " + mean);
                    double cost = model.sampleCost(agent, s, next, random);
                    assertTrue(cost >= 0 && cost <= 0.5, "cost " + cost);
                }
            }
        }
        assertEquals(0.5, model.costBound(), 0.0);
    }

    @Test
    void instantaneousCostIsUnbiasedForItsMean() {
        FederatedCostModel model = paperModel();
        SplittableRandom random = new SplittableRandom(5);
        int n = 100_000;
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += model.sampleCost(4, 2, 7, random);
        }
        // U[m - 0.05, m + 0.05] has standard deviation 0.1 / sqrt(12)
        double standardError = 0.1 / Math.sqrt(12) / Math.sqrt(n);
        assertEquals(model.meanCost(4, 2, 7), sum / n, 5 * standardError);
    }

    @Test
    void featuresHaveFullRankAndTheRequestedScale() {
        FeatureMatrix unit = FeatureMatrix.random(20, 10, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                new SplittableRandom(1));
        assertEquals(1.0, unit.maxRowNorm(), 1e-12);
        FeatureMatrix strict = FeatureMatrix.random(20, 10, FeatureScaling.ASSUMPTION2_STRICT, 0.9, 0.5,
                new SplittableRandom(1));
        assertEquals(Math.sqrt(0.55 / 1.9), strict.maxRowNorm(), 1e-12);
        assertEquals(10, new org.ejml.simple.SimpleMatrix(unit.toArray()).svd().rank());
    }

    @Test
    void rankDeficientFeaturesAreRejected() {
        double[][] rows = {{1, 2}, {2, 4}, {3, 6}};
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> new FeatureMatrix(rows));
        assertTrue(error.getMessage().contains("full column rank"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FeatureMatrix(new double[][] {{1, 0, 0}, {0, 1, 0}}));
    }

    @Test
    void badWeightsAreRejected() {
        IllegalArgumentException sum = assertThrows(IllegalArgumentException.class,
                () -> new AggregationWeights(new double[] {0.5, 0.4}));
        assertTrue(sum.getMessage().contains("sum to 1"), sum.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> new AggregationWeights(new double[] {1.5, -0.5}));
        assertTrue(negative.getMessage().contains("c^2 must be in (0, 1]"), negative.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new AggregationWeights(new double[] {Double.NaN, 1}));
        assertEquals(1.0, java.util.Arrays.stream(AggregationWeights.uniform(7).values()).sum(), 1e-15);
    }

    @Test
    void badTransitionMatrixIsRejected() {
        FeatureMatrix phi = new FeatureMatrix(new double[][] {{1}, {0.5}});
        double[][][] costs = {{{0.1, 0.1}, {0.1, 0.1}}};
        assertThrows(IllegalArgumentException.class,
                () -> new FederatedCostModel(new double[][] {{0.5, 0.4}, {0.5, 0.5}}, costs, 0.05, phi, 0.5));
        assertThrows(IllegalArgumentException.class,
                () -> new FederatedCostModel(new double[][] {{1.5, -0.5}, {0.5, 0.5}}, costs, 0.05, phi, 0.5));
        assertThrows(IllegalArgumentException.class,
                () -> new FederatedCostModel(new double[][] {{0.5, 0.5}, {0.5, 0.5}}, costs, 0.05, phi, 0.1));
    }

    @Test
    void passesTheEnvironmentConformanceKit() {
        io.dpmarl.core.conformance.EnvironmentConformance.check(() -> new FederatedCostChainEnvironment(
                RandomFederatedCostChain.generate(3, 5, 2, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                        new SplittableRandom(1)), "federated-cost-chain(agents=3, states=5, features=2)"));
    }

    @Test
    void pluginProducesAContinuingCostProcess() {
        Registry registry = Registry.discover();
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=3, states=6, features=2, model-seed=4)",
                PluginContext.standalone(registry));
        assertEquals(3, environment.info().numAgents());
        assertEquals(1, environment.info().numActions(0));
        var first = environment.reset(9);
        var again = environment.reset(9);
        assertEquals(first[0], again[0]);
        StepResult result = environment.step(new int[3]);
        assertEquals(3, result.rewards().length);
        for (double cost : result.rewards()) {
            assertTrue(cost >= 0 && cost <= 0.5);
        }
        assertTrue(!result.done());
        assertThrows(IllegalArgumentException.class, () -> environment.step(new int[] {0, 1, 0}));
        assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.ENVIRONMENT,
                Environment.class, "federated-cost-chain(states=4, features=5)", PluginContext.standalone(registry)));
    }

    @Test
    void offersThePublicStructureAndTheExactOracle() {
        FederatedCostModel model = RandomFederatedCostChain.generate(3, 6, 2, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9,
                0.5, new SplittableRandom(4));
        FederatedCostChainEnvironment environment = new FederatedCostChainEnvironment(model, "chain");
        FederatedStructure structure = environment.capability(FederatedStructure.class).orElseThrow();
        assertEquals(model.features(), structure.features());
        assertEquals(0.5, structure.costBound(), 0.0);
        assertEquals(3, structure.weights().size());
        assertEquals(1.0 / 3, structure.weights().get(2), 1e-15);
        FederatedCostOracle oracle = environment.capability(FederatedCostOracle.class).orElseThrow();
        TdLambdaOracle direct = new TdLambdaOracle(model, AggregationWeights.uniform(3), 0.8, 0.3);
        org.junit.jupiter.api.Assertions.assertArrayEquals(direct.thetaStar(), oracle.thetaStar(0.8, 0.3), 0.0);
        double[] theta = {0.7, -1.1};
        assertEquals(direct.averageApproximateValue(theta), oracle.averageValue(theta), 0.0);
        assertThrows(IllegalArgumentException.class, () -> oracle.averageValue(new double[3]));
    }
}
