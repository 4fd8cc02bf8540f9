package io.dpmarl.algorithms.tabular.nashvi;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The post-processing of eqs. 8-9 (DP-Nash-VI, Section 5.3): worked examples, LP agreement, Lemma 5.8 (A4). */
class CountPostProcessorTest {

    private static double[] process(double[] noisy, double total, double width, double[] outTotal) {
        double[] pairs = {total};
        double[] transitions = noisy.clone();
        CountPostProcessor.apply(pairs, transitions, noisy.length, width);
        outTotal[0] = pairs[0];
        return transitions;
    }

    /** The five worked examples, derived by hand (t*, canonical x, N~, P~). */
    @Test
    void workedExamples() {
        double[] total = new double[1];
        double[] x = new double[3];
        assertEquals(1.0, CountPostProcessor.optimalValue(new double[] {3, -1}, 1, 4), 1e-12);
        assertArrayEquals(new double[] {3, 1}, process(new double[] {3, -1}, 1, 4, total), 1e-12);
        assertEquals(4.0, total[0], 1e-12);

        assertEquals(0.8, CountPostProcessor.optimalValue(new double[] {5.2, 2.9, -0.7}, 6.0, 2), 1e-12);
        CountPostProcessor.solve(new double[] {5.2, 2.9, -0.7}, 6.0, 2, x);
        assertArrayEquals(new double[] {4.4, 2.1, 0}, x, 1e-12);
        double[] tilde = process(new double[] {5.2, 2.9, -0.7}, 6.0, 2, total);
        assertArrayEquals(new double[] {4.4 + 1 / 3.0, 2.1 + 1 / 3.0, 1 / 3.0}, tilde, 1e-12);
        assertEquals(7.5, total[0], 1e-12);
        assertArrayEquals(new double[] {0.631111111111, 0.324444444444, 0.044444444444},
                new double[] {tilde[0] / 7.5, tilde[1] / 7.5, tilde[2] / 7.5}, 1e-11);

        assertEquals(0.7, CountPostProcessor.optimalValue(new double[] {5.2, 2.9, -0.7}, 9.5, 2), 1e-12);
        CountPostProcessor.solve(new double[] {5.2, 2.9, -0.7}, 9.5, 2, x);
        assertArrayEquals(new double[] {5.65, 3.35, 0}, x, 1e-12);
        process(new double[] {5.2, 2.9, -0.7}, 9.5, 2, total);
        assertEquals(10.0, total[0], 1e-12);

        assertArrayEquals(new double[] {1, 2, 3}, process(new double[] {1, 2, 3}, 6, 0, total), 0.0);
        assertEquals(6.0, total[0], 0.0);
        assertArrayEquals(new double[] {0, 0, 0}, process(new double[] {0, 0, 0}, 0, 0, total), 0.0);
        assertEquals(0.0, total[0], 0.0);
    }

    /** {@code hi = N^ + E/4 < 0}: infeasible, fallback x = 0, counted. */
    @Test
    void infeasibleFallsBack() {
        double[] x = {7, 7};
        assertFalse(CountPostProcessor.solve(new double[] {1, 2}, -3, 4, x));
        assertArrayEquals(new double[] {0, 0}, x, 0.0);
        double[] pairs = {-3, 5};
        double[] transitions = {1, 2, 3, 2};
        assertEquals(1, CountPostProcessor.apply(pairs, transitions, 2, 4));
        assertEquals(2.0, pairs[0], 1e-12);
    }

    /** The closed form agrees with the general LP on t* (tol 1e-9 relative) on 10^4 random feasible inputs. */
    @Test
    void agreesWithSimplexSolver() {
        SplittableRandom random = new SplittableRandom(42);
        double[] x = new double[5];
        for (int trial = 0; trial < 10_000; trial++) {
            int size = 1 + random.nextInt(5);
            double[] noisy = new double[size];
            for (int i = 0; i < size; i++) {
                noisy[i] = random.nextDouble(-10, 30);
            }
            double width = random.nextDouble(0, 40);
            double total = random.nextDouble(-width / 4, 80);
            double closed = CountPostProcessor.optimalValue(noisy, total, width);
            assertEquals(ReferencePostProcessingLp.optimum(noisy, total, width), closed, 1e-9 * Math.max(1, closed),
                    "trial " + trial);
            assertTrue(CountPostProcessor.solve(noisy, total, width, x));
            double sum = 0;
            for (int i = 0; i < size; i++) {
                assertTrue(x[i] >= 0);
                assertTrue(Math.abs(x[i] - noisy[i]) <= closed + 1e-9);
                sum += x[i];
            }
            assertTrue(Math.abs(sum - total) <= width / 4 + 1e-9);
        }
    }

    /**
     * A4 / Lemma 5.8: integer true counts in [0, 50], each noisy count within E/4 of the truth, give
     * {@code sum N~(s') = N~}, {@code N~(s') >= E/(2S)}, {@code |N~(s') - N(s')| <= E} and
     * {@code N <= N~ <= N + E}.
     */
    @Test
    void lemma58Properties() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 10_000; trial++) {
            int size = 1 + random.nextInt(6);
            double width = random.nextDouble(0.1, 40);
            double[] truth = new double[size];
            double[] noisy = new double[size];
            double trueTotal = 0;
            for (int i = 0; i < size; i++) {
                truth[i] = random.nextInt(51);
                trueTotal += truth[i];
                noisy[i] = truth[i] + random.nextDouble(-width / 4, width / 4);
            }
            double noisyTotal = trueTotal + random.nextDouble(-width / 4, width / 4);
            double[] total = new double[1];
            double[] tilde = process(noisy, noisyTotal, width, total);
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += tilde[i];
                assertTrue(tilde[i] >= width / (2 * size) - 1e-12);
                assertTrue(Math.abs(tilde[i] - truth[i]) <= width + 1e-9);
            }
            assertEquals(total[0], sum, 1e-9 * Math.max(1, sum));
            assertTrue(trueTotal <= total[0] + 1e-9 && total[0] <= trueTotal + width + 1e-9);
        }
    }
}
