package io.dpmarl.core.experiment;

import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.spi.SpecString;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Refuses a grid that lists one value twice for a key: the two grid points would be the same experiment under the
 * same label, their trials would share seeds, and {@code aggregate.csv} would merge them into one series with twice
 * the trials and a band of zero width. Values are compared as the run uses them: a typed key ({@code delta},
 * {@code schedule.*}, {@code budget.*}) after parsing ({@code 1} and {@code 1.0} are one value), a component or a
 * {@code <component>.<parameter>} key by the component's spec string, canonical through the registry's parameters
 * (defaults filled in, numbers parsed) when one is given, else with only its spacing normalised. No privacy guarantee
 * is involved: this keeps a run's series distinct.
 */
final class GridDuplicates {
    private static final Map<String, PluginKind> KINDS = Map.of("environment", PluginKind.ENVIRONMENT,
            "learner", PluginKind.LEARNER, "privatizer", PluginKind.PRIVATIZER, "accountant", PluginKind.ACCOUNTANT);

    private GridDuplicates() {
    }

    /**
     * Throws if a grid key lists two values that mean the same.
     *
     * @param registry the plugins that canonicalise component spec strings, or empty to compare them as written
     * @throws IllegalArgumentException naming the grid key and the repeated value
     */
    static void refuse(ExperimentSpec spec, Optional<Registry> registry) {
        ExperimentSpec base = spec.withGrid(Map.of());
        for (Map.Entry<String, List<String>> axis : spec.grid().entrySet()) {
            Map<String, String> seen = new LinkedHashMap<>();
            for (String value : axis.getValue()) {
                String meaning = meaning(base, axis.getKey(), value, registry);
                String earlier = seen.putIfAbsent(meaning, value);
                if (earlier == null) {
                    continue;
                }
                throw new IllegalArgumentException("grid key '" + axis.getKey() + "' lists "
                        + (earlier.trim().equals(value.trim()) ? "the value " + value.trim() + " twice"
                        : "one value twice, as '" + earlier.trim() + "' and '" + value.trim() + "' (both give "
                        + meaning + ")") + "; each value must appear once: equal grid points are one experiment, "
                        + "whose trials would share seeds and merge into one series");
            }
        }
    }

    /** What {@code value} of {@code key} means to the run; the text as written if it does not bind. */
    private static String meaning(ExperimentSpec base, String key, String value, Optional<Registry> registry) {
        ExperimentSpec point;
        try {
            point = base.with(key, value);
        } catch (IllegalArgumentException invalid) {
            return value.trim(); // the expansion reports it, with the message it gives every other spec
        }
        Optional<SpecKeys.Key> typed = SpecKeys.find(key);
        if (typed.isPresent()) {
            if (KINDS.containsKey(typed.get().name())) {
                return canonical(typed.get().name(), point, registry);
            }
            return String.valueOf(typed.get().read().apply(point).orElse(""));
        }
        return canonical(key.substring(0, key.indexOf('.')), point, registry);
    }

    private static String canonical(String component, ExperimentSpec point, Optional<Registry> registry) {
        String spec = point.component(component);
        if (spec.isEmpty()) {
            return "none";
        }
        try {
            return registry.isPresent() ? registry.get().params(KINDS.get(component), spec).toSpec()
                    : SpecString.parse(spec).render();
        } catch (IllegalArgumentException invalid) {
            return spec.trim(); // the expansion reports it
        }
    }
}
