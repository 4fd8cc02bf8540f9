package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The factored planner (per-state scalars, O(B^2) per action) computes the same optimistic Q and V as the
 * straightforward dense computation over every (s, a, s') with the D x D bonus, on random positive-definite inputs,
 * for the paper's instance and for n = 3, q = 2, d = 3 (a valid instance with Delta = 0.01).
 */
class FactoredPlannerTest {

    @ParameterizedTest
    @CsvSource({"2, 1, 2, 0.05, true", "2, 1, 2, 0.05, false", "3, 2, 3, 0.01, true", "2, 3, 4, 0.05, false"})
    void factoredAndDensePlansAgree(int n, int q, int d, double bigDelta, boolean lowerClip) {
        PlannerFixture fixture = new PlannerFixture(n, q, d, bigDelta, 17);
        double[][] qFactored = fixture.q();
        double[][] vFactored = fixture.v();
        new OptimisticPlanner(new FactoredFeatures(fixture.features), 5, lowerClip).plan(fixture.theta,
                fixture.inverse, fixture.weights, fixture.beta, qFactored, vFactored);
        double[][] qDense = fixture.q();
        double[][] vDense = fixture.v();
        new DenseReferencePlanner(fixture.features, 5, lowerClip).plan(fixture.theta, fixture.inverse,
                fixture.weights, fixture.beta, qDense, vDense);
        for (int t = 0; t < 5; t++) {
            for (int i = 0; i < qDense[t].length; i++) {
                assertEquals(qDense[t][i], qFactored[t][i], 1e-9, "Q at stage " + t + ", index " + i);
            }
        }
    }
}
