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
 * varies {@code privatizer.epsilon}). Paths into nested plugin specs count the same way: a grid of
 * {@code learner.privatizer} overwrites {@code learner.privatizer.epsilon}, and a grid of
 * {@code learner.privatizer.epsilon} is overwritten by {@code learner.privatizer=laplace(epsilon=3)}. No privacy
 * guarantee is involved: this only keeps a user's override from being silently ignored.
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
                    || inComponent(varied) && canonical.startsWith(varied + ".")) {
                return Optional.of(gridKey);
            }
        }
        if (inComponent(canonical)) {
            for (String gridKey : grid.keySet()) {
                String varied = canonical(gridKey);
                if (varied.startsWith(canonical + ".") && sets(value, varied.substring(canonical.length() + 1))) {
                    return Optional.of(gridKey);
                }
            }
        }
        return Optional.empty();
    }

    /** True for a component or a path into one ({@code learner}, {@code learner.privatizer}). */
    private static boolean inComponent(String key) {
        int dot = key.indexOf('.');
        return SpecKeys.COMPONENTS.contains(dot < 0 ? key : key.substring(0, dot));
    }

    private static String canonical(String key) {
        return SpecKeys.ALIASES.getOrDefault(key.trim(), key.trim());
    }

    /**
     * True if the plugin spec string {@code value} sets the parameter at {@code path}: a parameter name, or
     * {@code <parameter>.<path>} into the plugin spec that parameter holds; false if it does not parse (the binding
     * reports that).
     */
    private static boolean sets(String value, String path) {
        if (value == null || value.isBlank()) {
            return false;
        }
        Map<String, String> parameters;
        try {
            parameters = SpecString.parse(value).parameters();
        } catch (IllegalArgumentException malformed) {
            return false;
        }
        int dot = path.indexOf('.');
        return parameters.containsKey(path) || dot > 0 && parameters.containsKey(path.substring(0, dot))
                && sets(parameters.get(path.substring(0, dot)), path.substring(dot + 1));
    }
}
