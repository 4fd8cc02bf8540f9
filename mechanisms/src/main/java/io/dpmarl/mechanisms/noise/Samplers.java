package io.dpmarl.mechanisms.noise;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import java.math.BigInteger;

/**
 * Float-safe privacy noise: the only place in the framework where noise for a private release is drawn.
 *
 * <h2>Construction</h2>
 * Every sampler consumes raw bits from a {@link NoiseSource} and uses integer arithmetic only:
 * <ul>
 *   <li>{@link #bernoulliExp(NoiseSource, double)}: Canonne-Kamath-Steinke (CKS 2020) Algorithm 1.</li>
 *   <li>{@link #discreteLaplace(NoiseSource, double)}: CKS Algorithm 2 (geometric part by von Neumann's trick), exact
 *       {@code P(Y = y) proportional to exp(-|y| / scale)} on the integers.</li>
 *   <li>{@link #discreteGaussian(NoiseSource, double)}: CKS Algorithm 3 (rejection from a discrete Laplace),
 *       exact {@code P(Y = y) proportional to exp(-y^2 / (2 sigma^2))}.</li>
 *   <li>{@link #laplace(NoiseSource, double)} and {@link #gaussian(NoiseSource, double)}: the
 *       "granularity" construction (Mironov 2012; Google's secure noise): a power-of-two grid
 *       {@code r} ({@link #laplaceGranularity(double)}, {@link #gaussianGranularity(double)}), an exact
 *       integer sample {@code k} with parameter {@code scale / r}, and the output {@code k * r}, which is
 *       exactly representable. The set of reachable outputs is the grid {@code r Z} whatever the input, so
 *       the floating-point attack of Mironov (2012) has nothing to observe.</li>
 * </ul>
 *
 * <h2>Guarantees of the float-safe continuous versions</h2>
 * A privatizer first rounds its input to the grid ({@link #roundToGrid(double, double)}), which can move two
 * neighbouring inputs apart by at most {@code r} more per coordinate than their sensitivity (the privatizers
 * account for {@code m} coordinates, {@code m r} in L1 and {@code sqrt(m) r} in L2, see
 * {@code io.dpmarl.mechanisms.privatizers.FloatSafeSensitivity}). Hence, for one coordinate:
 * <ul>
 *   <li>Laplace with scale {@code b}: pure {@code epsilon = (sensitivity + r) / b}-DP, with
 *       {@code r <= b / 2^39}, that is at most {@code (1 + 2^-39 b / sensitivity)} times the ideal epsilon.</li>
 *   <li>Gaussian with standard deviation {@code sigma}: the noise is a discrete Gaussian of parameter
 *       {@code sigma' = r * ceil(sigma / r) in [sigma, sigma (1 + 2^-19)]} on the grid {@code r} with
 *       {@code r <= sigma / 2^19}; it is {@code rho}-zCDP with {@code rho = (sensitivity + r)^2 / (2 sigma^2)}
 *       (CKS Theorem 4), and (epsilon, delta)-DP for every pair the continuous Gaussian with sensitivity
 *       {@code sensitivity + r} satisfies, since the discrete Gaussian's privacy loss distribution is
 *       dominated by it up to CKS Theorem 7.</li>
 * </ul>
 * The only approximation left is that a sample so large that {@code |k| >= 2^53} (probability below
 * {@code exp(-2^13)} for Laplace and {@code exp(-2^60)} for Gaussian) is rounded when converted to a double.
 */
public final class Samplers {
    /** Grid bits of the Laplace granularity: {@code scale / r} lies in {@code [2^39, 2^40)}. */
    public static final int LAPLACE_GRID_BITS = 40;
    /** Grid bits of the Gaussian granularity: {@code sigma / r} lies in {@code [2^19, 2^20)}. */
    public static final int GAUSSIAN_GRID_BITS = 20;

    private static final double MAX_DISCRETE_SCALE = 0x1p61;

    private Samplers() {
    }

    // ------------------------------------------------------------------ continuous, float-safe

