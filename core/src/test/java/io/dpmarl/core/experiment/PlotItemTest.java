package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The grammar of a {@code plots} item: {@code name ( "+" name )*}, spaces around {@code +} optional, at least two
 * distinct names for an overlay, file stem the names joined by {@code --}.
 */
class PlotItemTest {

    @Test
    void aPlainNameIsOneFigureNamedAfterIt() {
        PlotItem item = PlotItem.parse("episode_return");
        assertEquals(List.of("episode_return"), item.metrics());
        assertFalse(item.overlay());
        assertEquals("episode_return", item.fileStem());
        // The default request of a plain item is the one plain metric names have always had.
        assertEquals(Plotter.defaultRequest("episode_return"), Plotter.defaultRequest(item));
    }

    @Test
    void namesJoinedByPlusAreOneOverlayInTheOrderWritten() {
        for (String text : List.of("b_1 + a.2 + c-3", "b_1+a.2+c-3", "b_1 +a.2\t+  c-3")) {
            PlotItem item = PlotItem.parse(text);
            assertEquals(List.of("b_1", "a.2", "c-3"), item.metrics(), text);
            assertTrue(item.overlay());
            assertEquals("b_1--a.2--c-3", item.fileStem());
        }
        PlotRequest request = Plotter.defaultRequest(PlotItem.parse("x_y + z"));
        assertEquals("x_y--z", request.fileStem());
        assertEquals("x y + z", request.title());
        assertEquals("x_y", request.metric());
        assertEquals(List.of("z"), request.overlaid());
        assertEquals(List.of("x_y", "z"), request.metrics());
    }

    @Test
    void emptyPartsRepeatedNamesAndOtherCharactersAreRefusedNamingPlotsAndTheForm() {
        for (String text : List.of("a +", "+ a", "a ++ b", "a + + b", " ", "+")) {
            String message = assertThrows(IllegalArgumentException.class, () -> PlotItem.parse(text),
                    text).getMessage();
            assertEquals("plots item '" + text + "' has an empty part; accepted: " + PlotItem.FORM, message);
        }
        assertEquals("plots item 'a + b + a' repeats metric 'a'; accepted: " + PlotItem.FORM,
                assertThrows(IllegalArgumentException.class, () -> PlotItem.parse("a + b + a")).getMessage());
        for (String text : List.of("a + b c", "a, b", "a*", "a & b")) {
            assertEquals("plots must be " + PlotItem.FORM + ", got '" + text + "'",
                    assertThrows(IllegalArgumentException.class, () -> PlotItem.parse(text), text).getMessage());
        }
        assertFalse(PlotItem.FORM.contains("\n"), "one line");
        assertThrows(IllegalArgumentException.class, () -> new PlotItem(List.of("a", "a")));
        assertThrows(IllegalArgumentException.class, () -> new PlotItem(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new PlotRequest("s", "t", "a", "x", "y", false, false, 1,
                List.of("b", "a")));
    }

    @Test
    void twoItemsWrittenToTheSameFileAreRefused() {
        assertEquals("plots items 'a--b' and 'a + b' would both be written to plots/a--b.svg; accepted: "
                + PlotItem.FORM, assertThrows(IllegalArgumentException.class,
                        () -> PlotItem.parseAll(List.of("a--b", "a + b"))).getMessage());
        // The same item twice keeps working as before (one file, drawn twice); so do different overlays.
        assertEquals(3, PlotItem.parseAll(List.of("a", "a", "a + b")).size());
        assertEquals(2, PlotItem.parseAll(List.of("a + b", "b + a")).size());
    }

    @Test
    void theSpecKeyTakesOverlaysFromYamlAndFromSet() {
        String yaml = """
                name: overlay
                environment: e
                learner: l
                accountant: a
                plots: [capc_evaluation_reward + capc_random_reward+capc_fixed_controller_reward, episode_return]
                """;
        ExperimentSpec spec = ExperimentSpec.parse(yaml, false, "spec");
        assertEquals(List.of("capc_evaluation_reward + capc_random_reward+capc_fixed_controller_reward",
                "episode_return"), spec.plots());
        assertEquals(List.of("a + b", "c"), spec.with("plots", "a + b, c").validate().plots());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse(yaml.replace("episode_return]", "episode_return + ]"), false, "spec")
                        .validate());
        assertTrue(refused.getMessage().contains("plots item 'episode_return +' has an empty part"),
                refused.getMessage());
    }
}
