package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Resolution of raw values against a parameter spec: defaults, required parameters, unknown names. */
class ParamSpecTest {
    private static final ParamSpec SPEC = ParamSpec.of(
            Param.real("epsilon", "budget").above(0).finite(),
            Param.integer("k", "categories").atLeast(2).withDefault(2),
            Param.string("mode", "", "a", "b").withDefault("a"));

    @Test
    void fillsDefaultsInDeclarationOrder() {
        Params params = SPEC.resolve("rr", Map.of("epsilon", "0.5"));
        assertEquals(0.5, params.real("epsilon"));
        assertEquals(2, params.integer("k"));
        assertEquals("a", params.string("mode"));
        assertEquals(List.of("epsilon", "k", "mode"), List.copyOf(params.asMap().keySet()));
        assertEquals("rr(epsilon=0.5, k=2, mode=a)", params.toSpec());
        assertEquals("rr", params.owner());
    }

    @Test
    void givenValuesOverrideDefaults() {
        Map<String, String> raw = new LinkedHashMap<>();
        raw.put("mode", "b");
        raw.put("k", "7");
        raw.put("epsilon", "2");
        Params params = SPEC.resolve("rr", raw);
        assertEquals(7, params.integer("k"));
        assertEquals(7L, params.longValue("k"));
        assertEquals("rr(epsilon=2.0, k=7, mode=b)", params.toSpec());
    }

    @Test
    void unknownParameterListsAcceptedOnes() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> SPEC.resolve("rr", Map.of("epsilon", "1", "eps", "1")));
        assertEquals("rr: unknown parameter 'eps'; accepted: epsilon, k, mode", error.getMessage());
        assertEquals("none: unknown parameter 'x'; accepted: none", assertThrows(IllegalArgumentException.class,
                () -> ParamSpec.none().resolve("none", Map.of("x", "1"))).getMessage());
    }

    @Test
    void unknownParameterWithATypoSuggestsTheClosestThenListsTheAcceptedOnes() {
        // "epsilom" is one substitution from "epsilon" (typo limit max(1, 7 / 3) = 2 edits): suggested;
        // "mdoe" is two edits from "mode" (a transposition; limit max(1, 4 / 3) = 1): not suggested.
        assertEquals("rr: unknown parameter 'epsilom'; did you mean 'epsilon'? Accepted: epsilon, k, mode",
                assertThrows(IllegalArgumentException.class,
                        () -> SPEC.resolve("rr", Map.of("epsilom", "1"))).getMessage());
        assertEquals("rr: unknown parameter 'mdoe'; accepted: epsilon, k, mode", assertThrows(
                IllegalArgumentException.class, () -> SPEC.resolve("rr", Map.of("mdoe", "1"))).getMessage());
    }

    @Test
    void missingRequiredParameterNamesItsRange() {
        assertEquals("rr: missing required parameter 'epsilon' ((0, inf))", assertThrows(IllegalArgumentException.class,
                () -> SPEC.resolve("rr", Map.of())).getMessage());
    }

    @Test
    void outOfRangeValueIsRejected() {
        assertEquals("rr: parameter 'k' must be in [2, inf), got 1", assertThrows(IllegalArgumentException.class,
                () -> SPEC.resolve("rr", Map.of("epsilon", "1", "k", "1"))).getMessage());
    }

    @Test
    void duplicateNamesAreRejected() {
        assertEquals("duplicate parameter name 'x'", assertThrows(IllegalArgumentException.class,
                () -> ParamSpec.of(Param.real("x", ""), Param.integer("x", ""))).getMessage());
    }

    @Test
    void paramsGetterOfUnknownNameNamesOwner() {
        Params params = SPEC.resolve("rr", Map.of("epsilon", "1"));
        assertEquals("rr: no parameter 'delta' in [epsilon, k, mode]", assertThrows(IllegalArgumentException.class,
                () -> params.real("delta")).getMessage());
    }

    @Test
    void emptySpecGivesBareName() {
        Params params = ParamSpec.none().resolve("smoke", Map.of());
        assertEquals("smoke", params.toSpec());
        assertEquals(List.of(), ParamSpec.none().names());
    }
}
