package io.dpmarl.mechanisms.noise;

import io.dpmarl.core.rng.NoiseSource;
import java.math.BigInteger;

/**
 * Exact discrete Gaussian sampler (Canonne, Kamath and Steinke 2020, Algorithm 3): with
 * {@code t = floor(sigma) + 1}, draw {@code Y} from the discrete Laplace of scale {@code t} and accept it
 * with probability {@code exp(-(|Y| - sigma^2 / t)^2 / (2 sigma^2))}. Two exact implementations of the
 * acceptance test: long arithmetic for a dyadic sigma with a short mantissa (integers up to 2^20, the
 * float-safe Gaussian's case, and {@code m / 2^j} with {@code m <= 2^21}, {@code j <= 20}), and big rationals for any
 * other binary-rational variance.
 */
final class DiscreteGaussian {
    /** Largest integer sigma for the long-arithmetic path (keeps every product below 2^62). */
    static final long MAX_FAST_SIGMA = 1L << 20;

    private DiscreteGaussian() {
    }

    /**
     * Integer {@code sigma} in {@code [1, 2^21]}.
     *
     * @throws IllegalArgumentException if sigma is outside that range
     */
    static long sampleIntegerSigma(NoiseSource noise, long sigma) {
        return sampleDyadicSigma(noise, sigma, 0);
    }

    /**
     * Dyadic {@code sigma = mantissa / 2^shift} with {@code 1 <= mantissa <= 2^21} and {@code 0 <= shift <= 20}:
     * {@code t = floor(sigma) + 1} and the acceptance {@code exp(-x^2/2)} with
     * {@code x = (|Y| t 4^shift - mantissa^2) / (mantissa t 2^shift)}, all in long arithmetic (a candidate so
     * far in the tail that a product overflows is tested with big integers instead, with the same probability).
     */
    static long sampleDyadicSigma(NoiseSource noise, long mantissa, int shift) {
        if (shift < 0 || shift > 20) {
            throw new IllegalArgumentException("shift must be in [0, 20], got " + shift);
        }
        if (mantissa < 1 || mantissa > (1L << 21)) {
            throw new IllegalArgumentException("mantissa must be in [1, 2^21], got " + mantissa);
        }
        long t = (mantissa >>> shift) + 1;
        while (true) {
            // the acceptance depends on |Y| only, so the sign of the discrete Laplace proposal is drawn after it
            long magnitude = DiscreteLaplace.magnitude(noise, t, 0);
            boolean accepted;
            try {
                accepted = acceptWithLongs(noise, magnitude, t, mantissa, shift);
            } catch (ArithmeticException farTail) {
                accepted = acceptWithBigIntegers(noise, magnitude, t, mantissa, shift);
            }
            if (!accepted) {
                continue;
            }
            boolean negative = noise.nextBoolean();
            if (negative && magnitude == 0) {
                continue; // the proposal's "negative zero" rejection, equally valid after the test
            }
            return negative ? -magnitude : magnitude;
        }
    }

    /**
     * The acceptance test of {@link #sampleDyadicSigma} in long arithmetic: Bernoulli(exp(-x^2/2)) with
     * {@code x = |magnitude t 4^shift - mantissa^2| / (mantissa t 2^shift)}.
     *
     * @throws ArithmeticException before any draw if a product overflows
     */
    static boolean acceptWithLongs(NoiseSource noise, long magnitude, long t, long mantissa, int shift) {
        long scaled = Math.multiplyExact(Math.multiplyExact(magnitude, t), 1L << (2 * shift));
        long offset = Math.abs(Math.subtractExact(scaled, Math.multiplyExact(mantissa, mantissa)));
        long denominator = Math.multiplyExact(Math.multiplyExact(mantissa, t), 1L << shift);
        return ExactBernoulli.expMinusHalfSquare(noise, offset, denominator);
    }

    /** The same test with big integers: Bernoulli(exp(-offset^2 / (2 denominator^2))). */
    static boolean acceptWithBigIntegers(NoiseSource noise, long magnitude, long t, long mantissa, int shift) {
        BigInteger offset = BigInteger.valueOf(magnitude).multiply(BigInteger.valueOf(t)).shiftLeft(2 * shift)
                .subtract(BigInteger.valueOf(mantissa).pow(2));
        BigInteger denominator = BigInteger.valueOf(mantissa).multiply(BigInteger.valueOf(t)).shiftLeft(shift);
        return ExactBernoulli.expMinus(noise, offset.multiply(offset), denominator.multiply(denominator).shiftLeft(1));
    }

    /** Variance {@code numerator / denominator}, {@code t = floor(sigma) + 1}. */
    static long sampleRationalVariance(NoiseSource noise, BigInteger numerator, BigInteger denominator, long t) {
        BigInteger bigT = BigInteger.valueOf(t);
        // gamma = (|Y| t den - num)^2 / (2 t^2 den num)
        BigInteger gammaDenominator = bigT.multiply(bigT).multiply(denominator).multiply(numerator).shiftLeft(1);
        BigInteger tTimesDenominator = bigT.multiply(denominator);
        while (true) {
            long candidate = DiscreteLaplace.sample(noise, t, 0);
            BigInteger difference = BigInteger.valueOf(Math.abs(candidate)).multiply(tTimesDenominator)
                    .subtract(numerator);
            if (ExactBernoulli.expMinus(noise, difference.multiply(difference), gammaDenominator)) {
                return candidate;
            }
        }
    }
}
