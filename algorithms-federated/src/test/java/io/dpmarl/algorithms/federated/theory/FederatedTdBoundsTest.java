package io.dpmarl.algorithms.federated.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.CostTrajectory;
import io.dpmarl.algorithms.federated.td.TestDownlinks;
import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Theorem 2's constants, Lemmas 1-2 and Theorem 4 of the DP federated TD(lambda) paper: the constants against
 * reference values computed by hand,
 * Lemma 1 on random cases, Lemma 2 pathwise along a run, and Theorem 4's formula (reference values, limits and the
 * monotonicity switch at zeta = 2R/(1 - gamma lambda)).
 */
class FederatedTdBoundsTest {
    private static final FederatedTdBounds SOUND = new FederatedTdBounds(20, 10, 0.5, 0.9, 0.5, 0.05,
            FederatedTdBounds.Variant.SOUND);

    @Test
    void constantsOfTheDefaultSetting() {
        assertEquals(38.646858, SOUND.e1(), 1e-6);
        assertEquals(100.760521, SOUND.e2(), 1e-6);
        assertEquals(3.234143e-5, SOUND.psi1(), 1e-11);
        double alpha = SOUND.psi1() / 2;
        assertEquals(0.99937497, SOUND.beta(alpha), 1e-8);
        assertEquals(4.159933e-4, SOUND.psi2(alpha), 1e-10);
        assertEquals(0.6655612, SOUND.psi2(alpha) / (1 - SOUND.beta(alpha)), 1e-6);
        assertEquals(1.0, SOUND.beta(SOUND.psi1()), 1e-12);
        FederatedTdBounds printed = new FederatedTdBounds(20, 10, 0.5, 0.9, 0.5, 0.05,
                FederatedTdBounds.Variant.PRINTED);
        assertEquals(34.150990, printed.e1(), 1e-6);
        assertEquals(77.564309, printed.e2(), 1e-6);
        assertEquals(3.659912e-5, printed.psi1(), 1e-11);
    }

    /** Lemma 1 on 10^4 random (Theta, c) cases (a deterministic inequality). */
    @Test
    void lemma1HoldsOnRandomCases() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 10_000; trial++) {
            int agents = 2 + random.nextInt(6);
            int features = 1 + random.nextInt(4);
            double[] weights = AggregationWeights.random(agents, random).values();
            double[][] theta = new double[agents][features];
            double[] average = new double[features];
            for (int i = 0; i < agents; i++) {
                for (int k = 0; k < features; k++) {
                    theta[i][k] = random.nextGaussian();
                    average[k] += weights[i] * theta[i][k];
                }
            }
            for (double[] row : theta) {
                for (int k = 0; k < features; k++) {
                    row[k] -= average[k];
                }
            }
            double[] sides = FederatedTdBounds.lemma1(theta, weights);
            assertTrue(sides[0] >= sides[1] * (1 - 1e-12), "trial " + trial);
        }
    }

    /** Lemma 2 along every round of a run with alpha = Psi_1 / 2 and theta_0^i ~ N(0, I). */
    @Test
    void lemma2HoldsAlongARun() {
        FederatedCostModel model = RandomFederatedCostChain.paperDefault(new SplittableRandom(5));
        AggregationWeights weights = AggregationWeights.uniform(20);
        double alpha = SOUND.psi1() / 2;
        SplittableRandom random = new SplittableRandom(6);
        double[][] initial = new double[20][10];
        for (double[] row : initial) {
            for (int k = 0; k < 10; k++) {
                row[k] = random.nextGaussian();
            }
        }
        FederatedTdLambda team = new FederatedTdLambda(model.features(), weights,
                TdParameters.of(0.9, 0.5, StepSizes.constant(alpha)), 0.5, initial, TestDownlinks.clear());
        CostTrajectory trajectory = new CostTrajectory(model, new SplittableRandom(7));
        team.begin(trajectory.initialState());
        double initialError = team.consensusError();
        FederatedTdBounds printed = new FederatedTdBounds(20, 10, 0.5, 0.9, 0.5, 0.05,
                FederatedTdBounds.Variant.PRINTED);
        for (int t = 1; t <= 10_000; t++) {
            team.round(trajectory.advance(), trajectory.costs());
            double error = team.consensusError();
            assertTrue(error <= SOUND.lemma2Bound(alpha, t, initialError), "round " + t);
            assertTrue(error <= printed.lemma2Bound(alpha, t, initialError), "printed variant, round " + t);
        }
        assertThrows(IllegalArgumentException.class, () -> SOUND.lemma2Bound(2 * SOUND.psi1(), 1, 1));
    }

    @Test
    void theorem4Formula() {
        assertEquals(0.682689, FederatedTdBounds.utilityProbability(0.1, 0.1), 1e-6);
        assertEquals(2.040293, SOUND.utilityLossBound(0.1, 0.1), 1e-6);
        assertEquals(0.079656, FederatedTdBounds.utilityProbability(0.1, 1), 1e-6);
        assertEquals(5.316797, SOUND.utilityLossBound(0.1, 1), 1e-6);
        assertEquals(0.007979, FederatedTdBounds.utilityProbability(0.1, 10), 1e-6);
        assertEquals(5.706244, SOUND.utilityLossBound(0.1, 10), 1e-6);
        assertEquals(0.999999, FederatedTdBounds.utilityProbability(5, 1), 1e-6);
        assertEquals(15.811383, SOUND.utilityLossBound(5, 1), 1e-6);
        assertEquals(0.382925, FederatedTdBounds.utilityProbability(5, 10), 1e-6);
        assertEquals(9.602507, SOUND.utilityLossBound(5, 10), 1e-6);
        // limits: sigma -> 0 gives sqrt(K) zeta, sigma -> inf gives sqrt(K) 2R/(1 - gamma lambda)
        assertEquals(Math.sqrt(10) * 0.1, SOUND.utilityLossBound(0.1, 1e-6), 1e-9);
        assertEquals(Math.sqrt(10) / 0.55, SOUND.utilityLossBound(0.1, 1e9), 1e-6);
        // increasing in sigma iff zeta < 2R/(1 - gamma lambda) = 1.818
        assertTrue(SOUND.utilityLossBound(1.0, 2) > SOUND.utilityLossBound(1.0, 1));
        assertTrue(SOUND.utilityLossBound(3.0, 2) < SOUND.utilityLossBound(3.0, 1));
    }
}
