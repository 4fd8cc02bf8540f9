package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review finding 6: {@code GaussianCalibration.logNormalCdf} below -37 truncated the asymptotic series after the
 * {@code 3 / x^4} term (an absolute error of {@code 15 / x^6}: 5e-9 at x = -37.5, 3e-10 at -60, which becomes a
 * relative error of delta in {@code exactDelta}). The reference here is the asymptotic expansion
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
    void logNormalCdfIsAccurateFarInTheTail(double x) {
        double expected = asymptoticLogNormalCdf(x);
        assertEquals(expected, GaussianCalibration.logNormalCdf(x), 1e-11 + 4 * Math.ulp(expected));
    }

    /** Continuity at the switch: just above -37 the erfc branch agrees with the expansion too. */
    @ParameterizedTest
    @ValueSource(doubles = {-36.999, -36})
    void theErfcBranchAgreesNearTheSwitch(double x) {
        assertEquals(asymptoticLogNormalCdf(x), GaussianCalibration.logNormalCdf(x), 1e-11);
    }
}
