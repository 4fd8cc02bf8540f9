package io.dpmarl.planning.execution;

import io.dpmarl.core.validation.Checks;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * A Monte Carlo success probability with its Wilson score interval (two-sided, level {@code 1 - alpha}).
 *
 * @param successes successful episodes
 * @param episodes  episodes run
 * @param low       lower end of the interval
 * @param high      upper end of the interval
 */
public record SuccessEstimate(int successes, int episodes, double low, double high) {

    /** The point estimate {@code successes / episodes}. */
    public double mean() {
        return successes / (double) episodes;
    }

    /** The estimate and Wilson interval of {@code successes} out of {@code episodes} at level {@code 1 - alpha}. */
    public static SuccessEstimate of(int successes, int episodes, double alpha) {
        Checks.atLeast("episodes", episodes, 1);
        Checks.openUnit("alpha", alpha);
        double z = new NormalDistribution().inverseCumulativeProbability(1 - alpha / 2);
        double p = successes / (double) episodes;
        double denominator = 1 + z * z / episodes;
        double centre = (p + z * z / (2.0 * episodes)) / denominator;
        double half = z * Math.sqrt(p * (1 - p) / episodes + z * z / (4.0 * episodes * episodes)) / denominator;
        return new SuccessEstimate(successes, episodes, Math.max(0, centre - half), Math.min(1, centre + half));
    }
}
