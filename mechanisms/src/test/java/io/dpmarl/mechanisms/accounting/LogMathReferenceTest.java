package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link LogMath} against closed forms and 25-digit references computed with arbitrary-precision arithmetic
 * (mpmath at 40 digits: {@code log(erfc(x))}, {@code log(ncdf(x))}, {@code log(binomial(n, k))}), written here.
 */
class LogMathReferenceTest {

    @Test
    void logAddIsTheLogOfTheSum() {
        assertEquals(Math.log(5), LogMath.logAdd(Math.log(2), Math.log(3)), 1e-15);
        assertEquals(Math.log(5), LogMath.logAdd(Math.log(3), Math.log(2)), 1e-15);
        assertEquals(Math.log(2), LogMath.logAdd(0, 0), 1e-15);
        assertEquals(1.5, LogMath.logAdd(1.5, Double.NEGATIVE_INFINITY), 0);
        assertEquals(1.5, LogMath.logAdd(Double.NEGATIVE_INFINITY, 1.5), 0);
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.logAdd(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY));
        // log(e^1000 + e^999) = 1000 + log(1 + 1/e), no overflow
        assertEquals(1000 + Math.log1p(Math.exp(-1)), LogMath.logAdd(999, 1000), 1e-12);
    }

    @Test
    void logSubIsTheLogOfTheDifference() {
        assertEquals(Math.log(2), LogMath.logSub(Math.log(5), Math.log(3)), 1e-15);
        // log(e^100 - e^99) = 99 + log(e - 1) = 99.54132485461291810897836
        assertEquals(99.54132485461291810897836, LogMath.logSub(100, 99), 1e-13);
        // a gap of 40 (the large-gap form): log(e^40 - 1) = 39.99999999999999999575165
        assertEquals(39.99999999999999999575165, LogMath.logSub(40, 0), 1e-14);
        // a gap of 29 and of 30, either side of the switch between the two forms: log(e^g - 1)
        assertEquals(29 + Math.log1p(-Math.exp(-29)), LogMath.logSub(29, 0), 1e-14);
        assertEquals(30 + Math.log1p(-Math.exp(-30)), LogMath.logSub(30, 0), 1e-14);
        assertEquals(2.5, LogMath.logSub(2.5, Double.NEGATIVE_INFINITY), 0);
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.logSub(2.5, 2.5));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> LogMath.logSub(Math.log(3), Math.log(5)));
        assertEquals(true, refused.getMessage().contains("logX >= logY"), refused.getMessage());
    }

    @Test
    void logErfcMatchesHighPrecisionReferences() {
        double[][] reference = {
            {0, 0.0},
            {1, -1.849605509933248248576018},
            {-1, 0.6112323176780704946426819},
            {-3, 0.6931361352504468103229731},
            {4.5, -22.34976830343594075699608},
            {5, -27.20088954553743442244204},
            {6, -38.37756117322338836601691},
            {10, -102.8798890248448885748048},
            {30, -903.9741171106438780796002},
        };
        for (double[] row : reference) {
            assertEquals(row[1], LogMath.logErfc(row[0]), 1e-12 * Math.max(1, Math.abs(row[1])), "x = " + row[0]);
        }
        assertThrows(IllegalArgumentException.class, () -> LogMath.logErfc(Double.NaN));
    }

    @Test
    void logNormalCdfMatchesHighPrecisionReferences() {
        assertEquals(-0.6931471805599453094172321, LogMath.logNormalCdf(0), 1e-15);
        assertEquals(-0.02301290932896348846533617, LogMath.logNormalCdf(2), 1e-14);
        assertEquals(-53.23128515051247057834703, LogMath.logNormalCdf(-10), 1e-11);
        assertEquals(-804.6084420137537881666068, LogMath.logNormalCdf(-40), 1e-10);
    }

    @Test
    void logBinomialIsTheLogOfTheCoefficient() {
        assertEquals(4.787491742782045994247701, LogMath.logBinomial(10, 3), 1e-14); // log 120
        assertEquals(4.787491742782045994247701, LogMath.logBinomial(10, 7), 1e-14);
        assertEquals(32.47055650581199218894747, LogMath.logBinomial(50, 25), 1e-12); // log 126410606437752
        assertEquals(0.0, LogMath.logBinomial(8, 0), 0);
        assertEquals(0.0, LogMath.logBinomial(8, 8), 0);
        assertEquals(Math.log(8), LogMath.logBinomial(8, 1), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> LogMath.logBinomial(5, 6));
        assertThrows(IllegalArgumentException.class, () -> LogMath.logBinomial(5, -1));
    }
}
