package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.accounting.SafeRounding;
import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

/**
 * {@link GaussianMomentsBound#sigmaFor} where {@code T Delta^2}, {@code rho}, {@code 2 rho} or {@code 1 / delta}
 * leaves the double range. The reference is the real-number calibration {@code sigma = Delta sqrt(T / 2)
 * (sqrt(L + epsilon) + sqrt(L)) / epsilon}, {@code L = ln(1/delta)}, in exact {@link BigDecimal} arithmetic (60
 * digits) with delta a power of two, so that {@code L = k ln 2} with ln 2 truncated to 40 digits: the reference is
 * at most the real value, and sigma must be at least it and within 1e-14 relative above.
 *
 * <p>Against the code before this test (run 2026-11-25): Delta = 2^600 and epsilon = 2^-600 gave +inf (a false
 * refusal: ScaleLimits refuses a sigma above 2^991), delta = 2^-1074 gave +inf ({@code 1 / delta} overflows), and
 * epsilon = Double.MAX_VALUE gave {@code 16 2^-1074} instead of about {@code 2^-512.5}: far too little noise. The
 * earlier formula evaluated by hand on the two subnormal cases of {@code overflowingQuotientAndSubnormalIntermediates}
 * gives a sigma 9.5e-7 and 2.3e-14 relative below the real value.
 */
class GaussianMomentsBoundScalesTest {
    private static final MathContext DIGITS = new MathContext(60);
    private static final BigDecimal LN2 = new BigDecimal("0.6931471805599453094172321214581765680755");

    /** The real sigma for delta = 2^-k, times 2^-scale, in BigDecimal (at most the exact value, by ~1e-39). */
    private static double reference(double epsilon, int k, long rounds, double sensitivity, int scale) {
        BigDecimal log = LN2.multiply(BigDecimal.valueOf(k));
        BigDecimal eps = new BigDecimal(epsilon);
        BigDecimal sum = log.add(eps).sqrt(DIGITS).add(log.sqrt(DIGITS));
        BigDecimal half = BigDecimal.valueOf(rounds).divide(BigDecimal.valueOf(2)).sqrt(DIGITS);
        BigDecimal sigma = new BigDecimal(sensitivity).multiply(half).multiply(sum).divide(eps, DIGITS);
        return sigma.multiply(new BigDecimal(Math.scalb(1.0, -scale))).doubleValue();
    }

    private static void assertTightUpper(double reference, double sigma) {
        assertTrue(sigma >= reference && sigma <= reference * (1 + 1e-14),
                "sigma " + sigma + " against the real value " + reference);
    }

    @Test
    void ordinaryCalibrationsAreUnchangedBitForBit() {
        // the formula of earlier releases, written out: rho = (epsilon / (sqrt(L + epsilon) + sqrt(L)))^2, sigma =
        // sqrt(T Delta^2 / (2 rho)) moved up 16 ulps
        double[][] cases = {{1, 0x1p-6, 1, 1}, {10, 1e-7, 1000, 1}, {0.5, 1e-5, 100, 2.5}, {200, 1e-130, 1000, 1}};
        for (double[] c : cases) {
            double log = Math.log(1 / c[1]);
            double root = c[0] / (Math.sqrt(log + c[0]) + Math.sqrt(log));
            double earlier = SafeRounding.inflate(Math.sqrt((long) c[2] * c[3] * c[3] / (2 * (root * root))), 16);
            assertEquals(earlier, GaussianMomentsBound.sigmaFor(c[0], c[1], (long) c[2], c[3]), 0);
        }
        // at the edges of that form: T Delta^2 = 2^-1022 exactly (Delta = 2^-511), and rho = 2^-1022 exactly (epsilon
        // = 2^-511 (sqrt(L) + sqrt(L)) in doubles, far below an ulp of L, so root = epsilon / (sqrt(L + epsilon) +
        // sqrt(L)) = 2^-511 exactly)
        double log = Math.log(64);
        double edgeEpsilon = Math.scalb(Math.sqrt(log) + Math.sqrt(log), -511);
        double[][] edges = {{1, 0x1p-6, 1, 0x1p-511}, {edgeEpsilon, 0x1p-6, 1, 1}};
        for (double[] c : edges) {
            double root = c[0] / (Math.sqrt(log + c[0]) + Math.sqrt(log));
            double earlier = SafeRounding.inflate(Math.sqrt((long) c[2] * c[3] * c[3] / (2 * (root * root))), 16);
            assertEquals(earlier, GaussianMomentsBound.sigmaFor(c[0], c[1], (long) c[2], c[3]), 0);
        }
        assertEquals(0x1p-1022, 0x1p-511 * 0x1p-511, 0);
        double edgeRoot = edgeEpsilon / (Math.sqrt(log + edgeEpsilon) + Math.sqrt(log));
        assertEquals(0x1p-1022, edgeRoot * edgeRoot, 0);
        // and they are upper bounds: delta = 2^-6, L = 6 ln 2
        assertTightUpper(reference(1, 6, 1, 1, 0), GaussianMomentsBound.sigmaFor(1, 0x1p-6, 1, 1));
        assertTightUpper(reference(0.5, 6, 100, 2.5, 0), GaussianMomentsBound.sigmaFor(0.5, 0x1p-6, 100, 2.5));
    }

