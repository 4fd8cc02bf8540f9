package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.accounting.ErfcBounds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review finding 6: the log-CDF of {@code GaussianCalibration.exactDelta} below -37 once truncated the asymptotic
 * series after the {@code 3 / x^4} term (an absolute error of {@code 15 / x^6}: 5e-9 at x = -37.5, 3e-10 at -60,
 * which becomes a relative error of delta). {@code exactDelta} now uses the proven enclosures
 * {@link ErfcBounds#logNormalCdfUp} and {@link ErfcBounds#logNormalCdfDown}, checked here far in the tail, where
 * the 50-digit references of the accounting tests stop. The reference here is the asymptotic expansion
 * {@code ln Phi(x) = -x^2/2 - ln(-x) - ln(2 pi)/2 + ln(sum_{k=0}^{12} (-1)^k (2k-1)!! / x^(2k))}, whose truncation
 * error is below the first omitted term {@code 25!! / x^26 < 1e-27} for {@code x <= -37}. Deterministic.
 */
class GaussianCalibrationTailTest {

    private static double asymptoticLogNormalCdf(double x) {
        double inverseSquare = 1 / (x * x);
        double term = 1;
        double sum = 1;
        for (int k = 1; k <= 12; k++) {
            term *= -(2 * k - 1) * inverseSquare;
            sum += term;
        }
        return -0.5 * x * x - Math.log(-x) - 0.5 * Math.log(2 * Math.PI) + Math.log(sum);
    }

    @ParameterizedTest
    @ValueSource(doubles = {-37, -37.5, -40, -60, -300, -1e4})
    void theLogNormalCdfBoundsAreAccurateFarInTheTail(double x) {
        double expected = asymptoticLogNormalCdf(x);
        // the expansion is evaluated in doubles: within a few ulps of x^2/2, far below 1e-11 + 4 ulps
        double tolerance = 1e-11 + 4 * Math.ulp(expected);
        assertEquals(expected, ErfcBounds.logNormalCdfUp(x), tolerance);
        assertEquals(expected, ErfcBounds.logNormalCdfDown(x), tolerance);
        assertTrue(ErfcBounds.logNormalCdfDown(x) <= ErfcBounds.logNormalCdfUp(x));
    }
}