    /**
     * A float-safe Laplace sample of the given scale {@code b}, centred at 0: {@code k * r} with
     * {@code r = laplaceGranularity(b)} and {@code k} an exact discrete Laplace sample of scale
     * {@code b / r}. Every output is a multiple of {@code r}.
     *
     * @throws IllegalArgumentException if scale is not in (0, inf)
     */
    public static double laplace(NoiseSource noise, double scale) {
        Checks.positiveFinite("scale", scale);
        double granularity = laplaceGranularity(scale);
        if (Math.getExponent(scale) >= Double.MIN_EXPONENT) {
            // normal scale = mantissa 2^(e - 52), grid 2^(e - 39): scale / grid = mantissa / 2^13 exactly
            return DiscreteLaplace.sample(noise, mantissa(scale), 52 - (LAPLACE_GRID_BITS - 1)) * granularity;
        }
        return discreteLaplace(noise, scale / granularity) * granularity;
    }

    /**
     * A float-safe Gaussian sample with standard deviation about {@code sigma}, centred at 0: {@code k * r}
     * with {@code r = gaussianGranularity(sigma)} and {@code k} an exact discrete Gaussian sample of integer
     * parameter {@code ceil(sigma / r)}; the effective parameter is within a factor {@code 1 + 2^-19} above
     * {@code sigma}. Every output is a multiple of {@code r}.
     *
     * @throws IllegalArgumentException if sigma is not in (0, inf)
     */
    public static double gaussian(NoiseSource noise, double sigma) {
        Checks.positiveFinite("sigma", sigma);
        double granularity = gaussianGranularity(sigma);
        long integerSigma;
        if (Math.getExponent(sigma) >= Double.MIN_EXPONENT) {
            // normal sigma = mantissa 2^(e - 52), grid 2^(e - 19): sigma / grid = mantissa / 2^33, rounded up
            int shift = 52 - (GAUSSIAN_GRID_BITS - 1);
            integerSigma = (mantissa(sigma) + (1L << shift) - 1) >>> shift;
        } else {
            integerSigma = (long) Math.ceil(sigma / granularity);
        }
        return DiscreteGaussian.sampleIntegerSigma(noise, integerSigma) * granularity;
    }

    /**
     * Fills {@code out[from, to)} with float-safe Laplace samples of scale {@code b}: exactly the values, in the
     * same order and from the same noise words, as {@code to - from} successive calls of
     * {@link #laplace(NoiseSource, double)}, with the scale check, the grid and the scale's mantissa computed
     * once per batch instead of once per draw. Nothing is drawn if the arguments are refused.
     *
     * @throws IllegalArgumentException if scale is not in (0, inf) or the range is not within {@code out}
     */
    public static void laplace(NoiseSource noise, double scale, double[] out, int from, int to) {
        Checks.positiveFinite("scale", scale);
        java.util.Objects.checkFromToIndex(from, to, out.length);
        double granularity = laplaceGranularity(scale);
        if (Math.getExponent(scale) >= Double.MIN_EXPONENT) {
            long numerator = mantissa(scale);
            int shift = 52 - (LAPLACE_GRID_BITS - 1);
            for (int i = from; i < to; i++) {
                out[i] = DiscreteLaplace.sample(noise, numerator, shift) * granularity;
            }
            return;
        }
        double gridScale = scale / granularity;
        for (int i = from; i < to; i++) {
            out[i] = discreteLaplace(noise, gridScale) * granularity;
        }
    }

    /** The grid of {@link #laplace}: the power of two {@code r} with {@code scale / r in [2^39, 2^40)}. */
    public static double laplaceGranularity(double scale) {
        Checks.positiveFinite("scale", scale);
        return grid(scale, LAPLACE_GRID_BITS);
    }

    /** The grid of {@link #gaussian}: the power of two {@code r} with {@code sigma / r in [2^19, 2^20)}. */
    public static double gaussianGranularity(double sigma) {
        Checks.positiveFinite("sigma", sigma);
        return grid(sigma, GAUSSIAN_GRID_BITS);
    }

