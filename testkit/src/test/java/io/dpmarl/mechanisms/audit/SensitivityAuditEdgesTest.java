package io.dpmarl.mechanisms.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.mechanisms.audit.SensitivityAudit.Norm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Red-team findings in the sensitivity audit: (1) the L2 distance summed squares, which underflow to 0 below about
 * 1e-154 (so a statistic moving by 1e-200 against a declared 1e-250 "held") and overflow to infinity above about
 * 1e154; (2) {@code assertHolds()} passed when the neighbouring relation produced no pair at all, an audit that
 * checked nothing. Expected values: {@code ||(3e-200, 4e-200)||_2 = 5e-200} and {@code ||(3e200, 4e200)||_2 = 5e200}
 * (the 3-4-5 triangle scaled by a power of ten, exact up to one rounding of each double).
 */
class SensitivityAuditEdgesTest {

    @Test
    void l2DistancesDoNotUnderflowOrOverflow() {
        assertEquals(5e-200, Norm.L2.distance(new double[] {3e-200, 4e-200}, new double[] {0, 0}), 1e-214);
        assertEquals(5e200, Norm.L2.distance(new double[] {3e200, 4e200}, new double[] {0, 0}), 1e186);
        assertEquals(1e-200, Norm.L2.distance(new double[] {1e-200}, new double[] {0}), 0.0);
        // the ordinary range: sqrt(0.05) = 0.223606797749979, within a few ulps
        assertEquals(Math.sqrt(0.05), Norm.L2.distance(new double[] {0.1, 0.2}, new double[2]), 1e-16);
        // both vectors nonzero: (4e-200, 5e-200) - (1e-200, 1e-200) = (3e-200, 4e-200)
        assertEquals(5e-200, Norm.L2.distance(new double[] {4e-200, 5e-200}, new double[] {1e-200, 1e-200}), 1e-214);
        assertEquals(Double.NaN, Norm.L2.distance(new double[] {Double.NaN, 1}, new double[2]), 0.0);
        assertEquals(0.0, Norm.L2.distance(new double[] {7, 7}, new double[] {7, 7}), 0.0);
        assertEquals(2.0, Norm.L2.distance(new double[] {1}, new double[] {-1}), 0.0);
        // -0.0 and 0.0 differ as bits but not as numbers; a difference that overflows stays infinite
        assertEquals(0.0, Norm.L2.distance(new double[] {-0.0}, new double[] {0.0}), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, Norm.L2.distance(new double[] {1e308, 1}, new double[] {-1e308, 0}),
                0.0);
        // squares in the subnormal range keep full precision: ||(1e-160, 1e-160)|| = sqrt(2) 1e-160
        assertEquals(Math.sqrt(2) * 1e-160, Norm.L2.distance(new double[] {1e-160, 1e-160}, new double[2]), 1e-175);
    }

    @Test
    void aTinyStatisticAboveItsTinyDeclaredBoundIsRefuted() {
        SensitivityAudit.Report<Double> report = SensitivityAudit.of("tiny", 1e-250, Norm.L2)
                .check(List.of(new SensitivityAudit.Pair<>(0.0, 1e-200, "moved by 1e-200")), x -> new double[] {x});
        report.assertRefuted();
        assertEquals(1e-200, report.observed(), 0.0);
    }

    @Test
    void anAuditOfNoPairCannotHold() {
        SensitivityAudit.Report<Double> report = SensitivityAudit.of("nothing", 1.0, Norm.L1)
                .check(List.<Double>of(1.0, 2.0), x -> List.of(), x -> new double[] {x});
        assertEquals(0, report.pairs());
        AssertionError error = assertThrows(AssertionError.class, report::assertHolds);
        assertEquals("nothing: no neighbouring pair was checked (the neighbouring relation gave none), so nothing"
                + " was shown", error.getMessage());
        assertThrows(AssertionError.class, report::assertRefuted);
    }
}
