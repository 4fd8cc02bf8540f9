package io.dpmarl.core.experiment;

import io.dpmarl.core.spi.SpecString;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the grid key that would overwrite a spec key at every grid point, so that setting the key (with
 * {@code --set} or {@link ExperimentSpec#with}) could never take effect: the grid names the key or an alias of it
 * ({@code episodes}, {@code steps}), the other run length ({@code schedule.episodes} against
 * {@code schedule.steps}), or the whole component a {@code <component>.<parameter>} key belongs to; or the value is a
 * component spec string that sets a parameter the grid varies ({@code privatizer=laplace(epsilon=3)} while the grid
 * varies {@code privatizer.epsilon}). No privacy guarantee is involved: this only keeps a user's override from being
 * silently ignored.
 */
final class GridConflicts {
    private static final List<String> LENGTHS = List.of("schedule.episodes", "schedule.steps");

    private GridConflicts() {
    }

    /** The message {@link ExperimentSpec#gridConflict} gives, naming the grid key and its values. */
    static Optional<String> describe(Map<String, List<String>> grid, String key, String value) {
        return find(grid, key, value).map(gridKey -> "the spec's grid varies " + gridKey + " ("
                + String.join(", ", grid.get(gridKey)) + "); change the grid instead");
    }

    /** The grid key that overwrites {@code key} (set to {@code value}) at every grid point, if any. */
    static Optional<String> find(Map<String, List<String>> grid, String key, String value) {
        if (grid.isEmpty()) {
            return Optional.empty();
        }
        String canonical = canonical(key);
        for (String gridKey : grid.keySet()) {
            String varied = canonical(gridKey);
            if (varied.equals(canonical) || LENGTHS.contains(varied) && LENGTHS.contains(canonical)
                    || SpecKeys.COMPONENTS.contains(varied) && canonical.startsWith(varied + ".")) {
                return Optional.of(gridKey);
            }
        }
        if (SpecKeys.COMPONENTS.contains(canonical)) {
            for (String parameter : parameters(value)) {
                for (String gridKey : grid.keySet()) {
                    if (canonical(gridKey).equals(canonical + "." + parameter)) {
                        return Optional.of(gridKey);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static String canonical(String key) {
        return SpecKeys.ALIASES.getOrDefault(key.trim(), key.trim());
    }

    /** The parameter names a component spec string sets; none if it does not parse (the binding reports that). */
    private static List<String> parameters(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        try {
            return List.copyOf(SpecString.parse(value).parameters().keySet());
        } catch (IllegalArgumentException malformed) {
            return List.of();
        }
    }
}
