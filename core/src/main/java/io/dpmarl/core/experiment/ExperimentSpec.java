package io.dpmarl.core.experiment;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.dpmarl.core.spi.SpecString;
import io.dpmarl.core.validation.Checks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * An experiment spec: which environment, learner, privatizer and accountant, how many episodes, trials
 * and threads, the root seed, a parameter grid and the metrics to plot. Loaded from YAML or JSON
 * ({@link #load}), overridden with dotted {@code key=value} pairs ({@link #with}), expanded and
 * validated against the registry by {@link ExperimentPlan#resolve}.
 *
 * <p>Keys (the same names serve in the file, in {@code --set key=value} and as grid keys):
 * {@code name}, {@code environment}, {@code learner}, {@code privatizer}, {@code accountant} (plugin spec
 * strings), {@code delta} (the delta at which epsilon is reported), {@code budget.epsilon} and
 * {@code budget.delta} (an optional per-key budget, enforced before noise is drawn), {@code episodes},
 * {@code trials}, {@code seed}, {@code threads}, {@code plots} (metric names), and
 * {@code <component>.<parameter>}, which sets one parameter of the component's spec string, for example
 * {@code privatizer.epsilon=0.5} turns {@code laplace(epsilon=1, sensitivity=1)} into
 * {@code laplace(epsilon=0.5, sensitivity=1)}. {@code grid} maps such keys to lists of values; every
 * combination (in the order written, last key fastest) is one experiment of the run.
 *
 * @param name          run name (letters, digits, '.', '_' and '-')
 * @param environment   environment spec string
 * @param learner       learner spec string
 * @param privatizer    privatizer spec string handed to the learner's {@code privatizer} parameter, or
 *                      empty for none
 * @param accountant    accountant spec string
 * @param delta         reporting delta in [0, 1)
 * @param budgetEpsilon per-key budget epsilon, NaN for no budget
 * @param budgetDelta   per-key budget delta, NaN for {@code delta}
 * @param episodes      episodes per trial
 * @param trials        trials (seeds) per experiment
 * @param seed          root seed
 * @param threads       worker threads
 * @param grid          parameter grid: dotted key to values
 * @param plots         metrics to plot
 */
public record ExperimentSpec(String name, String environment, String learner, String privatizer, String accountant,
                             double delta, double budgetEpsilon, double budgetDelta, int episodes, int trials,
                             long seed, int threads, Map<String, List<String>> grid, List<String> plots) {

    /** The component names usable as the first part of a {@code <component>.<parameter>} key. */
    public static final List<String> COMPONENTS = List.of("environment", "learner", "privatizer", "accountant");

    private static final List<String> TOP_LEVEL_KEYS = List.of("name", "environment", "learner", "privatizer",
            "accountant", "delta", "budget", "episodes", "trials", "seed", "threads", "grid", "plots");

    public ExperimentSpec {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        grid.forEach((key, values) -> copy.put(key, List.copyOf(values)));
        grid = Collections.unmodifiableMap(copy);
        plots = List.copyOf(plots);
    }

    /** A spec with every default and no components (fill them with {@link #with}). */
    public static ExperimentSpec defaults() {
        return new ExperimentSpec("experiment", "", "", "", "basic", 1e-6, Double.NaN, Double.NaN, 100, 5, 0L, 1,
                Map.of(), List.of(io.dpmarl.core.pipeline.Pipeline.EPISODE_RETURN));
    }

    /**
     * Loads a spec file (YAML, or JSON if the name ends in {@code .json}) and applies {@code key=value}
     * overrides in order.
     *
     * @throws IllegalArgumentException on a missing file, malformed YAML/JSON, an unknown key or a bad value;
     *                                  the message is one line and names the problem
     */
    public static ExperimentSpec load(Path file, List<String> overrides) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException missing) {
            throw new IllegalArgumentException("experiment spec file '" + file + "' does not exist");
        } catch (IOException unreadable) {
            throw new IllegalArgumentException("experiment spec file '" + file + "' cannot be read: "
                    + oneLine(unreadable.getMessage()));
        }
        boolean json = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
        ExperimentSpec spec = parse(text, json, file.toString());
        return spec.withAll(overrides);
    }

    /** Parses spec text (YAML, or JSON if {@code json}); {@code source} names it in messages. */
    public static ExperimentSpec parse(String text, boolean json, String source) {
        ObjectMapper mapper = json ? new ObjectMapper() : new YAMLMapper();
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JsonProcessingException malformed) {
            var location = malformed.getLocation();
            throw new IllegalArgumentException("experiment spec " + source + ": malformed " + (json ? "JSON" : "YAML")
                    + (location == null ? "" : " at line " + location.getLineNr() + ", column "
                    + location.getColumnNr()) + ": " + oneLine(malformed.getOriginalMessage()));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new IllegalArgumentException("experiment spec " + source + " is empty");
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException("experiment spec " + source + " must be a mapping of keys ("
                    + String.join(", ", TOP_LEVEL_KEYS) + "), got a " + root.getNodeType().toString()
                    .toLowerCase(Locale.ROOT));
        }
        ExperimentSpec spec = defaults();
        for (Iterator<Map.Entry<String, JsonNode>> fields = root.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            switch (key) {
                case "budget" -> {
                    if (!value.isObject()) {
                        throw new IllegalArgumentException("experiment spec " + source
                                + ": 'budget' must be a mapping with keys epsilon and delta");
                    }
                    for (Iterator<Map.Entry<String, JsonNode>> budget = value.fields(); budget.hasNext(); ) {
                        Map.Entry<String, JsonNode> entry = budget.next();
                        if (!entry.getKey().equals("epsilon") && !entry.getKey().equals("delta")) {
                            throw new IllegalArgumentException("experiment spec " + source + ": unknown key 'budget."
                                    + entry.getKey() + "'; accepted: budget.epsilon, budget.delta");
                        }
                        spec = spec.with("budget." + entry.getKey(), scalar(entry.getValue(), "budget."
                                + entry.getKey(), source));
                    }
                }
                case "grid" -> {
                    if (!value.isObject()) {
                        throw new IllegalArgumentException("experiment spec " + source
                                + ": 'grid' must be a mapping from keys to lists of values");
                    }
                    Map<String, List<String>> grid = new LinkedHashMap<>();
                    for (Iterator<Map.Entry<String, JsonNode>> entries = value.fields(); entries.hasNext(); ) {
                        Map.Entry<String, JsonNode> entry = entries.next();
                        List<String> values = new ArrayList<>();
                        if (entry.getValue().isArray()) {
                            for (JsonNode item : entry.getValue()) {
                                values.add(scalar(item, "grid." + entry.getKey(), source));
                            }
                        } else {
                            values.add(scalar(entry.getValue(), "grid." + entry.getKey(), source));
                        }
                        grid.put(entry.getKey(), values);
                    }
                    spec = spec.withGrid(grid);
                }
                case "plots" -> {
                    List<String> plots = new ArrayList<>();
                    if (value.isArray()) {
                        for (JsonNode item : value) {
                            plots.add(scalar(item, "plots", source));
                        }
                    } else {
                        plots.addAll(splitList(scalar(value, "plots", source)));
                    }
                    spec = spec.withPlots(plots);
                }
                default -> {
                    if (!TOP_LEVEL_KEYS.contains(key)) {
                        throw new IllegalArgumentException("experiment spec " + source + ": unknown key '" + key
                                + "'; accepted: " + String.join(", ", TOP_LEVEL_KEYS));
                    }
                    spec = spec.with(key, scalar(value, key, source));
                }
            }
        }
        return spec;
    }

    private static String scalar(JsonNode node, String key, String source) {
        if (node == null || node.isNull()) {
            return "";
        }
        if (!node.isValueNode()) {
            throw new IllegalArgumentException("experiment spec " + source + ": '" + key
                    + "' must be a single value, got a " + node.getNodeType().toString().toLowerCase(Locale.ROOT));
        }
        return node.asText();
    }

    private static List<String> splitList(String text) {
        List<String> items = new ArrayList<>();
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return items;
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }

    /** Applies {@code key=value} overrides in order (the {@code --set} flags). */
    public ExperimentSpec withAll(List<String> overrides) {
        ExperimentSpec spec = this;
        for (String override : overrides) {
            int equals = override.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("override '" + override + "' must be key=value, for example "
                        + "privatizer.epsilon=0.5");
            }
            spec = spec.with(override.substring(0, equals).trim(), override.substring(equals + 1).trim());
        }
        return spec;
    }

    /** This spec with one key set; see the class Javadoc for the keys. */
    public ExperimentSpec with(String key, String value) {
        switch (key) {
            case "name":
                return new ExperimentSpec(value, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                        budgetDelta, episodes, trials, seed, threads, grid, plots);
            case "environment":
                return new ExperimentSpec(name, value, learner, privatizer, accountant, delta, budgetEpsilon,
                        budgetDelta, episodes, trials, seed, threads, grid, plots);
            case "learner":
                return new ExperimentSpec(name, environment, value, privatizer, accountant, delta, budgetEpsilon,
                        budgetDelta, episodes, trials, seed, threads, grid, plots);
            case "privatizer":
                return new ExperimentSpec(name, environment, learner, value.equals("none") ? "" : value, accountant,
                        delta, budgetEpsilon, budgetDelta, episodes, trials, seed, threads, grid, plots);
            case "accountant":
                return new ExperimentSpec(name, environment, learner, privatizer, value, delta, budgetEpsilon,
                        budgetDelta, episodes, trials, seed, threads, grid, plots);
            case "delta":
                return new ExperimentSpec(name, environment, learner, privatizer, accountant, real(key, value),
                        budgetEpsilon, budgetDelta, episodes, trials, seed, threads, grid, plots);
            case "budget.epsilon":
                return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta,
                        real(key, value), budgetDelta, episodes, trials, seed, threads, grid, plots);
            case "budget.delta":
                return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                        real(key, value), episodes, trials, seed, threads, grid, plots);
            case "episodes":
                return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                        budgetDelta, (int) integer(key, value, true), trials, seed, threads, grid, plots);
            case "trials":
                return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                        budgetDelta, episodes, (int) integer(key, value, true), seed, threads, grid, plots);
            case "seed":
                return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                        budgetDelta, episodes, trials, integer(key, value, false), threads, grid, plots);
            case "threads":
                return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                        budgetDelta, episodes, trials, seed, (int) integer(key, value, true), grid, plots);
            case "plots":
                return withPlots(splitList(value));
            default:
                int dot = key.indexOf('.');
                if (dot > 0 && COMPONENTS.contains(key.substring(0, dot)) && dot < key.length() - 1) {
                    String component = key.substring(0, dot);
                    String current = component(component);
                    if (current.isEmpty()) {
                        throw new IllegalArgumentException("cannot set '" + key + "': the spec has no " + component);
                    }
                    return with(component, withParameter(current, key.substring(dot + 1), value));
                }
                throw new IllegalArgumentException("unknown key '" + key + "'; accepted: name, environment, learner, "
                        + "privatizer, accountant, delta, budget.epsilon, budget.delta, episodes, trials, seed, "
                        + "threads, plots, or <component>.<parameter> with component one of "
                        + String.join(", ", COMPONENTS));
        }
    }

    /** This spec with another grid. */
    public ExperimentSpec withGrid(Map<String, List<String>> newGrid) {
        return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                budgetDelta, episodes, trials, seed, threads, newGrid, plots);
    }

    /** This spec with other plotted metrics. */
    public ExperimentSpec withPlots(List<String> newPlots) {
        return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                budgetDelta, episodes, trials, seed, threads, grid, newPlots);
    }

    /** The spec string of a component ({@code environment}, {@code learner}, {@code privatizer}, {@code accountant}). */
    public String component(String component) {
        return switch (component) {
            case "environment" -> environment;
            case "learner" -> learner;
            case "privatizer" -> privatizer;
            case "accountant" -> accountant;
            default -> throw new IllegalArgumentException("component must be one of " + String.join(", ", COMPONENTS)
                    + ", got '" + component + "'");
        };
    }

    /** The spec string with one parameter set (added if absent), in canonical {@code name(k=v, ...)} form. */
    public static String withParameter(String spec, String parameter, String value) {
        SpecString parsed = SpecString.parse(spec);
        Map<String, String> parameters = new LinkedHashMap<>(parsed.parameters());
        parameters.put(parameter, value);
        return render(parsed.name(), parameters);
    }

    /** Renders a spec string. */
    public static String render(String name, Map<String, String> parameters) {
        if (parameters.isEmpty()) {
            return name;
        }
        StringJoiner joiner = new StringJoiner(", ", name + "(", ")");
        parameters.forEach((key, value) -> joiner.add(key + "=" + value));
        return joiner.toString();
    }

    private static double real(String key, String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        switch (text) {
            case "inf", "+inf", "infinity", ".inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity", "-.inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "nan", ".nan" -> {
                return Double.NaN;
            }
            default -> {
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(key + " must be a number, got '" + value + "'");
                }
            }
        }
    }

    private static long integer(String key, String value, boolean positive) {
        long parsed;
        try {
            parsed = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer" + (positive ? " in [1, inf)" : "")
                    + ", got '" + value + "'");
        }
        if (positive) {
            if (parsed > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(key + " must be in [1, " + Integer.MAX_VALUE + "], got " + parsed);
            }
            Checks.atLeast(key, parsed, 1);
        }
        return parsed;
    }

    /**
     * Checks the values that need no registry: name, required components, delta, budget, plots.
     *
     * @throws IllegalArgumentException naming the first problem
     */
    public ExperimentSpec validate() {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("name must be letters, digits, '.', '_' or '-', got '" + name + "'");
        }
        if (environment.isBlank()) {
            throw new IllegalArgumentException("experiment spec needs an 'environment', for example "
                    + "coordination-game(horizon=3)");
        }
        if (learner.isBlank()) {
            throw new IllegalArgumentException("experiment spec needs a 'learner', for example independent-q");
        }
        if (accountant.isBlank()) {
            throw new IllegalArgumentException("experiment spec needs an 'accountant', for example basic");
        }
        Checks.delta("delta", delta);
        if (!Double.isNaN(budgetEpsilon)) {
            Checks.positiveFinite("budget.epsilon", budgetEpsilon);
        }
        if (!Double.isNaN(budgetDelta)) {
            if (Double.isNaN(budgetEpsilon)) {
                throw new IllegalArgumentException("budget.delta needs budget.epsilon");
            }
            Checks.delta("budget.delta", budgetDelta);
        }
        for (String plot : plots) {
            if (!plot.matches("[A-Za-z0-9_.-]+")) {
                throw new IllegalArgumentException("plots must be metric names, got '" + plot + "'");
            }
        }
        for (String key : grid.keySet()) {
            if (List.of("name", "trials", "seed", "threads", "plots").contains(key)) {
                throw new IllegalArgumentException("grid key '" + key + "' cannot vary within a run; accepted grid "
                        + "keys: environment, learner, privatizer, accountant, delta, budget.epsilon, budget.delta, "
                        + "episodes, or <component>.<parameter>");
            }
            if (grid.get(key).isEmpty()) {
                throw new IllegalArgumentException("grid key '" + key + "' needs at least one value");
            }
        }
        return this;
    }

    /** The spec as a JSON-friendly map (for {@code config.json}). */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", name);
        map.put("environment", environment);
        map.put("learner", learner);
        map.put("privatizer", privatizer.isEmpty() ? "none" : privatizer);
        map.put("accountant", accountant);
        map.put("delta", delta);
        if (!Double.isNaN(budgetEpsilon)) {
            Map<String, Object> budget = new LinkedHashMap<>();
            budget.put("epsilon", budgetEpsilon);
            budget.put("delta", Double.isNaN(budgetDelta) ? delta : budgetDelta);
            map.put("budget", budget);
        }
        map.put("episodes", episodes);
        map.put("trials", trials);
        map.put("seed", seed);
        map.put("grid", grid);
        map.put("plots", plots);
        return map;
    }
}