    @Test
    void largeSensitivityNoLongerOverflows() {
        // T Delta^2 = 2^1200 overflowed; sigma = 2^600 (sqrt(L + 1) + sqrt(L)) / sqrt(2), about 3.0 2^600
        assertTightUpper(reference(1, 6, 1, 0x1p600, 600), Math.scalb(GaussianMomentsBound.sigmaFor(1, 0x1p-6, 1,
                0x1p600), -600));
        // T = 1000: times sqrt(1000)
        assertTightUpper(reference(1, 6, 1000, 0x1p600, 600), Math.scalb(GaussianMomentsBound.sigmaFor(1, 0x1p-6,
                1000, 0x1p600), -600));
        // T above 2^53 (the conversion to double rounds): T = 2^53 + 1
        long rounds = (1L << 53) + 1;
        assertTightUpper(reference(2, 6, rounds, 0x1p600, 600), Math.scalb(GaussianMomentsBound.sigmaFor(2, 0x1p-6,
                rounds, 0x1p600), -600));
    }

    @Test
    void smallEpsilonNoLongerUnderflows() {
        // epsilon = 2^-600: rho = (2^-600 / (2 sqrt(L)))^2 underflowed to 0; sigma is about 2^600 sqrt(2 L)
        assertTightUpper(reference(0x1p-600, 6, 1, 1, 600), Math.scalb(GaussianMomentsBound.sigmaFor(0x1p-600,
                0x1p-6, 1, 1), -600));
        // a subnormal epsilon and sensitivity: epsilon = 3 2^-1074, Delta = 2^-1074: sigma = sqrt(2L) / 3 (ratio 1/3)
        assertTightUpper(reference(3 * Double.MIN_VALUE, 6, 1, Double.MIN_VALUE, 0),
                GaussianMomentsBound.sigmaFor(3 * Double.MIN_VALUE, 0x1p-6, 1, Double.MIN_VALUE));
    }

    @Test
    void overflowingQuotientAndSubnormalIntermediates() {
        // Delta = 2^500, epsilon = 2^-500: T Delta^2 = 2^1000 and rho (about 2^-1004) are normal, but T Delta^2 /
        // (2 rho), about 2^2003, overflows; sigma itself, about 2^1001.5, is a double
        assertTightUpper(reference(0x1p-500, 6, 1, 0x1p500, 1000), Math.scalb(GaussianMomentsBound.sigmaFor(0x1p-500,
                0x1p-6, 1, 0x1p500), -1000));
        // Delta = (1 + 2^-20) 2^-530, epsilon = 2^-30: T Delta^2 = (1 + 2^-19 + 2^-40) 2^-1060 is subnormal and rounds
        // to 2^-1060 (14 bits), while rho (about 2^-64) and the quotient (about 2^-997) are normal
        double sensitivity = (1 + 0x1p-20) * 0x1p-530;
        assertTightUpper(reference(0x1p-30, 6, 1, sensitivity, -500), Math.scalb(GaussianMomentsBound.sigmaFor(0x1p-30,
                0x1p-6, 1, sensitivity), 500));
        // T = 2^60, Delta = 2^-530 (T Delta^2 = 2^-1000), epsilon = (1 + 2^-20) 2^-515: rho, about 2^-1034, is
        // subnormal (12 bits or so) while the quotient, about 2^33, is normal
        long rounds = 1L << 60;
        double epsilon = (1 + 0x1p-20) * 0x1p-515;
        assertTightUpper(reference(epsilon, 6, rounds, 0x1p-530, 0), GaussianMomentsBound.sigmaFor(epsilon, 0x1p-6,
                rounds, 0x1p-530));
    }

    @Test
    void smallestDeltaNoLongerOverflows() {
        // delta = 2^-1074: 1 / delta overflowed to +inf; L = 1074 ln 2, sigma = (sqrt(L + 1) + sqrt(L)) / sqrt(2)
        assertTightUpper(reference(1, 1074, 1, 1, 0), GaussianMomentsBound.sigmaFor(1, Double.MIN_VALUE, 1, 1));
    }

    @Test
    void hugeEpsilonKeepsItsNoise() {
        // epsilon = MAX_VALUE: 2 rho overflowed to +inf and sigma came out 16 2^-1074; sigma is about 2^-512.5
        assertTightUpper(reference(Double.MAX_VALUE, 6, 1, 1, 0),
                GaussianMomentsBound.sigmaFor(Double.MAX_VALUE, 0x1p-6, 1, 1));
        // epsilon = 2^1023: T Delta^2 / (2 rho) is subnormal (2^-1024 and a little), so the square root of the
        // earlier form had lost its precision. sigma = (sqrt(L + 2^1023) + sqrt(L)) / (sqrt(2) 2^1023) is just
        // above 2^-512 (by a relative 2^-511.5 sqrt(L)): the next double up is already above it
        double sigma = GaussianMomentsBound.sigmaFor(0x1p1023, 0x1p-6, 1, 1);
        assertTrue(sigma >= Math.nextUp(0x1p-512) && sigma <= 0x1p-512 * (1 + 1e-14), "sigma " + sigma);
    }

    @Test
    void sigmaAboveTheDoubleRangeIsInfinite() {
        // Delta / epsilon = 2^1023 / 2^-100 overflows: sigma is above 2^1123 sqrt(L / 2), no double
        assertEquals(Double.POSITIVE_INFINITY, GaussianMomentsBound.sigmaFor(0x1p-100, 0x1p-6, 1, 0x1p1023), 0);
    }
}
