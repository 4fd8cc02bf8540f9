package io.dpmarl.mechanisms.noise;

import io.dpmarl.core.rng.NoiseSource;
import java.math.BigInteger;

/**
 * Exact Bernoulli trials with probability {@code exp(-gamma)} for rational {@code gamma >= 0}.
 *
 * <p>Implements Canonne, Kamath and Steinke, "The Discrete Gaussian for Differential Privacy" (NeurIPS
 * 2020), Algorithm 1: for {@code gamma in [0, 1]} draw {@code A_k ~ Bernoulli(gamma / k)} for
 * {@code k = 1, 2, ...} until the first failure at index {@code K}; {@code P(K odd) = exp(-gamma)}. For
 * {@code gamma > 1} the trial is the conjunction of {@code floor(gamma)} trials with probability
 * {@code exp(-1)} and one with probability {@code exp(-(gamma - floor(gamma)))}. The trial
 * {@code Bernoulli(gamma / k)} is drawn as the conjunction of the independent trials
 * {@code Bernoulli(gamma)} and {@code Bernoulli(1 / k)}, which keeps every denominator small.
 * Everything is integer arithmetic: the probability of each outcome is exactly the stated one.
 */
final class ExactBernoulli {
    private ExactBernoulli() {
    }

    /** {@code floor(2^64 / m!)} as unsigned longs for {@code m = 0..20} (entries 0 and 1 are unused). */
    private static final long[] FACTORIAL_THRESHOLDS = new long[21];
    /** {@code m!} for {@code m = 0..21}. */
    private static final BigInteger[] FACTORIALS = new BigInteger[22];
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    static {
        FACTORIALS[0] = BigInteger.ONE;
        for (int m = 1; m < FACTORIALS.length; m++) {
            FACTORIALS[m] = FACTORIALS[m - 1].multiply(BigInteger.valueOf(m));
        }
        for (int m = 2; m < FACTORIAL_THRESHOLDS.length; m++) {
            FACTORIAL_THRESHOLDS[m] = TWO_TO_64.divide(FACTORIALS[m]).longValue();
        }
    }

    /**
     * Bernoulli(exp(-1)). Algorithm 1 with {@code gamma = 1} stops at the first {@code K} with
     * {@code P(K >= n) = 1/(n-1)!}; the nested events {@code U < 1/m!} for one uniform {@code U} have exactly these
     * probabilities, so {@code K} is read off a single 64-bit word {@code R} ({@code U = R 2^-64 + ...}). When
     * {@code R} equals a threshold {@code floor(2^64/m!)} or is 0 the comparison is finished exactly with further bits.
     */
    static boolean expMinusOne(NoiseSource noise) {
        long word = noise.nextLong();
        int m = 2; // U < 1/0! and U < 1/1! always hold
        while (m <= 20 && Long.compareUnsigned(word, FACTORIAL_THRESHOLDS[m]) < 0) {
            m++;
        }
        // now U < 1/(m-1)! is certain unless word == threshold(m) (undecided) or m == 21 and word == 0
        int k;
        if (m <= 20) {
            if (word != FACTORIAL_THRESHOLDS[m]) {
                k = m; // U >= 1/m!
            } else {
                // U < 1/m! iff the continuation is below frac(2^64 / m!); U >= 1/(m+1)! in any case
                BigInteger remainder = TWO_TO_64.mod(FACTORIALS[m]);
                k = bernoulli(noise, remainder, FACTORIALS[m]) ? m + 1 : m;
            }
        } else if (word != 0) {
            k = 21;
        } else {
            // U < 2^-64: U < 1/21! with probability (2^64/21!), then the plain series of Algorithm 1
            if (!bernoulli(noise, TWO_TO_64, FACTORIALS[21])) {
                k = 21;
            } else {
                k = 22;
                while (UniformBits.oneIn(noise, k)) {
                    k++;
                }
            }
        }
        return (k & 1) == 1;
    }

    /** Bernoulli(exp(-numerator / denominator)) for {@code numerator >= 0}, {@code denominator >= 1}. */
    static boolean expMinus(NoiseSource noise, long numerator, long denominator) {
        long whole = numerator / denominator;
        for (long i = 0; i < whole; i++) {
            if (!expMinusOne(noise)) {
                return false;
            }
        }
        return expMinusFraction(noise, numerator % denominator, denominator);
    }

