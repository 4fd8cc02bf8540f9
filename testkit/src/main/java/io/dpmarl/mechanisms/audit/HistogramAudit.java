package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;

/**
 * The approximate-DP histogram test of Google's DP library ({@code verifyApproximateDp} of its
 * statistical testing library), with a tolerance that has a proven false-rejection rate.
 *
 * <p>Run M on D and on D' {@code n} times each, clamp the outputs to {@code [low, high]} and bucket them into
 * cells of width {@code bucketWidth}, plus one bucket for each clamped tail: {@code K} buckets fixed in advance
 * (post-processing, so the bucketed mechanism is as private as M). Then estimate
 * {@code deltaHat(D -> D') = sum_x max(0, c_D(x) - e^epsilon c_D'(x)) / n}, and the reverse. If M is
 * (epsilon, delta)-DP the expected hockey-stick divergence of the bucketed laws is at most delta and
 * {@code deltaHat <= delta + tolerance} except with probability {@code alpha} per direction, where
 * {@code tolerance = sqrt(K (1 + e^{2 epsilon}) / n) + sqrt(2 (1 + e^{2 epsilon}) ln(1/alpha) / n)}. The first
 * term bounds the expected sum of absolute deviations of the bucket counts (Cauchy-Schwarz over the K
 * buckets); the second is McDiarmid's inequality (one run on D moves {@code deltaHat} by at most {@code 2/n},
 * one on D' by at most {@code 2 e^epsilon / n}). So the false-rejection rate is at most {@code 2 alpha}.
 */
public final class HistogramAudit {
    private HistogramAudit() {
    }

    /**
     * The result of one histogram audit.
     *
     * @param deltaForward  deltaHat from D to D'
     * @param deltaBackward deltaHat from D' to D
     * @param tolerance     the tolerance added to delta
     * @param buckets       number of buckets K
     * @param alpha         per-direction false-rejection probability
     */
    public record Result(double deltaForward, double deltaBackward, double tolerance, int buckets, double alpha) {

        /** The larger of the two estimates. */
        public double deltaHat() {
            return Math.max(deltaForward, deltaBackward);
        }

        /** True if both directions are within {@code delta + tolerance}. */
        public boolean consistentWith(double delta) {
            return deltaHat() <= delta + tolerance;
        }

        /** The false-rejection rate of {@link #consistentWith}: {@code 2 alpha}. */
        public double falseRejectionRate() {
            return 2 * alpha;
        }
    }

    /**
     * Runs the audit of {@code (epsilon, delta)} on two inputs with {@code trials} runs each, outputs clamped to
     * {@code [low, high]} and bucketed by {@code bucketWidth}.
     */
    public static Result audit(RealMechanism first, RealMechanism second, double epsilon, double low, double high,
                               double bucketWidth, int trials, double alpha, NoiseSource noise) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        Checks.finite("low", low);
        Checks.finite("high", high);
        Checks.positiveFinite("bucketWidth", bucketWidth);
        Checks.atLeast("trials", trials, 1);
        Checks.openUnit("alpha", alpha);
        if (!(high > low)) {
            throw new IllegalArgumentException("high must be in (" + low + ", inf), got " + high);
        }
        int inner = (int) Math.ceil((high - low) / bucketWidth);
        int buckets = inner + 2;
        long[] firstCounts = new long[buckets];
        long[] secondCounts = new long[buckets];
        for (int i = 0; i < trials; i++) {
            firstCounts[bucket(first.run(noise), low, high, bucketWidth, inner)]++;
            secondCounts[bucket(second.run(noise), low, high, bucketWidth, inner)]++;
        }
        double factor = Math.exp(epsilon);
        double forward = 0;
        double backward = 0;
        for (int b = 0; b < buckets; b++) {
            forward += Math.max(0, firstCounts[b] - factor * secondCounts[b]);
            backward += Math.max(0, secondCounts[b] - factor * firstCounts[b]);
        }
        return new Result(forward / trials, backward / trials, tolerance(buckets, epsilon, trials, alpha), buckets,
                alpha);
    }

    /** The tolerance for {@code buckets} buckets (see the class comment). */
    public static double tolerance(int buckets, double epsilon, long trials, double alpha) {
        double spread = 1 + Math.exp(2 * epsilon);
        return Math.sqrt(buckets * spread / trials) + Math.sqrt(2 * spread * Math.log(1 / alpha) / trials);
    }

    private static int bucket(double value, double low, double high, double width, int inner) {
        if (value < low) {
            return 0;
        }
        if (value >= high) {
            return inner + 1;
        }
        return 1 + Math.min(inner - 1, (int) Math.floor((value - low) / width));
    }
}
