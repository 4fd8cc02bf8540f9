package io.dpmarl.core.experiment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One item of a spec's {@code plots} list: either a metric name, drawn as its own figure, or two or more distinct
 * metric names joined by {@code +}, drawn together in one figure on a shared y axis (an overlay).
 *
 * <p>Grammar: {@code item = name ( "+" name )*}, with optional spaces or tabs around each {@code +}; a
 * {@code name} is one or more of {@code A-Z a-z 0-9 _ . -} (a metric name as before). The names of an overlay are
 * distinct and keep the order written. The figure's files are {@code plots/<fileStem>.png} and {@code .svg}, where
 * the file stem is the single name, or the names joined by {@code --} in the order written (for example
 * {@code a + b} gives {@code a--b}); the stem uses only the name characters, so it is a safe file name.
 *
 * @param metrics the metric names, in the order written; one for a plain figure
 */
public record PlotItem(List<String> metrics) {
    /** The separator of the names in an overlay's file stem. */
    public static final String STEM_SEPARATOR = "--";
    /** The accepted form, quoted in every error message. */
    static final String FORM = "a metric name, or two or more distinct metric names joined by ' + ' (for example "
            + "capc_evaluation_reward + capc_random_reward); a name is letters, digits, '_', '.' or '-'";
    private static final String NAME = "[A-Za-z0-9_.-]+";

    /** Checks the names: at least one, each a metric name, none repeated. */
    public PlotItem {
        metrics = List.copyOf(metrics);
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("plots item needs a metric name; accepted: " + FORM);
        }
        for (int i = 0; i < metrics.size(); i++) {
            String name = metrics.get(i);
            if (!name.matches(NAME)) {
                throw new IllegalArgumentException("plots item has '" + name + "', not a metric name; accepted: "
                        + FORM);
            }
            if (metrics.subList(0, i).contains(name)) {
                throw new IllegalArgumentException("plots item repeats metric '" + name + "'; accepted: " + FORM);
            }
        }
    }

    /**
     * Parses one {@code plots} item.
     *
     * @throws IllegalArgumentException naming {@code plots}, the item and the accepted form, if a part is empty, a
     *                                  name is repeated or a part is not a metric name
     */
    public static PlotItem parse(String item) {
        List<String> names = new ArrayList<>();
        for (String part : item.split("\\+", -1)) {
            String name = part.strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("plots item '" + item + "' has an empty part; accepted: " + FORM);
            }
            if (!name.matches(NAME)) {
                throw new IllegalArgumentException("plots must be " + FORM + ", got '" + item + "'");
            }
            if (names.contains(name)) {
                throw new IllegalArgumentException("plots item '" + item + "' repeats metric '" + name
                        + "'; accepted: " + FORM);
            }
            names.add(name);
        }
        return new PlotItem(names);
    }

    /**
     * Parses a whole {@code plots} list.
     *
     * @throws IllegalArgumentException as {@link #parse}, or if two different items would be written to the same
     *                                  file (for example {@code a--b} and {@code a + b})
     */
    public static List<PlotItem> parseAll(List<String> plots) {
        List<PlotItem> items = new ArrayList<>();
        Map<String, String> stems = new HashMap<>();
        for (String plot : plots) {
            PlotItem item = parse(plot);
            String other = stems.putIfAbsent(item.fileStem(), plot);
            if (other != null && !other.equals(plot)) {
                throw new IllegalArgumentException("plots items '" + other + "' and '" + plot + "' would both be "
                        + "written to plots/" + item.fileStem() + ".svg; accepted: " + FORM);
            }
            items.add(item);
        }
        return items;
    }

    /** Whether the item overlays several metrics. */
    public boolean overlay() {
        return metrics.size() > 1;
    }

    /** The file name of the figure without extension: the names joined by {@value #STEM_SEPARATOR}. */
    public String fileStem() {
        return String.join(STEM_SEPARATOR, metrics);
    }
}