    /** Bernoulli(exp(-numerator / denominator)) for {@code 0 <= numerator <= denominator}. */
    static boolean expMinusFraction(NoiseSource noise, long numerator, long denominator) {
        if (numerator == 0) {
            return true;
        }
        if (!UniformBits.bernoulli(noise, numerator, denominator)) {
            return true; // K = 1
        }
        long k = 2;
        // Bernoulli(gamma / k) in one draw while denominator * k fits in a long, else as two trials
        boolean small = denominator < (1L << 55); // then denominator * k < 2^62 for k < 128
        while (small && k < 128 ? UniformBits.bernoulli(noise, numerator, denominator * k)
                : UniformBits.oneIn(noise, k) && UniformBits.bernoulli(noise, numerator, denominator)) {
            k++;
        }
        return (k & 1) == 1;
    }

    /**
     * Bernoulli(exp(-x^2 / 2)) for {@code x = numerator / denominator >= 0}, used by the discrete Gaussian.
     * With {@code x = n + y}, {@code n = floor(x)}, {@code y in [0, 1)}:
     * {@code exp(-x^2/2) = exp(-n^2/2) exp(-n y) exp(-y^2/2)}, three independent exact trials, the ones most
     * likely to fail first. The last uses Algorithm 1 with {@code Bernoulli(y^2/(2k))} drawn as
     * {@code Bernoulli(y/(2k))} and {@code Bernoulli(y)} (merged into one draw when the denominator fits).
     * All long arithmetic; an {@code ArithmeticException} (only if {@code floor(x)^2} overflows) is thrown before
     * any bit is drawn.
     */
    static boolean expMinusHalfSquare(NoiseSource noise, long numerator, long denominator) {
        if (numerator == 0) {
            return true;
        }
        long whole = numerator < denominator ? 0 : numerator / denominator;
        long rest = numerator - whole * denominator;
        // both products before any draw, so an ArithmeticException (n^2 overflow) never follows a draw;
        // whole * rest < whole * denominator <= numerator cannot overflow
        long wholeSquared = Math.multiplyExact(whole, whole);
        long cross = whole * rest;
        if (whole > 0) {
            if (!expMinus(noise, wholeSquared, 2)) {
                return false;
            }
            if (cross > 0 && !expMinus(noise, cross, denominator)) {
                return false;
            }
        }
        if (rest == 0) {
            return true;
        }
        long k = 1;
        boolean small = denominator < (1L << 55);
        while ((small && k < 64 ? UniformBits.bernoulli(noise, rest, 2 * k * denominator)
                : UniformBits.oneIn(noise, 2 * k) && UniformBits.bernoulli(noise, rest, denominator))
                && UniformBits.bernoulli(noise, rest, denominator)) {
            k++;
        }
        return (k & 1) == 1;
    }

    /** Bernoulli(exp(-numerator / denominator)) for big rationals, {@code numerator >= 0}, denominator >= 1. */
    static boolean expMinus(NoiseSource noise, BigInteger numerator, BigInteger denominator) {
        BigInteger[] split = numerator.divideAndRemainder(denominator);
        for (BigInteger i = BigInteger.ZERO; i.compareTo(split[0]) < 0; i = i.add(BigInteger.ONE)) {
            if (!expMinusOne(noise)) {
                return false;
            }
        }
        BigInteger remainder = split[1];
        if (remainder.signum() == 0) {
            return true;
        }
        long k = 1;
        while (UniformBits.oneIn(noise, k) && bernoulli(noise, remainder, denominator)) {
            k++;
        }
        return (k & 1) == 1;
    }

    /**
     * Exact Bernoulli(numerator / denominator) for big rationals in [0, 1]: compares a uniform number
     * {@code U = 0.w1 w2 ...} (base 2^64 digits from the noise source) with the base 2^64 expansion of
     * the probability, produced lazily by long division; {@code U < p} has probability exactly {@code p}.
     * It draws only the words that decide the comparison: when the words equal every digit of a terminating
     * expansion ({@code p} dyadic), {@code U >= p} is already certain and no further word is read.
     */
    static boolean bernoulli(NoiseSource noise, BigInteger numerator, BigInteger denominator) {
        if (numerator.signum() <= 0) {
            return false;
        }
        if (numerator.compareTo(denominator) >= 0) {
            return true;
        }
        BigInteger remainder = numerator;
        while (true) {
            BigInteger[] digitAndRest = remainder.shiftLeft(64).divideAndRemainder(denominator);
            long digit = digitAndRest[0].longValue(); // < 2^64, as an unsigned long
            remainder = digitAndRest[1];
            int comparison = Long.compareUnsigned(noise.nextLong(), digit);
            if (comparison < 0) {
                return true;
            }
            if (comparison > 0 || remainder.signum() == 0) {
                return false; // U > p, or the words so far equal all of p's digits and U >= p whatever follows
            }
        }
    }
}
