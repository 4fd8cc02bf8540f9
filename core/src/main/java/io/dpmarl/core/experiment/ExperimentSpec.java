package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.spi.SpecString;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * An experiment spec: which environment, learner, privatizer, accountant and evaluators, the schedule, the noise
 * mode, trials and threads, the root seed, a parameter grid, the metrics to plot and the reproduction whose claims
 * judge it. Loaded from YAML or JSON ({@link #load}), overridden with dotted {@code key=value} pairs
 * ({@link #with}), expanded and validated against the registry by {@link ExperimentPlan#resolve}.
 *
 * <p>The keys are listed and bound in one place, {@link SpecKeys}; the same names serve in the file, in
 * {@code --set key=value} and as grid keys: {@code name}, {@code environment}, {@code learner}, {@code privatizer}
 * (the learner's {@code privatizer} plugin parameter, or {@code none}), {@code accountant} (plugin spec strings),
 * {@code delta} (the delta at which epsilon is reported), {@code budget.epsilon} and {@code budget.delta} (an
 * optional per-principal budget, enforced before noise is drawn), {@code schedule.episodes} or
 * {@code schedule.steps} ({@code episodes} and {@code steps} for short), {@code schedule.step-limit},
 * {@code schedule.evaluate-every}, {@code schedule.evaluation-episodes}, {@code schedule.privacy-report-every},
 * {@code evaluators} (evaluator specs), {@code noise} ({@code seeded} or {@code secure}, see {@link NoiseMode}),
 * {@code trials}, {@code seed}, {@code threads}, {@code plots} (metric names, or names joined by {@code +} for one
 * figure overlaying them, see {@link PlotItem}), {@code claims}
 * ({@code <paper>/<bundled spec>}: the reproduction claims that {@code dpmarl claims} applies to this run), and
 * {@code <component>.<parameter>}, which sets one parameter of a component's spec string, for example
 * {@code privatizer.epsilon=0.5}; a longer path reaches into a plugin spec written as a parameter value, so
 * {@code learner.privatizer.noise-base=20} sets the noise base of the privatizer in
 * {@code learner: dp-qd-learning(privatizer=dp-qd-laplace(noise-base=10, ...))}. {@code grid} maps such keys to
 * lists of values, each listed once; every combination (in the order written, last key fastest) is one experiment
 * of the run. A key the grid varies cannot also be set ({@link #with} refuses it): the grid would overwrite it at
 * every point. A schedule has one length: a file that gives both
 * {@code schedule.episodes} and {@code schedule.steps} is refused, while an override of the other one replaces the
 * file's length and says so ({@link #withAll(List, Consumer)}).
 *
 * @param name          run name (letters, digits, '.', '_' and '-')
 * @param environment   environment spec string
 * @param learner       learner spec string
 * @param privatizer    privatizer spec string set as the learner's {@code privatizer} parameter, if any
 * @param accountant    accountant spec string
 * @param delta         reporting delta in [0, 1)
 * @param budgetEpsilon per-principal budget epsilon, if a budget is enforced
 * @param budgetDelta   per-principal budget delta, if not {@code delta}
 * @param schedule      the run's schedule
 * @param evaluators    evaluator spec strings
 * @param noise         where privacy noise comes from
 * @param trials        trials (seeds) per experiment
 * @param seed          root seed
 * @param threads       worker threads
 * @param grid          parameter grid: dotted key to values
 * @param plots         figures to draw: each a metric name or an overlay {@code a + b} ({@link PlotItem})
 * @param claims        the reproduction claims that judge this run, as {@code <paper>/<bundled spec>}
 */
public record ExperimentSpec(String name, String environment, String learner, Optional<String> privatizer,
                             String accountant, double delta, OptionalDouble budgetEpsilon,
                             OptionalDouble budgetDelta, Schedule schedule, List<String> evaluators, NoiseMode noise,
                             int trials, long seed, int threads, Map<String, List<String>> grid, List<String> plots,
                             Optional<String> claims) {

    /** The component names usable as the first part of a {@code <component>.<parameter>} key. */
    public static final List<String> COMPONENTS = SpecKeys.COMPONENTS;

    public ExperimentSpec {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        grid.forEach((key, values) -> copy.put(key, List.copyOf(values)));
        grid = Collections.unmodifiableMap(copy);
        plots = List.copyOf(plots);
        evaluators = List.copyOf(evaluators);
    }

    /** A spec with every default and no components (fill them with {@link #with}). */
    public static ExperimentSpec defaults() {
        return new ExperimentSpec("experiment", "", "", Optional.empty(), "basic", 1e-6, OptionalDouble.empty(),
                OptionalDouble.empty(), Schedule.episodes(100), List.of(), NoiseMode.SEEDED, 5, 0L, 1, Map.of(),
                List.of(Pipeline.EPISODE_RETURN), Optional.empty());
    }

    /**
     * Loads a spec file (YAML, or JSON if the name ends in {@code .json}) and applies {@code key=value}
     * overrides in order.
     *
     * @throws IllegalArgumentException on a missing file, malformed YAML/JSON, an unknown key or a bad value;
     *                                  the message is one line and names the problem
     */
    public static ExperimentSpec load(Path file, List<String> overrides) {
        return load(file, overrides, note -> { });
    }

    /**
     * Loads a spec file like {@link #load(Path, List)} and passes {@code notes} one line for each override that
     * replaces a value it does not name ({@link #withAll(List, Consumer)}).
     *
     * @throws IllegalArgumentException as {@link #load(Path, List)}; no note is passed for a refused override
     */
    public static ExperimentSpec load(Path file, List<String> overrides, Consumer<String> notes) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException missing) {
            throw new IllegalArgumentException("experiment spec file '" + file + "' does not exist");
        } catch (IOException unreadable) {
            throw new IllegalArgumentException("experiment spec file '" + file + "' cannot be read: "
                    + SpecFile.oneLine(unreadable.getMessage()));
        }
        boolean json = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
        return parse(text, json, file.toString()).withAll(overrides, notes);
    }

    /** Parses spec text (YAML, or JSON if {@code json}); {@code source} names it in messages. */
    public static ExperimentSpec parse(String text, boolean json, String source) {
        return SpecFile.parse(text, json, source);
    }

    /** Applies {@code key=value} overrides in order (the {@code --set} flags). */
    public ExperimentSpec withAll(List<String> overrides) {
        return withAll(overrides, note -> { });
    }

    /**
     * Applies {@code key=value} overrides in order (the {@code --set} flags) and passes {@code notes} one line for
     * each override that replaces a value it does not name: a run length in the other unit
     * ({@link #lengthReplacedBy}). A schedule has one length, so {@code steps=5000} on a spec of
     * {@code schedule.episodes=100} runs 5000 environment steps instead of 100 episodes (its
     * {@code schedule.step-limit}, if any, still bounds each episode); the note reads {@code --set steps=5000 replaces
     * schedule.episodes=100 (a schedule has one length: 5000 environment steps in all; schedule.step-limit bounds one
     * episode)}. A spec file that gives both lengths is refused instead ({@link #parse}): there neither replaces the
     * other. A note is passed only once its override is bound, so a refused override passes none.
     *
     * @throws IllegalArgumentException on a malformed override, an unknown key, a bad value or a key the grid varies
     */
    public ExperimentSpec withAll(List<String> overrides, Consumer<String> notes) {
        ExperimentSpec spec = this;
        for (String override : overrides) {
            int equals = override.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("override '" + override + "' must be key=value, for example "
                        + "privatizer.epsilon=0.5");
            }
            String key = override.substring(0, equals).trim();
            String value = override.substring(equals + 1).trim();
            Optional<String> conflict = spec.gridConflict(key, value);
            if (conflict.isPresent()) {
                throw new IllegalArgumentException("--set " + key + ": " + conflict.get());
            }
            Optional<String> replaced = spec.lengthReplacedBy(key);
            spec = spec.set(key, value); // the grid check above is the one with() would make
            if (replaced.isPresent()) {
                long length = spec.schedule().length();
                String now = spec.schedule().unit() == Schedule.Unit.STEPS
                        ? length + " environment steps in all; schedule.step-limit bounds one episode"
                        : length + " episodes";
                notes.accept("--set " + key + "=" + value + " replaces " + replaced.get()
                        + " (a schedule has one length: " + now + ")");
            }
        }
        return spec;
    }

    /**
     * The run length that setting {@code key} replaces without naming it, as {@code key=value}: this spec's
     * {@code schedule.episodes=N} when {@code key} is {@code schedule.steps} (or {@code steps}), its
     * {@code schedule.steps=N} when {@code key} is {@code schedule.episodes} (or {@code episodes}), since a
     * {@link Schedule} has one length and one unit. Empty for every other key and for the length this spec already
     * counts in (that key names what it replaces).
     */
    public Optional<String> lengthReplacedBy(String key) {
        String canonical = SpecKeys.ALIASES.getOrDefault(key.trim(), key.trim());
        Schedule.Unit unit = switch (canonical) {
            case "schedule.episodes" -> Schedule.Unit.EPISODES;
            case "schedule.steps" -> Schedule.Unit.STEPS;
            default -> schedule.unit();
        };
        if (unit == schedule.unit()) {
            return Optional.empty();
        }
        return Optional.of("schedule." + schedule.unit().name().toLowerCase(Locale.ROOT) + "=" + schedule.length());
    }

    /**
     * This spec with one key set; see the class Javadoc for the keys. A list key ({@code evaluators},
     * {@code plots}) takes its items separated by commas outside parentheses.
     *
     * @throws IllegalArgumentException on an unknown key, a bad value, or a key the {@link #grid} varies (every grid
     *                                  point would overwrite the value, so it would never be used; see
     *                                  {@link #gridConflict})
     */
    public ExperimentSpec with(String key, String value) {
        refuseGridVaried(key, value);
        return set(key, value);
    }

    /** {@link #with} without the grid check (a component parameter re-sets its whole component). */
    private ExperimentSpec set(String key, String value) {
        Optional<SpecKeys.Key> found = SpecKeys.find(key);
        if (found.isPresent()) {
            return bind(key, found.get().list() ? SpecKeys.splitList(value) : List.of(value));
        }
        int dot = key.indexOf('.');
        if (dot > 0 && COMPONENTS.contains(key.substring(0, dot)) && dot < key.length() - 1) {
            String component = key.substring(0, dot);
            String current = component(component);
            String path = key.substring(dot + 1);
            if (current.isEmpty()) {
                throw new IllegalArgumentException("cannot set '" + key + "': the spec has no " + component
                        + (component.equals("privatizer") && ComponentPaths.sets(learner, "privatizer")
                        ? "; its privatizer is written inside the learner: set learner.privatizer." + path + "="
                        + value + " instead" : ""));
            }
            return set(component, ComponentPaths.set(key, component, current, path, value, privatizer.isPresent()));
        }
        throw new IllegalArgumentException(SpecKeys.unknown(key));
    }

    /**
     * This spec with a key set to a list of values (a single value for scalar keys).
     *
     * @throws IllegalArgumentException on an unknown key, a bad value, or a key the {@link #grid} varies
     */
    public ExperimentSpec withList(String key, List<String> values) {
        refuseGridVaried(key, values.size() == 1 ? values.get(0) : "");
        return bind(key, values);
    }

    private ExperimentSpec bind(String key, List<String> values) {
        SpecKeys.Key found = SpecKeys.find(key).orElseThrow(() -> new IllegalArgumentException(SpecKeys.unknown(key)));
        if (!found.list() && values.size() != 1) {
            throw new IllegalArgumentException("'" + key + "' takes one value, got " + values.size());
        }
        SpecKeys.Draft draft = new SpecKeys.Draft(this);
        found.bind().accept(draft, values.stream().map(String::trim).toList());
        return draft.build();
    }

    /**
     * Why setting {@code key} to {@code value} would have no effect, if the {@link #grid} overwrites it at every grid
     * point (the cases are listed in {@link GridConflicts}), for example {@code the spec's grid varies
     * privatizer.epsilon (0.5, 2, 8); change the grid instead}. Empty if the key takes effect.
     */
    public Optional<String> gridConflict(String key, String value) {
        return GridConflicts.describe(grid, key, value);
    }

    private void refuseGridVaried(String key, String value) {
        Optional<String> conflict = gridConflict(key, value);
        if (conflict.isPresent()) {
            throw new IllegalArgumentException("cannot set '" + key + "': " + conflict.get());
        }
    }

    /** This spec with another grid. */
    public ExperimentSpec withGrid(Map<String, List<String>> newGrid) {
        SpecKeys.Draft draft = new SpecKeys.Draft(this);
        draft.grid = newGrid;
        return draft.build();
    }

    /** This spec with other plotted metrics. */
    public ExperimentSpec withPlots(List<String> newPlots) {
        return withList("plots", newPlots);
    }

    /**
     * The spec string of a component ({@code environment}, {@code learner}, {@code privatizer},
     * {@code accountant}).
     */
    public String component(String component) {
        return switch (component) {
            case "environment" -> environment;
            case "learner" -> learner;
            case "privatizer" -> privatizer.orElse("");
            case "accountant" -> accountant;
            default -> throw new IllegalArgumentException("component must be one of " + String.join(", ", COMPONENTS)
                    + ", got '" + component + "'");
        };
    }

    /** The per-principal budget, if one is enforced (its delta defaults to the reporting delta). */
    public Optional<PrivacyBudget> budget() {
        if (budgetEpsilon.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new PrivacyBudget(budgetEpsilon.getAsDouble(), budgetDelta.orElse(delta)));
    }

    /** The spec string with one parameter set (added if absent), in canonical {@code name(k=v, ...)} form. */
    public static String withParameter(String spec, String parameter, String value) {
        SpecString parsed = SpecString.parse(spec);
        Map<String, String> parameters = new LinkedHashMap<>(parsed.parameters());
        parameters.put(parameter, value);
        return new SpecString(parsed.name(), parameters).render();
    }

    /**
     * Checks the values that need no registry: name, required components, budget, plots, grid keys (each value
     * listed once, see {@link ExperimentPlan#resolve}), claims.
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
        if (budgetDelta.isPresent() && budgetEpsilon.isEmpty()) {
            throw new IllegalArgumentException("budget.delta needs budget.epsilon");
        }
        PlotItem.parseAll(plots);
        for (String key : grid.keySet()) {
            if (!SpecKeys.gridable(key)) {
                throw new IllegalArgumentException("grid key '" + key + "' cannot vary within a run; accepted grid "
                        + "keys: environment, learner, privatizer, accountant, delta, budget.*, schedule.*, "
                        + "or <component>.<parameter>");
            }
            if (grid.get(key).isEmpty()) {
                throw new IllegalArgumentException("grid key '" + key + "' needs at least one value");
            }
        }
        GridDuplicates.refuse(this, Optional.empty());
        if (claims.isPresent() && !claims.get().matches("[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("claims must be <paper>/<bundled spec>, for example "
                    + "dp-nash-vi/rz-tiny, got '" + claims.get() + "'");
        }
        return this;
    }

    /**
     * Rebuilds a spec from {@link #toMap()} as read back from a run's {@code config.json} (for {@code dpmarl merge}
     * and {@code dpmarl claims}).
     */
    public static ExperimentSpec fromMap(Map<String, ?> map) {
        return SpecKeys.fromMap(map);
    }

    /**
     * The spec a run directory was written for, from its {@code config.json}.
     *
     * @throws IllegalArgumentException if the directory is not a run or its config cannot be read
     */
    public static ExperimentSpec ofRun(Path runDirectory) {
        return RunConfig.readSpec(runDirectory);
    }

    /** The spec as a JSON-friendly map of its present keys (for {@code config.json}). */
    public Map<String, Object> toMap() {
        return SpecKeys.toMap(this);
    }
}
