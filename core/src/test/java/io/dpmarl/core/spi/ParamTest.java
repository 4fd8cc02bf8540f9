package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Typed parameters: parsing, ranges in interval notation, and the messages of rejected values. */
class ParamTest {
    private static final Param EPSILON = Param.real("epsilon", "privacy budget").above(0).finite();

    private static String rejection(Param param, String raw) {
        return assertThrows(IllegalArgumentException.class, () -> param.parse("laplace", raw)).getMessage();
    }

    @Test
    void rangesUseIntervalNotation() {
        assertEquals("(0, inf)", EPSILON.range());
        assertEquals("[0, 1)", Param.real("delta", "").atLeast(0).below(1).range());
        assertEquals("[0, 1]", Param.real("p", "").atLeast(0).atMost(1).range());
        assertEquals("(-inf, inf)", Param.real("x", "").range());
        assertEquals("(0.5, 2.5]", Param.real("x", "").above(0.5).atMost(2.5).range());
        assertEquals("[2, inf)", Param.integer("k", "").atLeast(2).range());
        assertEquals("true or false", Param.bool("flag", "").range());
        assertEquals("one of classic, analytic", Param.string("calibration", "", "classic", "analytic").range());
        assertEquals("any string", Param.string("label", "").range());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0|laplace: parameter 'epsilon' must be in (0, inf), got 0",
        "-1|laplace: parameter 'epsilon' must be in (0, inf), got -1",
        "NaN|laplace: parameter 'epsilon' must be in (0, inf), got NaN",
        "inf|laplace: parameter 'epsilon' must be in (0, inf), got inf",
        "one|laplace: parameter 'epsilon' must be a number in (0, inf), got 'one'",
    })
    void rejectsBadEpsilonNamingParameterAndRange(String raw, String message) {
        assertEquals(message, rejection(EPSILON, raw));
    }

    @Test
    void parsesRealsIncludingInfinityWhereAllowed() {
        assertEquals(0.5, EPSILON.parse("laplace", " 0.5 "));
        assertEquals(1e-5, EPSILON.parse("laplace", "1e-5"));
        Param unbounded = Param.real("x", "").atLeast(0);
        assertEquals(Double.POSITIVE_INFINITY, unbounded.parse("p", "inf"));
        assertEquals(Double.POSITIVE_INFINITY, unbounded.parse("p", "Infinity"));
        assertEquals(Double.NEGATIVE_INFINITY, Param.real("x", "").parse("p", "-inf"));
    }

    @Test
    void parsesIntegersAndLongs() {
        Param k = Param.integer("k", "").atLeast(2);
        assertEquals(4, k.parse("rr", "4"));
        assertEquals("laplace: parameter 'k' must be in [2, inf), got 1", rejection(k, "1"));
        assertEquals("laplace: parameter 'k' must be an integer in [2, 2147483647], got '2.5'", rejection(k, "2.5"));
        assertEquals("laplace: parameter 'k' must be an integer in [2, 2147483647], got '3000000000'",
                rejection(k, "3000000000"));
        assertEquals(3_000_000_000L, Param.longValue("seed", "").parse("x", "3000000000"));
    }

    /**
     * An integer or long parameter's message states the range parse really accepts: an unbounded end is the type's
     * limit, 2^31 - 1 = 2147483647 and -2^31 = -2147483648 for an int, 2^63 - 1 = 9223372036854775807 and
     * -2^63 = -9223372036854775808 for a long; a declared bound inside the type's range stays as declared. What
     * {@code dpmarl list} shows ({@link Param#range()}) keeps the declared notation.
     */
    @Test
    void integerMessagesStateTheTypesTrueRange() {
        Param k = Param.integer("k", "").atLeast(1);
        assertEquals("laplace: parameter 'k' must be an integer in [1, 2147483647], got '99999999999'",
                rejection(k, "99999999999"));
        assertEquals("[1, inf)", k.range());
        assertEquals("laplace: parameter 't' must be an integer in [-2147483648, 2147483647], got '-99999999999'",
                rejection(Param.integer("t", ""), "-99999999999"));
        assertEquals("laplace: parameter 'b' must be an integer in (0, 10), got '11111111111'",
                rejection(Param.integer("b", "").above(0).below(10), "11111111111"));
        assertEquals("laplace: parameter 'seed' must be an integer in [0, 9223372036854775807], got"
                + " '99999999999999999999'", rejection(Param.longValue("seed", "").atLeast(0), "99999999999999999999"));
        assertEquals("laplace: parameter 'x' must be an integer in [-9223372036854775808, -1], got"
                + " '-99999999999999999999'", rejection(Param.longValue("x", "").atMost(-1), "-99999999999999999999"));
        // A value of the type outside the declared range: the declared range names the bound it misses.
        assertEquals("laplace: parameter 'x' must be in (-inf, -1], got 0",
                rejection(Param.longValue("x", "").atMost(-1), "0"));
    }

    @Test
    void parsesBooleansAndChoices() {
        Param flag = Param.bool("flag", "");
        assertEquals(true, flag.parse("x", "TRUE"));
        assertEquals(false, flag.parse("x", "false"));
        assertEquals("laplace: parameter 'flag' must be true or false, got 'yes'", rejection(flag, "yes"));
        Param calibration = Param.string("calibration", "", "classic", "analytic");
        assertEquals("analytic", calibration.parse("x", "analytic"));
        assertEquals("laplace: parameter 'calibration' must be one of classic, analytic, got 'exact'",
                rejection(calibration, "exact"));
        assertEquals("anything", Param.string("label", "").parse("x", "anything"));
    }

    @Test
    void withDefaultKeepsRange() {
        Param param = EPSILON.withDefault(1.0);
        assertEquals(1.0, param.defaultValue().orElseThrow());
        assertEquals("(0, inf)", param.range());
    }

    @Test
    void pluginParametersCheckSpecSyntaxAndShowTheirKind() {
        Param privatizer = Param.plugin("privatizer", PluginKind.PRIVATIZER, "reward privatizer");
        assertEquals("<privatizer plugin>", privatizer.typeLabel());
        assertEquals("real", EPSILON.typeLabel());
        assertEquals("a privatizer plugin spec", privatizer.range());
        assertEquals("laplace(epsilon=1, sensitivity=2)",
                privatizer.parse("laplace", " laplace(epsilon=1,sensitivity=2) "));
        assertEquals("laplace: parameter 'privatizer' must be a privatizer plugin spec: plugin spec "
                + "'laplace(epsilon=1' "
                + "must end with ')'", rejection(privatizer, "laplace(epsilon=1"));
        // "none" is a plugin name like any other unless the parameter is optional (default none).
        assertEquals("none", privatizer.parse("q", "none"));
        Param optional = privatizer.withDefault(Param.NONE);
        assertEquals("a privatizer plugin spec or none", optional.range());
        assertEquals(true, optional.acceptsNone());
        assertEquals(false, privatizer.acceptsNone());
        assertThrows(IllegalArgumentException.class, () -> new Param("x", ParamType.REAL, "",
                java.util.Optional.empty(),
                0, true, 1, true, java.util.List.of(), java.util.Optional.of(PluginKind.PRIVATIZER)));
    }
}