    private static double grid(double parameter, int bits) {
        int exponent = Math.max(Math.getExponent(parameter), Double.MIN_EXPONENT) - (bits - 1);
        if (exponent >= Double.MIN_EXPONENT) {
            return Double.longBitsToDouble((long) (exponent + 1023) << 52); // 2^exponent, a normal double
        }
        return Math.scalb(1.0, Math.max(exponent, -1074));
    }

    /**
     * Rounds {@code value} to the nearest multiple of the power-of-two {@code granularity} (ties to even).
     * Exact: division and multiplication by a power of two do not round for normal numbers.
     *
     * @throws IllegalArgumentException if value is not finite or granularity is not a positive power of two
     */
    public static double roundToGrid(double value, double granularity) {
        Checks.finite("value", value);
        Checks.positiveFinite("granularity", granularity);
        if (Long.bitCount(mantissa(granularity)) != 1) {
            throw new IllegalArgumentException("granularity must be a power of two, got " + granularity);
        }
        if (Math.abs(value) >= 0x1p53 * granularity) {
            return value; // its ulp is at least the granularity: already on the grid
        }
        return Math.rint(value / granularity) * granularity;
    }

    /**
     * A float-safe sample of the uniform law on {@code [-halfWidth, halfWidth]}: {@code k * r} with
     * {@code r = uniformGranularity(halfWidth)}, {@code K = floor(halfWidth / r)} and {@code k} exactly uniform
     * on {@code {-K, ..., K}} (MA-LDP's uniform mechanism, Section 6.1). A shift of {@code j r}
     * between two inputs gives total variation exactly {@code min(1, j / (2K + 1))}.
     *
     * @throws IllegalArgumentException if halfWidth is not in (0, inf)
     */
    public static double uniform(NoiseSource noise, double halfWidth) {
        double granularity = uniformGranularity(halfWidth);
        long steps = (long) Math.floor(halfWidth / granularity);
        return (UniformBits.below(noise, 2 * steps + 1) - steps) * granularity;
    }

    /** The grid of {@link #uniform}: the power of two {@code r} with {@code halfWidth / r in [2^39, 2^40)}. */
    public static double uniformGranularity(double halfWidth) {
        Checks.positiveFinite("a", halfWidth);
        return grid(halfWidth, LAPLACE_GRID_BITS);
    }

    /**
     * A float-safe bounded Laplace sample (MA-LDP, Section 6.2): the float-safe Laplace of scale {@code b}
     * conditioned on {@code |x| <= bound}, by rejection; its law is the discrete Laplace on the grid
     * {@link #laplaceGranularity(double)} restricted to {@code [-bound, bound]}, that is the density
     * {@code exp(-|x|/b) / (2b (1 - exp(-bound/b)))} up to the grid. Expected number of trials
     * {@code 1 / (1 - exp(-bound/b))}. This replaces the paper's inverse CDF (eq. 78, flawed for u &lt; 1/2).
     *
     * @throws IllegalArgumentException if scale or bound is not in (0, inf), or bound is below the grid
     */
    public static double boundedLaplace(NoiseSource noise, double scale, double bound) {
        Checks.positiveFinite("bound", bound);
        double granularity = laplaceGranularity(scale);
        if (bound < granularity) {
            throw new IllegalArgumentException("bound must be in [" + granularity + ", inf) for scale " + scale
                    + ", got " + bound);
        }
        while (true) {
            double candidate = discreteLaplace(noise, scale / granularity) * granularity;
            if (Math.abs(candidate) <= bound) {
                return candidate;
            }
        }
    }

    /**
     * k-ary randomized response: returns {@code value} with probability {@code e^epsilon / (e^epsilon + k - 1)}
     * and each other category with probability {@code 1 / (e^epsilon + k - 1)}; pure epsilon-DP. Exact: a
     * uniformly drawn category is kept if it is the true one and otherwise with probability
     * {@code exp(-epsilon)} (exact Bernoulli), else the draw is repeated.
     *
     * @throws IllegalArgumentException if categories &lt; 2, value outside [0, categories) or epsilon not in (0, inf)
     */
    public static int randomizedResponse(NoiseSource noise, int value, int categories, double epsilon) {
        Checks.atLeast("k", categories, 2);
        Checks.positiveFinite("epsilon", epsilon);
        if (value < 0 || value >= categories) {
            throw new IllegalArgumentException("value must be in [0, " + (categories - 1) + "], got " + value);
        }
        while (true) {
            int candidate = (int) UniformBits.below(noise, categories);
            if (candidate == value || bernoulliExp(noise, epsilon)) {
                return candidate;
            }
        }
    }

