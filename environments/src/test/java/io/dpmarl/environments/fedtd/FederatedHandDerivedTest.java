package io.dpmarl.environments.fedtd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Hand-derived values of the federated cost process: the counter-based mean costs against the SplitMix64 generator
 * (the JDK's {@link SplittableRandom} is SplitMix64: {@code new SplittableRandom(x).nextLong()} is the finaliser of
 * {@code x + GOLDEN}, and {@code nextDouble()} its top 53 bits times 2^-53), the documented draw orders, the model's
 * bounds, and a two-state chain whose values are solved by hand.
 */
class FederatedHandDerivedTest {
    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    /** Two states, every transition 1/2; mean costs 0.2 leaving state 0 and 0.4 leaving state 1; w = 0. */
    private static FederatedCostModel twoStates(int agents) {
        double[][] p = {{0.5, 0.5}, {0.5, 0.5}};
        double[][][] costs = new double[agents][][];
        for (int i = 0; i < agents; i++) {
            costs[i] = new double[][] {{0.2, 0.2}, {0.4, 0.4}};
        }
        return new FederatedCostModel(p, costs, 0.0, new FeatureMatrix(new double[][] {{1, 0}, {0, 1}}), 0.5);
    }

    @Test
    void counterMeanCostsAreThreeChainedSplitMixRounds() {
        CounterMeanCosts costs = new CounterMeanCosts(12345L, 3, 0.05, 0.45);
        for (int agent = 0; agent < 3; agent++) {
            for (int s = 0; s < 4; s++) {
                for (int next = 0; next < 4; next++) {
                    // x1 = mix(seed + G (agent + 1)), x2 = mix(x1 + G (s + 1)), u = top53(mix(x2 + G (next + 1)))
                    long x1 = new SplittableRandom(12345L + GOLDEN * agent).nextLong();
                    long x2 = new SplittableRandom(x1 + GOLDEN * s).nextLong();
                    double u = new SplittableRandom(x2 + GOLDEN * next).nextDouble();
                    assertEquals(0.05 + 0.4 * u, costs.get(agent, s, next), 1e-15,
                            "agent " + agent + ", s " + s + ", s' " + next);
                }
            }
        }
        assertEquals(3, new CounterMeanCosts(1, 1, -3, 2).maxAbs(), 0);
        assertEquals(5, new CounterMeanCosts(1, 1, -1, 5).maxAbs(), 0);
        assertEquals(-0.7, new CounterMeanCosts(1, 1, -0.7, -0.7).get(0, 3, 9), 0);
    }

    @Test
    void randomWeightsAreNormalisedShiftedUniforms() {
        // c^i proportional to 0.5 + U_i
        SplittableRandom draws = new SplittableRandom(8);
        double c0 = 0.5 + draws.nextDouble();
        double c1 = 0.5 + draws.nextDouble();
        double c2 = 0.5 + draws.nextDouble();
        double sum = c0 + c1 + c2;
        AggregationWeights weights = AggregationWeights.random(3, new SplittableRandom(8));
        assertArrayEquals(new double[] {c0 / sum, c1 / sum, c2 / sum}, weights.values(), 1e-15);
        assertEquals(Math.min(c0, Math.min(c1, c2)) / sum, weights.min(), 1e-15);
        assertEquals(Math.max(c0, Math.max(c1, c2)) / sum, weights.max(), 1e-15);
        AggregationWeights quarter = new AggregationWeights(new double[] {0.25, 0.75});
        assertEquals(new AggregationWeights(new double[] {0.25, 0.75}), quarter);
        assertEquals(new AggregationWeights(new double[] {0.25, 0.75}).hashCode(), quarter.hashCode());
        assertNotEquals(new AggregationWeights(new double[] {0.75, 0.25}), quarter);
        assertNotEquals(quarter, "0.25, 0.75");
        assertEquals("AggregationWeights[0.25, 0.75]", quarter.toString());
    }

