package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Edit distances from the definition (worked by hand) and the typo threshold max(1, length / 3). */
class NameSuggestionTest {

    @Test
    void levenshteinDistancesOfTextbookPairs() {
        assertEquals(3, NameSuggestion.distance("kitten", "sitting")); // k->s, e->i, +g
        assertEquals(0, NameSuggestion.distance("laplace", "laplace"));
        assertEquals(1, NameSuggestion.distance("laplase", "laplace"));
        assertEquals(7, NameSuggestion.distance("", "laplace"));
        assertEquals(2, NameSuggestion.distance("gaussain", "gaussian")); // a transposition is two edits
    }

    @Test
    void suggestsOnlyLikelyTypos() {
        List<String> known = List.of("gaussian", "laplace", "randomized-response");
        assertEquals(Optional.of("laplace"), NameSuggestion.closest("laplase", known));
        assertEquals(Optional.of("gaussian"), NameSuggestion.closest("Gaussain", known)); // 2 <= 8 / 3
        assertEquals(Optional.empty(), NameSuggestion.closest("rdp", known));
        assertEquals(Optional.empty(), NameSuggestion.closest("laplace", known));
        assertEquals(Optional.of("laplace"), NameSuggestion.closest("lapalce", known)); // 2 <= 7 / 3
        assertEquals(Optional.empty(), NameSuggestion.closest("zzz", known));
    }

    @Test
    void tiesGoToTheAlphabeticallyFirstName() {
        assertEquals(Optional.of("ab"), NameSuggestion.closest("aa", List.of("ba", "ab")));
        assertEquals(Optional.of("ab"), NameSuggestion.closest("aa", List.of("ab", "ba")));
    }
}