    // ------------------------------------------------------------------ discrete, exact

    /**
     * An exact discrete Laplace sample: {@code P(Y = y) = (1 - q) / (1 + q) q^|y|} with
     * {@code q = exp(-1 / scale)} (CKS 2020 Algorithm 2, its geometric part drawn by von Neumann's trick, see
     * {@code DiscreteLaplace}). The double scale is used as the exact binary rational it denotes.
     *
     * @throws IllegalArgumentException if scale is not in (0, 2^61]
     */
    public static long discreteLaplace(NoiseSource noise, double scale) {
        Checks.positiveFinite("scale", scale);
        if (scale > MAX_DISCRETE_SCALE) {
            throw new IllegalArgumentException("scale must be in (0, 2^61], got " + scale);
        }
        long mantissa = mantissa(scale);
        int exponent = binaryExponent(scale);
        int zeros = Long.numberOfTrailingZeros(mantissa);
        mantissa >>>= zeros;
        exponent += zeros;
        if (exponent >= 0) {
            return DiscreteLaplace.sample(noise, mantissa << exponent, 0);
        }
        return DiscreteLaplace.sample(noise, mantissa, -exponent);
    }

    /**
     * An exact discrete Gaussian sample: {@code P(Y = y) proportional to exp(-y^2 / (2 sigma^2))} on the
     * integers (CKS 2020 Algorithm 3). The double sigma is used as the exact binary rational it denotes. Integer
     * sigmas up to 2^20, and fractional sigmas with at most 21 significant bits and 1 to 20 fractional bits (for
     * example {@link #roundUpToSignificantBits} of any sigma in [0.5, 2^20]), take a fast long-arithmetic path;
     * all others, including every integer sigma above 2^20, use big rationals (several microseconds per sample).
     *
     * @throws IllegalArgumentException if sigma is not in (0, 2^61]
     */
    public static long discreteGaussian(NoiseSource noise, double sigma) {
        Checks.positiveFinite("sigma", sigma);
        if (sigma > MAX_DISCRETE_SCALE) {
            throw new IllegalArgumentException("sigma must be in (0, 2^61], got " + sigma);
        }
        if (sigma == Math.rint(sigma) && sigma <= DiscreteGaussian.MAX_FAST_SIGMA) {
            return DiscreteGaussian.sampleIntegerSigma(noise, (long) sigma);
        }
        long mantissa = mantissa(sigma);
        int exponent = binaryExponent(sigma);
        int zeros = Long.numberOfTrailingZeros(mantissa);
        // Fast path only for a genuinely fractional dyadic sigma = odd / 2^j with 1 <= j <= 20. An integer sigma
        // above 2^20 has exponent + zeros >= 0: it must not get here (a negative shift would be masked by Java's
        // shift operators and yield a nearly noiseless sampler), so it falls through to the exact rational path.
        if (exponent < 0 && exponent + zeros < 0 && -(exponent + zeros) <= 20 && (mantissa >>> zeros) <= (1L << 21)) {
            return DiscreteGaussian.sampleDyadicSigma(noise, mantissa >>> zeros, -(exponent + zeros));
        }
        BigInteger numerator = BigInteger.valueOf(mantissa).pow(2);
        BigInteger denominator = BigInteger.ONE;
        if (exponent >= 0) {
            numerator = numerator.shiftLeft(2 * exponent);
        } else {
            denominator = denominator.shiftLeft(-2 * exponent);
        }
        return DiscreteGaussian.sampleRationalVariance(noise, numerator, denominator, (long) Math.floor(sigma) + 1);
    }

