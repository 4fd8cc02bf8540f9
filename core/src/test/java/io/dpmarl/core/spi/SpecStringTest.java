package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing of plugin spec strings: plain names, parameters, nesting, whitespace and malformed specs. */
class SpecStringTest {

    @Test
    void parsesPlainName() {
        assertEquals(new SpecString("laplace", Map.of()), SpecString.parse("laplace"));
        assertEquals(new SpecString("laplace", Map.of()), SpecString.parse("laplace()"));
    }

    @Test
    void parsesParametersInOrderAndTrimsWhitespace() {
        SpecString spec = SpecString.parse("  laplace ( epsilon = 0.5 ,sensitivity=1 )  ");
        assertEquals("laplace", spec.name());
        assertEquals(List.of("epsilon", "sensitivity"), List.copyOf(spec.parameters().keySet()));
        assertEquals("0.5", spec.parameters().get("epsilon"));
        assertEquals("1", spec.parameters().get("sensitivity"));
    }

    @Test
    void keepsNestedSpecsWhole() {
        SpecString spec = SpecString.parse(
                "federated(privatizer=gaussian(epsilon=1, delta=1e-5, sensitivity=1), rounds=3, inner=a(b=c(d=1)))");
        assertEquals("federated", spec.name());
        assertEquals("gaussian(epsilon=1, delta=1e-5, sensitivity=1)", spec.parameters().get("privatizer"));
        assertEquals("3", spec.parameters().get("rounds"));
        assertEquals("a(b=c(d=1))", spec.parameters().get("inner"));
        assertEquals("gaussian", SpecString.parse(spec.parameters().get("privatizer")).name());
    }

    @Test
    void keepsEqualsSignsInValues() {
        assertEquals("x=y", SpecString.parse("a(k=x=y)").parameters().get("k"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "laplace(epsilon=1|plugin spec 'laplace(epsilon=1' must end with ')'",
        "laplace(epsilon=1))|plugin spec 'laplace(epsilon=1))' has unbalanced parentheses",
        "a(x=b(1)|plugin spec 'a(x=b(1)' has unbalanced parentheses",
        "a(x=1,,y=2)|plugin spec 'a(x=1,,y=2)' has an empty parameter",
        "a(x=1,)|plugin spec 'a(x=1,)' has an empty parameter",
        "a(x)|plugin spec 'a(x)': parameter 'x' must be key=value",
        "a(=1)|plugin spec 'a(=1)': parameter '=1' must be key=value",
        "a(x=1, x=2)|plugin spec 'a(x=1, x=2)' sets 'x' twice",
        "1abc|plugin spec '1abc' must start with a name of letters, digits, '-', '_' or '.'",
        "(x=1)|plugin spec '(x=1)' must start with a name of letters, digits, '-', '_' or '.'",
        "lap lace|plugin spec 'lap lace' must start with a name of letters, digits, '-', '_' or '.'",
    })
    void rejectsMalformedSpecsQuotingThem(String spec, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> SpecString.parse(spec)).getMessage());
    }

    @Test
    void rejectsEmptySpec() {
        String expected = "plugin spec must be 'name' or 'name(key=value, ...)', got an empty string";
        assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> SpecString.parse("  ")).getMessage());
        assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> SpecString.parse(null)).getMessage());
    }
}
