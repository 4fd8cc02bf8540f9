package io.dpmarl.mechanisms.noise;

import io.dpmarl.core.rng.NoiseSource;
import java.util.Arrays;

/**
 * Exact discrete Laplace sampler of scale {@code t / 2^shift}: {@code P(Y = y)} proportional to
 * {@code exp(-|y| 2^shift / t)}.
 *
 * <p>The magnitude before scaling, {@code X = floor(t E)} for an exponential {@code E}, is geometric with ratio
 * {@code exp(-1/t)}. Canonne, Kamath and Steinke (2020, Algorithm 2) write it as {@code X = U + t V} with
 * {@code U} uniform on {@code [0, t)} accepted with probability {@code exp(-U/t)} and an independent geometric
 * {@code V} with {@code P(V >= v) = exp(-v)}. This class draws the same pair with von Neumann's (1951) trick:
 * a trial draws {@code U} and a uniform fraction {@code W} and accepts with probability
 * {@code exp(-(U + W)/t)} (Algorithm 1 of CKS on the real {@code gamma = (U + W)/t}). A trial succeeds with
 * probability exactly {@code 1 - exp(-1)}, so the number of failed trials is the geometric {@code V}, and the
 * accepted {@code U} has {@code P(U = u)} proportional to {@code exp(-u/t)}: no separate geometric loop is needed.
 * Each {@code Bernoulli(gamma / k)} compares {@code Z + F} ({@code Z} uniform on {@code [0, k t)}, {@code F} a
 * fresh uniform fraction) with {@code U + W}; fractions are compared 64 bits at a time, and {@code W}'s further
 * words are drawn (and kept) only on an exact tie, so every probability is exact.
 * Then {@code Y = floor(X / 2^shift)} with a uniform sign, rejecting "negative zero".
 */
final class DiscreteLaplace {
    private DiscreteLaplace() {
    }

    /**
     * @param numerator the scale's numerator {@code t >= 1} (below 2^62)
     * @param shift     the scale's denominator is {@code 2^shift}, {@code shift >= 0}
     */
    static long sample(NoiseSource noise, long numerator, int shift) {
        while (true) {
            long magnitude = magnitude(noise, numerator, shift);
            boolean negative = noise.nextBoolean();
            if (negative && magnitude == 0) {
                continue;
            }
            return negative ? -magnitude : magnitude;
        }
    }

    /**
     * The magnitude before the sign: {@code P(M = m)} proportional to {@code exp(-m 2^shift / numerator)}
     * (geometric). {@link #sample} adds a uniform sign and rejects "negative zero"; callers whose acceptance
     * test depends only on the magnitude (the discrete Gaussian) may draw the sign after that test.
     */
    static long magnitude(NoiseSource noise, long numerator, int shift) {
        // k * numerator < 2^63 for k <= maxMergedK (numerator < 2^62, so maxMergedK >= 2)
        long maxMergedK = 1L << (Long.numberOfLeadingZeros(numerator) - 1);
        long failures = 0;
        while (true) {
            long uniform = UniformBits.below(noise, numerator);
            long fractionWord = noise.nextLong(); // W's first 64 bits
            Fraction extension = null;           // W's further bits, created only on a tie
            long k = 1;
            while (true) {
                // Bernoulli((U + W) / (k t)): a uniform real Z + F on [0, k t) is below U + W
                long integer;
                if (k <= maxMergedK) {
                    integer = UniformBits.below(noise, k * numerator);
                } else if (UniformBits.oneIn(noise, k)) {
                    integer = UniformBits.below(noise, numerator);
                } else {
                    break;
                }
                boolean success;
                if (integer != uniform) {
                    success = integer < uniform;
                } else {
                    if (extension == null) {
                        extension = new Fraction(fractionWord);
                    }
                    success = extension.exceedsFresh(noise);
                }
                if (!success) {
                    break;
                }
                k++;
            }
            if ((k & 1) == 1) {
                // overflow needs failures >= 2^63 / numerator: probability below exp(-2^10) for numerator < 2^53
                long total = Math.addExact(uniform, Math.multiplyExact(numerator, failures));
                return shift >= 63 ? 0 : total >>> shift;
            }
            failures++;
        }
    }

    /**
     * The further bits of a uniform fraction {@code W in [0, 1)} whose first 64 bits are {@code first}: created
     * only when an integer comparison ties, extended (and remembered) only when the fractions tie too.
     */
    static final class Fraction {
        private final long first;
        private long[] more;
        private int known;

        Fraction(long first) {
            this.first = first;
        }

        /** True if a fresh uniform fraction {@code F} is below {@code W} (probability {@code W}). */
        boolean exceedsFresh(NoiseSource noise) {
            long fresh = noise.nextLong();
            if (fresh != first) {
                return Long.compareUnsigned(fresh, first) < 0;
            }
            for (int index = 0; ; index++) {
                long word = word(noise, index);
                long freshWord = noise.nextLong();
                if (freshWord != word) {
                    return Long.compareUnsigned(freshWord, word) < 0;
                }
            }
        }

        private long word(NoiseSource noise, int index) {
            if (more == null) {
                more = new long[4];
            }
            if (index == more.length) {
                more = Arrays.copyOf(more, 2 * more.length);
            }
            while (known <= index) {
                more[known++] = noise.nextLong();
            }
            return more[index];
        }
    }
}