    /**
     * The smallest value {@code >= value} with at most {@code bits} significant bits: {@code ceil(value 2^k) / 2^k}
     * for the {@code k} that puts {@code value 2^k} in {@code [2^(bits-1), 2^bits)}. Exact; a relative increase
     * below {@code 2^(1-bits)}. Used to give a discrete Gaussian a fast parameter at a tiny privacy gain.
     *
     * @throws IllegalArgumentException if value is not in (0, inf) or bits not in [1, 52]
     */
    public static double roundUpToSignificantBits(double value, int bits) {
        Checks.positiveFinite("value", value);
        if (bits < 1 || bits > 52) {
            throw new IllegalArgumentException("bits must be in [1, 52], got " + bits);
        }
        int k = (bits - 1) - Math.getExponent(value);
        return Math.scalb(Math.ceil(Math.scalb(value, k)), -k);
    }

    /**
     * An exact Bernoulli trial with success probability {@code exp(-x)} (CKS 2020 Algorithm 1), {@code x}
     * taken as the exact binary rational the double denotes.
     *
     * @throws IllegalArgumentException if x is not in [0, inf)
     */
    public static boolean bernoulliExp(NoiseSource noise, double x) {
        Checks.nonNegativeFinite("x", x);
        if (x == 0) {
            return true;
        }
        long mantissa = mantissa(x);
        int exponent = binaryExponent(x);
        BigInteger numerator = BigInteger.valueOf(mantissa);
        BigInteger denominator = BigInteger.ONE;
        if (exponent >= 0) {
            numerator = numerator.shiftLeft(exponent);
        } else {
            denominator = denominator.shiftLeft(-exponent);
        }
        if (numerator.bitLength() < 63 && denominator.bitLength() < 63) {
            return ExactBernoulli.expMinus(noise, numerator.longValue(), denominator.longValue());
        }
        return ExactBernoulli.expMinus(noise, numerator, denominator);
    }

    /**
     * An exact Bernoulli trial with success probability {@code numerator / denominator}.
     *
     * @throws IllegalArgumentException unless {@code 0 <= numerator <= denominator} and denominator >= 1
     */
    public static boolean bernoulli(NoiseSource noise, long numerator, long denominator) {
        Checks.atLeast("denominator", denominator, 1);
        if (numerator < 0 || numerator > denominator) {
            throw new IllegalArgumentException("numerator must be in [0, " + denominator + "], got " + numerator);
        }
        return UniformBits.bernoulli(noise, numerator, denominator);
    }

    /**
     * An exact Bernoulli trial whose success probability is the exact binary rational {@code p}.
     *
     * @throws IllegalArgumentException if p is not in [0, 1]
     */
    public static boolean bernoulli(NoiseSource noise, double p) {
        Checks.probability("p", p);
        if (p == 0 || p == 1) {
            return p == 1;
        }
        int exponent = binaryExponent(p);
        if (-exponent <= 63) {
            // p = mantissa / 2^-exponent: a uniform integer of -exponent bits is below the mantissa
            return (noise.nextLong() >>> (64 + exponent)) < mantissa(p);
        }
        return ExactBernoulli.bernoulli(noise, BigInteger.valueOf(mantissa(p)), BigInteger.ONE.shiftLeft(-exponent));
    }

    /**
     * A uniform integer in {@code [0, bound)} (exact, Lemire's rejection method).
     *
     * @throws IllegalArgumentException if bound &lt; 1
     */
    public static long uniformBelow(NoiseSource noise, long bound) {
        Checks.atLeast("bound", bound, 1);
        return UniformBits.below(noise, bound);
    }

    /** The integer mantissa of a positive finite double (with the hidden bit). */
    static long mantissa(double value) {
        long bits = Double.doubleToRawLongBits(value) & 0x000F_FFFF_FFFF_FFFFL;
        return Math.getExponent(value) == Double.MIN_EXPONENT - 1 ? bits : bits | (1L << 52);
    }

    /** The exponent {@code e} such that {@code value = mantissa(value) * 2^e} exactly. */
    static int binaryExponent(double value) {
        int exponent = Math.getExponent(value);
        return exponent == Double.MIN_EXPONENT - 1 ? -1074 : exponent - 52;
    }
}
