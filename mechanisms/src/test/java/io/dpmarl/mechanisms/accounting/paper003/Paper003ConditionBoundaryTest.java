package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The two readings of Theorem 3's condition in the DP federated TD(lambda) paper at their boundaries. The printed
 * one is {@code epsilon <= (2/nu) ln(1/delta)}, the corrected one {@code epsilon >= (2/nu) ln(1/delta)}; both are
 * evaluated with a relative slack of 1e-12 on the side that accepts (documented on {@link Paper003Bound}), and both
 * are closed: the boundary itself satisfies them. With {@code nu = 2} the factor {@code 2.0 / nu} is exactly 1, so
 * the boundary is {@code ln(1/delta)} as the double {@code Math.log(1 / delta)}, times {@code 1 + 1e-12} for the
 * printed reading.
 */
class Paper003ConditionBoundaryTest {

    private static final double[] DELTAS = {1e-5, 0.01, 0.3, 1e-12};

    @Test
    void thePrintedConditionHoldsAtItsBoundaryAndNotAboveIt() {
        for (double delta : DELTAS) {
            double boundary = Math.log(1 / delta) * (1 + 1e-12);
            assertTrue(Paper003Bound.conditionPrinted(boundary, delta, 2), "delta " + delta);
            assertFalse(Paper003Bound.conditionPrinted(Math.nextUp(boundary), delta, 2), "delta " + delta);
        }
    }

    @Test
    void theCorrectedConditionHoldsAtItsBoundaryAndNotBelowIt() {
        int found = 0;
        for (double delta : DELTAS) {
            double log = Math.log(1 / delta);
            // an epsilon whose product with 1 + 1e-12 is exactly ln(1/delta): the quotient or a neighbour of it
            double epsilon = log / (1 + 1e-12);
            for (double candidate : new double[] {epsilon, Math.nextDown(epsilon), Math.nextUp(epsilon)}) {
                if (candidate * (1 + 1e-12) != log || Math.nextDown(candidate) * (1 + 1e-12) >= log) {
                    continue;
                }
                found++;
                assertTrue(Paper003Bound.conditionCorrected(candidate, delta, 2), "delta " + delta);
                assertFalse(Paper003Bound.conditionCorrected(Math.nextDown(candidate), delta, 2), "delta " + delta);
            }
        }
        assertTrue(found >= 2, "boundary epsilons found: " + found);
    }
}
