package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongToDoubleFunction;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Shared statistical assertions for the sampler tests, each with a stated false-rejection rate (FRR).
 * Expected laws come from closed forms written in the tests, never from the code under test.
 */
final class StatisticalChecks {
    /** Google's 99.9995% normal quantile: a two-sided moment check falsely rejects with probability 1e-5. */
    static final double GOOGLE_Z = 4.41717;

    private StatisticalChecks() {
    }

    /** Mean within 4.41717 sqrt(var/n) of 0 and second moment within 4.41717 var sqrt(2/n)-ish (FRR ~2e-5). */
    static void assertMoments(double[] samples, double expectedMean, double expectedVariance, double kurtosis) {
        int n = samples.length;
        double mean = Arrays.stream(samples).average().orElseThrow();
        double variance = Arrays.stream(samples).map(x -> (x - expectedMean) * (x - expectedMean)).sum() / n;
        double meanTolerance = GOOGLE_Z * Math.sqrt(expectedVariance / n);
        // Var of the empirical second moment: (kurtosis - 1) var^2 / n (kurtosis 3 Gaussian, 6 Laplace)
        double varianceTolerance = GOOGLE_Z * expectedVariance * Math.sqrt((kurtosis - 1) / n);
        assertTrue(Math.abs(mean - expectedMean) <= meanTolerance,
                "mean " + mean + " vs " + expectedMean + " +- " + meanTolerance);
        assertTrue(Math.abs(variance - expectedVariance) <= varianceTolerance,
                "variance " + variance + " vs " + expectedVariance + " +- " + varianceTolerance);
    }

    /**
     * One-sample Kolmogorov-Smirnov test against a continuous CDF, rejecting at p = 1e-6 (FRR 1e-6; the
     * critical value for n = 5000 is OpenDP's 0.038051617888080105, in general the asymptotic
     * {@code sqrt(ln(2/1e-6)/(2n))}, which is conservative).
     */
    static void assertKolmogorovSmirnov(double[] samples, DoubleUnaryOperator cdf) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double distance = 0;
        for (int i = 0; i < n; i++) {
            double value = cdf.applyAsDouble(sorted[i]);
            distance = Math.max(distance, Math.max((i + 1.0) / n - value, value - (double) i / n));
        }
        double critical = n == 5000 ? 0.038051617888080105 : Math.sqrt(Math.log(2 / 1e-6) / (2.0 * n));
        assertTrue(distance <= critical, "KS distance " + distance + " above " + critical);
    }

    /**
     * Chi-square goodness of fit of integer samples to a pmf on {@code [-range, range]} plus two tail bins
     * (merged into the outermost bins), rejecting above the 1 - 1e-6 quantile (FRR 1e-6).
     */
    static void assertChiSquare(long[] samples, LongToDoubleFunction pmf, int range) {
        int bins = 2 * range + 1;
        long[] observed = new long[bins];
        for (long sample : samples) {
            int index = (int) Math.max(-range, Math.min(range, sample)) + range;
            observed[index]++;
        }
        double[] expected = new double[bins];
        double inner = 0;
        for (int k = -range + 1; k <= range - 1; k++) {
            expected[k + range] = pmf.applyAsDouble(k);
            inner += expected[k + range];
        }
        expected[0] = (1 - inner) / 2;
        expected[bins - 1] = (1 - inner) / 2;
        double statistic = 0;
        int degrees = -1;
        for (int i = 0; i < bins; i++) {
            double mean = expected[i] * samples.length;
            assertTrue(mean >= 5, "bin " + i + " expected count " + mean + " below 5: choose a smaller range");
            statistic += (observed[i] - mean) * (observed[i] - mean) / mean;
            degrees++;
        }
        double critical = new ChiSquaredDistribution(degrees).inverseCumulativeProbability(1 - 1e-6);
        assertTrue(statistic <= critical, "chi-square " + statistic + " above " + critical + " (df " + degrees + ")");
    }

    /**
     * Log-ratio (privacy-loss slope) test of OpenDP: for counts C[k] of adjacent values with expected log
     * ratio {@code expected(k) = ln(p(k+1)/p(k))}, the inverse-variance weighted mean error of the observed
     * log ratios is within {@code 4.89} standard errors of 0 (two-sided normal quantile for FRR 1e-6).
     */
    static void assertLogRatios(long[] samples, LongToDoubleFunction expectedLogRatio, int from, int to) {
        int width = to - from + 2;
        long[] counts = new long[width];
        for (long sample : samples) {
            if (sample >= from && sample <= to + 1) {
                counts[(int) (sample - from)]++;
            }
        }
        double weightedError = 0;
        double totalWeight = 0;
        for (int k = from; k <= to; k++) {
            long here = counts[k - from];
            long next = counts[k - from + 1];
            assertTrue(here >= 50 && next >= 50, "too few samples at " + k + " for the log-ratio test");
            double error = Math.log((double) next / here) - expectedLogRatio.applyAsDouble(k);
            double weight = 1 / (1.0 / here + 1.0 / next);
            weightedError += weight * error;
            totalWeight += weight;
        }
        // adjacent ratios share counts; the variance of the weighted mean is at most 4 / totalWeight
        double standardError = 2 / Math.sqrt(totalWeight);
        double z = new NormalDistribution().inverseCumulativeProbability(1 - 0.5e-6);
        assertTrue(Math.abs(weightedError / totalWeight) <= z * standardError,
                "log-ratio mean error " + weightedError / totalWeight + " beyond " + z * standardError);
    }

    /** Wilson score interval at two-sided level 1e-6 contains p (FRR 1e-6). */
    static void assertWilson(long successes, long trials, double p) {
        double z = new NormalDistribution().inverseCumulativeProbability(1 - 0.5e-6);
        double phat = (double) successes / trials;
        double centre = (phat + z * z / (2 * trials)) / (1 + z * z / trials);
        double half = z / (1 + z * z / trials)
                * Math.sqrt(phat * (1 - phat) / trials + z * z / (4.0 * trials * trials));
        assertTrue(Math.abs(p - centre) <= half, "p = " + p + " outside Wilson interval " + centre + " +- " + half
                + " (" + successes + "/" + trials + ")");
    }
}