    @Test
    void transitionRowsAreTheFlooredUniformsNormalised() {
        // the first row of P: S uniforms U_j, then (U_j + 1e-5) / sum
        SplittableRandom draws = new SplittableRandom(21);
        double[] row = new double[3];
        double sum = 0;
        for (int j = 0; j < 3; j++) {
            row[j] = draws.nextDouble() + 1e-5;
            sum += row[j];
        }
        FederatedCostModel model = RandomFederatedCostChain.generate(2, 3, 2, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9,
                0.5, new SplittableRandom(21));
        for (int j = 0; j < 3; j++) {
            assertEquals(row[j] / sum, model.transition(0, j), 1e-15);
        }
    }

    @Test
    void modelBoundsAndShapes() {
        double[][] p = {{1, 0}, {0, 1}};
        FeatureMatrix phi = new FeatureMatrix(new double[][] {{1, 0}, {0, 1}});
        double[][][] costs = {{{0.1, 0.2}, {0.3, 0.4}}};
        // zero probabilities are valid
        FederatedCostModel model = new FederatedCostModel(p, costs, 0.1, phi, 0.5);
        assertEquals(0.1, model.costHalfWidth(), 0);
        // max |R| + w = 0.4 + 0.35 = 0.75 > 0.5
        assertEquals("costBound must be in [max |R| + w, inf) = [0.75, inf), got 0.5",
                assertThrows(IllegalArgumentException.class,
                        () -> new FederatedCostModel(p, costs, 0.35, phi, 0.5)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FederatedCostModel(p,
                new double[][][] {{{0.1, 0.2}}}, 0.1, phi, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new FederatedCostModel(p,
                new double[][][] {{{0.1, 0.2}, {0.3}}}, 0.1, phi, 0.5));
    }

    @Test
    void samplingInvertsTheCumulativeRowAndCentresTheCostNoise() {
        FederatedCostModel model = new FederatedCostModel(new double[][] {{0, 1}, {0.5, 0.5}},
                new double[][][] {{{0.1, 0.2}, {0.3, 0.4}}}, 0.0, new FeatureMatrix(new double[][] {{1, 0}, {0, 1}}),
                0.5);
        // every uniform 0.0: P(0 | 0) = 0, so state 1 (u < 0 is false); from state 1, state 0
        RandomGenerator zero = () -> 0L;
        assertEquals(1, model.sampleNext(0, zero));
        assertEquals(0, model.sampleNext(1, zero));
        // a row short of 1 by round-off (0.5 + (0.5 - 1e-10), within the 1e-9 tolerance): the largest uniform,
        // 1 - 2^-53 (all 64 bits set), lies above the row's sum and goes to the last state
        FederatedCostModel shortRow = new FederatedCostModel(new double[][] {{0.5, 0.5 - 1e-10}, {0.5, 0.5}},
                new double[][][] {{{0.1, 0.2}, {0.3, 0.4}}}, 0.0, new FeatureMatrix(new double[][] {{1, 0}, {0, 1}}),
                0.5);
        RandomGenerator top = () -> -1L;
        assertEquals(1 - 0x1.0p-53, top.nextDouble(), 0);
        assertEquals(1, shortRow.sampleNext(0, top));
        // w = 0: every instantaneous cost is its mean
        assertEquals(0.3, model.sampleCost(0, 1, 0, new SplittableRandom(3)), 0);
    }

    @Test
    void aStepChargesEveryAgentTheMeanCostOfTheTransitionTaken() {
        FederatedCostModel model = new FederatedCostModel(new double[][] {{0, 1}, {1, 0}},
                new double[][][] {{{0.1, 0.2}, {0.3, 0.4}}, {{0.05, 0.15}, {0.25, 0.35}}}, 0.0,
                new FeatureMatrix(new double[][] {{1, 0}, {0, 1}}), 0.5);
        FederatedCostChainEnvironment environment = new FederatedCostChainEnvironment(model, "two-cycle");
        assertEquals(-1, environment.state());
        int state = environment.reset(4)[0].state();
        assertEquals(state, environment.state());
        for (int t = 0; t < 4; t++) {
            // the chain alternates 0 -> 1 -> 0; costs R^i(s, 1 - s) with w = 0
            StepResult result = environment.step(new int[] {0, 0});
            int next = 1 - state;
            assertEquals(next, result.observations()[1].state());
            assertArrayEquals(new double[] {model.meanCost(0, state, next), model.meanCost(1, state, next)},
                    result.rewards(), 0);
            assertArrayEquals(state == 0 ? new double[] {0.2, 0.15} : new double[] {0.3, 0.25}, result.rewards(), 0);
            state = next;
        }
        assertSame(model, environment.model());
        assertSame(environment, environment.capability(Environment.class).orElseThrow());
        assertSame(model.features(), environment.capability(FeatureMatrix.class).orElseThrow());
        assertSame(model, environment.capability(FederatedCostModel.class).orElseThrow());
    }

    @Test
    void valuesOfTheTwoStateChainByHand() {
        // gamma = 1/2, r = (0.2, 0.4), P = all 1/2: J_s = r_s + gamma mean(J), so mean(J) = 0.3 / (1 - 1/2) = 0.6 and
        // J = (0.5, 0.7); with tabular features the TD(lambda) fixed point is J itself
        TdLambdaOracle oracle = new TdLambdaOracle(twoStates(2), AggregationWeights.uniform(2), 0.5, 0.25);
        assertEquals(0.5, oracle.gamma(), 0);
        assertEquals(0.25, oracle.lambda(), 0);
        assertArrayEquals(new double[] {0.5, 0.7}, oracle.trueValue(), 1e-12);
        assertEquals(0.6, oracle.averageTrueValue(), 1e-12);
        assertEquals(0.6, oracle.averageFixedPointValue(), 1e-12);
    }

    @Test
    void featureDrawAcceptsSquareSizesAndChecksGammaAndLambda() {
        FeatureMatrix square = FeatureMatrix.random(2, 2, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                new SplittableRandom(1));
        assertEquals(2, square.numStates());
        assertTrue(square.maxRowNorm() <= 1.0);
        assertThrows(IllegalArgumentException.class, () -> FeatureMatrix.random(1, 2,
                FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5, new SplittableRandom(1)));
        assertEquals("gamma must be in (0, 1), got 1.0", assertThrows(IllegalArgumentException.class,
                () -> FeatureMatrix.random(2, 2, FeatureScaling.NONE, 1.0, 0.5, new SplittableRandom(1))).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> FeatureMatrix.random(2, 2, FeatureScaling.NONE, 0.9, 1.5, new SplittableRandom(1)));
        // a small matrix prints its rows
        assertEquals("FeatureMatrix(2 x 2, max row norm 1.0)[[1.0, 0.0], [0.0, 1.0]]",
                new FeatureMatrix(new double[][] {{1, 0}, {0, 1}}).toString());
        assertEquals("FeatureMatrix(3 x 1, max row norm 1.0)[[1.0], [1.0], [1.0]]",
                new FeatureMatrix(new double[][] {{1}, {1}, {1}}).toString());
        assertEquals("FeatureMatrix(4 x 1, max row norm 1.0)",
                new FeatureMatrix(new double[][] {{1}, {1}, {1}, {1}}).toString());
    }

    @Test
    void thePluginAcceptsAsManyStatesAsFeatures() {
        Registry registry = Registry.discover();
        PluginProvider<?> provider = registry.provider(PluginKind.ENVIRONMENT, "federated-cost-chain");
        assertTrue(provider.description().toLowerCase(java.util.Locale.ROOT).contains("federated"),
                provider.description());
        FederatedCostChainEnvironment environment = (FederatedCostChainEnvironment) registry.create(
                PluginKind.ENVIRONMENT, Environment.class, "federated-cost-chain(agents=2, states=3, features=3)");
        assertEquals(3, environment.model().numStates());
        assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=2, features=3)"));
    }
}
