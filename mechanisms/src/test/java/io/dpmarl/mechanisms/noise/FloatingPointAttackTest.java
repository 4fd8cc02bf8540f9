package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The floating-point attack of Mironov (CCS 2012, "On significance of the least significant bits for
 * differential privacy") against textbook Laplace sampling, and its failure against the float-safe sampler.
 *
 * <p>Setting: a counting query whose true answer is 0 or 1 (sensitivity 1), released as
 * {@code answer + noise} with Laplace noise of scale 1 (epsilon = 1). Ideal epsilon-DP allows an adversary to
 * guess the answer with probability at most {@code e / (1 + e) = 0.731} from one release.
 *
 * <p>Attack: the naive noise is {@code f(u) = -sign(u) ln(1 - 2|u|)} for a double {@code u = k 2^-53 - 1/2}. Given a
 * release {@code o}, the adversary inverts {@code f} approximately and searches the nearby {@code k} for one with
 * {@code answer + f(u) == o} exactly in floating point, for each candidate answer. A candidate with no preimage is
 * impossible. If exactly one candidate is possible it is the answer; otherwise the adversary guesses 0.
 */
class FloatingPointAttackTest {
    private static final int WINDOW = 48;
    private static final double SCALE = 1.0;

    /** Naive noise exactly as {@link NaiveNoise#laplace} computes it, from the integer k of nextDouble. */
    private static double naiveNoise(long k) {
        double uniform = k * 0x1.0p-53 - 0.5;
        return -SCALE * Math.signum(uniform) * Math.log(1 - 2 * Math.abs(uniform));
    }

    /** True if some double u near the inverse gives {@code answer + f(u) == output} exactly. */
    private static boolean reachable(double output, double answer) {
        double noise = output - answer;
        // f(u) has the sign of u and |f(u)| = -ln(1 - 2|u|), so u + 1/2 = e^{-|noise|}/2 (u < 0) or 1 - e^{-|noise|}/2
        double tail = Math.exp(-Math.abs(noise) / SCALE) / 2;
        long centre = Math.round((noise < 0 ? tail : 1 - tail) * 0x1.0p53);
        for (long k = centre - WINDOW; k <= centre + WINDOW; k++) {
            if (k >= 0 && k < (1L << 53) && answer + naiveNoise(k) == output) {
                return true;
            }
        }
        return false;
    }

    private static int guess(double output) {
        boolean zero = reachable(output, 0);
        boolean one = reachable(output, 1);
        return one && !zero ? 1 : 0;
    }

    @Test
    void naiveNoiseMatchesTheAttackModel() {
        // the attack's model of the naive sampler must be exact, or its results mean nothing
        NaiveNoise naive = new NaiveNoise(5);
        for (int i = 0; i < 1000; i++) {
            double output = naive.laplace(SCALE);
            assertTrue(reachable(output, 0), "a naive release of answer 0 must be reachable from 0: " + output);
        }
        for (long k : new long[] {1, 12345, 1L << 52, (1L << 53) - 7}) {
            assertTrue(reachable(0 + naiveNoise(k), 0), "own output must be reachable, k = " + k);
        }
    }

    /**
     * Against {@link NaiveNoise}: with n = 4000 releases (half with answer 1), the adversary is right far more
     * often than the 0.731 that epsilon = 1 allows (observed: 0.90). The assertion (success above 0.8) sits 20
     * binomial standard deviations (about 0.005) below the observed rate: false rejection below 1e-6.
     */
    @Test
    void attackBreaksNaiveLaplace() {
        NaiveNoise naive = new NaiveNoise(2012);
        SplittableRandom answers = new SplittableRandom(7);
        int trials = 4000;
        int correct = 0;
        for (int i = 0; i < trials; i++) {
            int answer = answers.nextInt(2);
            double output = answer + naive.laplace(SCALE);
            if (guess(output) == answer) {
                correct++;
            }
        }
        double success = (double) correct / trials;
        System.out.println("floating-point attack success against naive Laplace: " + success);
        assertTrue(success > 0.8, "attack success " + success);
    }

    /**
     * Against the float-safe sampler every output is a multiple of the grid r = 2^-39 for both answers, so the
     * reachability test cannot separate them: the grid test below says "both possible" for every release and the
     * adversary's guess is right exactly when the answer is 0. The success rate of the same decision rule is
     * then a Binomial(n, 1/2) proportion: within 0.5 +- 4.89 / (2 sqrt(n)) except with probability 1e-6.
     */
    @Test
    void attackFailsAgainstTheFloatSafeSampler() {
        NoiseSource noise = NoiseSource.seeded(2012);
        SplittableRandom answers = new SplittableRandom(7);
        double grid = Samplers.laplaceGranularity(SCALE);
        int trials = 4000;
        int correct = 0;
        for (int i = 0; i < trials; i++) {
            int answer = answers.nextInt(2);
            double output = Samplers.roundToGrid(answer, grid) + Samplers.laplace(noise, SCALE);
            boolean zeroPossible = Math.rint(output / grid) == output / grid;
            boolean onePossible = Math.rint((output - 1) / grid) == (output - 1) / grid;
            assertTrue(zeroPossible && onePossible, "every output is on the grid from both answers");
            int guessed = onePossible && !zeroPossible ? 1 : 0;
            if (guessed == answer) {
                correct++;
            }
        }
        double success = (double) correct / trials;
        System.out.println("floating-point attack success against the float-safe sampler: " + success);
        assertEquals(0.5, success, 4.89 / (2 * Math.sqrt(trials)));
    }
}
