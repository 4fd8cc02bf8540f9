package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import org.junit.jupiter.api.Test;

/**
 * The paper-literal log-moment S(nu, Delta) / (2 sigma^2) at the ends of the double range. With nu = 1 (n = 2):
 * S = sum_{k=0}^{2} C(2, k) (k^2 + k Delta) = (2 + 2 Delta) + (4 + 2 Delta) = 6 + 4 Delta. Until 2026-11-25 the
 * accountant divided by the double 2 sigma^2, which overflows from sigma = 2^512 on (the bound came out 0, and
 * epsilon(delta) = 0) and underflows to 0 below about 2^-537 (NaN when S was 0, +inf otherwise): run against that
 * code on 2026-11-25, {@code aHugeSigmaKeepsItsLogMoment} failed (log-moment 0.0 instead of 2^-989).
 */
class Paper003RangeTest {

    @Test
    void aHugeSigmaKeepsItsLogMoment() {
        // sigma = Delta = 2^990: S = 6 + 4 2^990 = 2^992 (6 is far below the ulp 2^940), 2 sigma^2 = 2^1981:
        // S / (2 sigma^2) = 2^-989 exactly
        Paper003Accountant accountant = new Paper003Accountant(1);
        accountant.compose(new GaussianEvent(0x1p990, 0x1p990), 1);
        assertEquals(0x1p-989, accountant.logMomentBound(), 0);
        // epsilon(delta) = (Gamma + ln(1/delta)) / nu, not 0
        assertEquals(0x1p-989 + Math.log(1 / 1e-5), accountant.epsilon(1e-5), 0);
    }

    @Test
    void aTinySigmaGivesAnInfiniteLogMomentAndNormalOnesTheQuotient() {
        // sigma = 2^-600, Delta = 1: S = 10, 2 sigma^2 = 2^-1199 underflows: 10 / 2^-1199 is above the doubles
        assertEquals(Double.POSITIVE_INFINITY, Paper003Accountant.logMomentPerRound(10, 0x1p-600), 0);
        // sigma = 2^-511 gives 2 sigma^2 = 2^-1021 (normal): 10 / 2^-1021 = 10 2^1021, above the doubles too
        assertEquals(Double.POSITIVE_INFINITY, Paper003Accountant.logMomentPerRound(10, 0x1p-511), 0);
        // sigma = 2^-510: 2 sigma^2 = 2^-1019, 1 / 2^-1019 = 2^1019; the two forms agree on exact powers of two
        assertEquals(0x1p1019, Paper003Accountant.logMomentPerRound(1, 0x1p-510), 0);
        // sigma = 2^511: 2 sigma^2 = 2^1023, still finite: 3 / 2^1023 = 1.5 2^-1022
        assertEquals(1.5 * 0x1p-1022, Paper003Accountant.logMomentPerRound(3, 0x1p511), 0);
        // sigma = 3: 2 sigma^2 = 18, and 6 / 18 = 1/3 to nearest
        assertEquals(1.0 / 3, Paper003Accountant.logMomentPerRound(6, 3), 0);
        // a normal 2 sigma^2 is divided by as the paper writes it: sigma = the double nearest 2^-511.5 (sqrt 2 rounds
        // up) gives 2 sigma^2 = 2^-1022 (1 + 2^-52), normal, and 1 / that = 2^1022 (1 - 2^-52) to nearest; dividing
        // by sigma twice instead rounds twice and gives another double here
        double sigma = Math.sqrt(0x1p-1023);
        assertEquals(Math.nextUp(Double.MIN_NORMAL), 2 * sigma * sigma, 0);
        assertEquals(0x1p1022 * (1 - 0x1p-52), Paper003Accountant.logMomentPerRound(1, sigma), 0);
    }
}
