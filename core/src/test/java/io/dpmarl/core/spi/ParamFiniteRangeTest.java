package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link Param#finite()} refuses infinity of either sign, as the open ends of {@link Param#range()} state. */
class ParamFiniteRangeTest {

    private static String rejection(Param param, String raw) {
        return assertThrows(IllegalArgumentException.class, () -> param.parse("cbmp", raw)).getMessage();
    }

    @Test
    void finiteUnboundedRealRefusesBothInfinities() {
        Param meanLow = Param.real("mean-low", "").finite();
        assertEquals("(-inf, inf)", meanLow.range());
        assertEquals("cbmp: parameter 'mean-low' must be in (-inf, inf), got -inf", rejection(meanLow, "-inf"));
        assertEquals("cbmp: parameter 'mean-low' must be in (-inf, inf), got inf", rejection(meanLow, "inf"));
        assertEquals("cbmp: parameter 'mean-low' must be in (-inf, inf), got -1e400", rejection(meanLow, "-1e400"));
        assertEquals(-1e300, meanLow.parse("cbmp", "-1e300"));
    }

    @Test
    void finiteKeepsFiniteBoundsAsDeclared() {
        Param below = Param.real("x", "").atMost(2).finite();
        assertEquals("(-inf, 2]", below.range());
        assertEquals(2.0, below.parse("p", "2"));
        assertEquals("cbmp: parameter 'x' must be in (-inf, 2], got -inf", rejection(below, "-inf"));
        Param closed = Param.real("y", "").atLeast(0).atMost(1).finite();
        assertEquals(0.0, closed.parse("p", "0"));
        assertEquals(1.0, closed.parse("p", "1"));
        Param unbounded = Param.real("z", "");
        assertEquals(Double.NEGATIVE_INFINITY, unbounded.parse("p", "-inf"), "without finite() infinity is a value");
    }
}
