package io.dpmarl.mechanisms.noise;

import java.math.BigInteger;

/**
 * Words for scripted-bit tests, computed with big integers from the definition of Lemire's multiply-and-reject
 * method: a word {@code w} maps to {@code floor(w bound / 2^64)} and is rejected iff
 * {@code w bound mod 2^64 < 2^64 mod bound}.
 */
final class Words {
    static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private Words() {
    }

    /** The largest word mapping to {@code value} in {@code [0, bound)}; it is accepted when bound <= 2^63. */
    static long wordFor(long value, long bound) {
        return BigInteger.valueOf(value + 1).multiply(TWO_64).subtract(BigInteger.ONE)
                .divide(BigInteger.valueOf(bound)).longValue();
    }

    /** {@code floor(unsigned(word) bound / 2^64)}. */
    static long valueOf(long word, long bound) {
        return unsigned(word).multiply(BigInteger.valueOf(bound)).shiftRight(64).longValueExact();
    }

    /** {@code unsigned(word) bound mod 2^64}, the low half the rejection test looks at. */
    static BigInteger low(long word, long bound) {
        return unsigned(word).multiply(BigInteger.valueOf(bound)).mod(TWO_64);
    }

    /** {@code 2^64 mod bound}: words with a smaller low half are rejected. */
    static BigInteger threshold(long bound) {
        return TWO_64.mod(BigInteger.valueOf(bound));
    }

    /** A word {@code w} with {@code w bound = low (mod 2^64)}; requires {@code gcd(bound, 2^64) | low}. */
    static long wordWithLow(long bound, long low) {
        int twos = Long.numberOfTrailingZeros(bound);
        if (Long.numberOfTrailingZeros(low) < twos && low != 0) {
            throw new IllegalArgumentException("no word has that low half");
        }
        BigInteger modulus = BigInteger.ONE.shiftLeft(64 - twos);
        BigInteger odd = BigInteger.valueOf(bound >> twos);
        return BigInteger.valueOf(low >>> twos).multiply(odd.modInverse(modulus)).mod(modulus).longValue();
    }

    static BigInteger unsigned(long word) {
        return new BigInteger(Long.toUnsignedString(word));
    }
}
