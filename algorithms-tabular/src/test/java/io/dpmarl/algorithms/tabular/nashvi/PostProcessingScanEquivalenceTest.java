package io.dpmarl.algorithms.tabular.nashvi;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bisection for the shift lambda of eq. 8 ({@link CountPostProcessor}) finds the same breakpoint, and hence
 * the same bits, as the plain scan over the sorted breakpoints it replaced. The scan below is the textbook
 * definition: walk the sorted breakpoints until the clipped sum reaches the target, then interpolate linearly on
 * that segment (the clipped sum is piecewise linear between breakpoints). The two must agree bit for bit on every
 * problem; a bisection that forgot the interpolation (the mutant below) is rejected by the same comparison.
 */
class PostProcessingScanEquivalenceTest {

    private static double clippedSum(double[] noisy, double t, double lambda) {
        double sum = 0;
        for (double n : noisy) {
            sum += Math.min(n + t, Math.max(Math.max(0, n - t), n + lambda));
        }
        return sum;
    }

    /** The scan: O(S^2). */
    private static double[] scanSolution(double[] noisy, double total, double width, boolean interpolate) {
        double t = CountPostProcessor.optimalValue(noisy, total, width);
        int size = noisy.length;
        double[] x = new double[size];
        if (Double.isNaN(t)) {
            return x;
        }
        double lo = total - width / 4;
        double hi = total + width / 4;
        double zero = clippedSum(noisy, t, 0.0);
        double lambda = 0.0;
        if (zero < lo || zero > hi) {
            double target = zero < lo ? lo : hi;
            double[] breakpoints = new double[2 * size];
            for (int i = 0; i < size; i++) {
                breakpoints[2 * i] = Math.max(0, noisy[i] - t) - noisy[i];
                breakpoints[2 * i + 1] = t;
            }
            Arrays.sort(breakpoints);
            lambda = breakpoints[breakpoints.length - 1];
            double previousLambda = breakpoints[0];
            double previousSum = clippedSum(noisy, t, previousLambda);
            if (previousSum >= target) {
                lambda = previousLambda;
            } else {
                for (int i = 1; i < breakpoints.length; i++) {
                    double sum = clippedSum(noisy, t, breakpoints[i]);
                    if (sum >= target) {
                        lambda = sum == previousSum || !interpolate ? breakpoints[i]
                                : previousLambda + (target - previousSum) * (breakpoints[i] - previousLambda)
                                        / (sum - previousSum);
                        break;
                    }
                    previousLambda = breakpoints[i];
                    previousSum = sum;
                }
            }
        }
        for (int i = 0; i < size; i++) {
            x[i] = Math.min(noisy[i] + t, Math.max(Math.max(0, noisy[i] - t), noisy[i] + lambda));
        }
        return x;
    }

    @Test
    void bisectionMatchesTheScanBitForBit() {
        SplittableRandom random = new SplittableRandom(2024);
        int shifted = 0;
        int mutantDiffers = 0;
        for (int size : new int[] {1, 2, 5, 20, 64}) {
            double[] solution = new double[size];
            for (int problem = 0; problem < 2000; problem++) {
                double width = random.nextDouble(0, 40);
                double[] noisy = new double[size];
                double truth = 0;
                for (int i = 0; i < size; i++) {
                    double count = random.nextInt(30);
                    truth += count;
                    noisy[i] = count + random.nextDouble(-width, width); // wider than E/4: forces the shift
                }
                double total = truth + random.nextDouble(-width, width);
                CountPostProcessor.solve(noisy, total, width, solution);
                double[] expected = scanSolution(noisy, total, width, true);
                for (int i = 0; i < size; i++) {
                    assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(solution[i]),
                            "S = " + size + ", problem " + problem + ", entry " + i);
                }
                double t = CountPostProcessor.optimalValue(noisy, total, width);
                double zero = Double.isNaN(t) ? 0 : clippedSum(noisy, t, 0.0);
                if (!Double.isNaN(t) && (zero < total - width / 4 || zero > total + width / 4)) {
                    shifted++;
                }
                if (!Arrays.equals(scanSolution(noisy, total, width, false), solution)) {
                    mutantDiffers++;
                }
            }
        }
        assertTrue(shifted > 1000, "the problems must exercise the shift search, got " + shifted);
        assertNotEquals(0, mutantDiffers, "the comparison must reject a search without interpolation");
    }
}
