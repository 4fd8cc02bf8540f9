package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The action choice both A2C agents share, on probabilities that are exact in binary ({@code 1/4, 1/2, 1/4}), so the
 * running sums {@code F(0) = 1/4}, {@code F(1) = 3/4} carry no rounding: the inverse CDF takes the least {@code k}
 * with {@code u < F(k)}, so {@code u} just below {@code F(k)} is action {@code k} and {@code u = F(k)} is action
 * {@code k + 1}; the greedy choice takes the largest probability and, on a tie, the lowest index.
 */
class SoftmaxActionChoiceTest {
    private static final double[] QUARTER_HALF_QUARTER = {0.25, 0.5, 0.25};

    private static int sample(double u) {
        return SoftmaxActionChoice.sample(QUARTER_HALF_QUARTER, InverseCdfSamplingTest.uniform(u));
    }

    @Test
    void inverseCdfTakesTheLeastActionWhoseCumulativeProbabilityExceedsTheUniform() {
        assertEquals(0, sample(0.0));
        assertEquals(0, sample(Math.nextDown(0.25)));
        assertEquals(1, sample(0.25), "u = F(0) is not below F(0)");
        assertEquals(1, sample(Math.nextDown(0.75)));
        assertEquals(2, sample(0.75), "u = F(1) is not below F(1)");
        assertEquals(2, sample(Math.nextDown(1.0)));
    }

    @Test
    void oneActionIsAlwaysChosen() {
        assertEquals(0, SoftmaxActionChoice.sample(new double[] {1.0},
                InverseCdfSamplingTest.uniform(Math.nextDown(1.0))));
        assertEquals(0, SoftmaxActionChoice.greedy(new double[] {1.0}));
    }

    @Test
    void greedyTakesTheMostProbableActionAndTheLowestIndexOnTies() {
        assertEquals(1, SoftmaxActionChoice.greedy(QUARTER_HALF_QUARTER));
        assertEquals(2, SoftmaxActionChoice.greedy(new double[] {0.25, 0.25, 0.5}));
        assertEquals(0, SoftmaxActionChoice.greedy(new double[] {0.4, 0.4, 0.2}));
        assertEquals(1, SoftmaxActionChoice.greedy(new double[] {0.2, 0.4, 0.4}));
    }
}
