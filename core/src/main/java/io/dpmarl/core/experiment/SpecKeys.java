package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.spi.Param;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The one list of experiment spec keys: each key's name, whether it takes a list, whether a grid may vary it, how
 * a value is bound (numbers parsed and range-checked by the same {@link Param} code as plugin parameters) and how
 * it is written back to {@code config.json}. YAML files, {@code --set key=value} and grid keys all go through it.
 */
final class SpecKeys {

    /**
     * One key.
     *
     * @param name     the dotted name, for example {@code schedule.episodes}
     * @param list     whether the value is a list (YAML list, or comma-separated in {@code --set})
     * @param gridable whether a grid may vary it
     * @param bind     sets the value on a draft
     * @param read     the value of a spec as written to {@code config.json}, empty if absent
     */
    record Key(String name, boolean list, boolean gridable, BiConsumer<Draft, List<String>> bind,
               Function<ExperimentSpec, Optional<Object>> read) {
    }

    /** Short forms accepted for convenience. */
    static final Map<String, String> ALIASES = Map.of("episodes", "schedule.episodes", "steps", "schedule.steps");

    /** The components whose parameters {@code <component>.<parameter>} sets. */
    static final List<String> COMPONENTS = List.of("environment", "learner", "privatizer", "accountant");

    static final List<Key> KEYS = List.of(
            scalar("name", false, (d, v) -> d.name = v, s -> s.name()),
            scalar("environment", true, (d, v) -> d.environment = v, s -> s.environment()),
            scalar("learner", true, (d, v) -> d.learner = v, s -> s.learner()),
            scalar("privatizer", true, (d, v) -> d.privatizer = v.equals(Param.NONE) || v.isEmpty()
                    ? Optional.empty() : Optional.of(v), s -> s.privatizer().orElse(Param.NONE)),
            scalar("accountant", true, (d, v) -> d.accountant = v, s -> s.accountant()),
            scalar("delta", true, (d, v) -> d.delta = real(Param.real("delta", "").atLeast(0).below(1), v),
                    s -> s.delta()),
            optional("budget.epsilon", (d, v) -> d.budgetEpsilon = OptionalDouble.of(
                    real(Param.real("budget.epsilon", "").above(0).finite(), v)), s -> boxed(s.budgetEpsilon())),
            optional("budget.delta", (d, v) -> d.budgetDelta = OptionalDouble.of(
                    real(Param.real("budget.delta", "").atLeast(0).below(1), v)), s -> boxed(s.budgetDelta())),
            optional("schedule.episodes", (d, v) -> d.length(Schedule.Unit.EPISODES, v),
                    s -> length(s, Schedule.Unit.EPISODES)),
            optional("schedule.steps", (d, v) -> d.length(Schedule.Unit.STEPS, v),
                    s -> length(s, Schedule.Unit.STEPS)),
            optional("schedule.step-limit", (d, v) -> d.stepLimit = OptionalInt.of(positive("schedule.step-limit", v)),
                    s -> s.schedule().stepLimit().isPresent()
                            ? Optional.of(s.schedule().stepLimit().getAsInt()) : Optional.empty()),
            scalar("schedule.evaluate-every", true, (d, v) -> d.evaluateEvery = integer(
                    Param.integer("schedule.evaluate-every", "").atLeast(0), v), s -> s.schedule().evaluateEvery()),
            scalar("schedule.evaluation-episodes", true, (d, v) -> d.evaluationEpisodes = positive(
                    "schedule.evaluation-episodes", v), s -> s.schedule().evaluationEpisodes()),
            scalar("schedule.privacy-report-every", true, (d, v) -> d.privacyReportEvery = positive(
                    "schedule.privacy-report-every", v), s -> s.schedule().privacyReportEvery()),
            new Key("evaluators", true, false, (d, v) -> d.evaluators = List.copyOf(v),
                    s -> Optional.of(s.evaluators())),
            scalar("noise", false, (d, v) -> d.noise = NoiseMode.parse(v), s -> s.noise().label()),
            scalar("trials", false, (d, v) -> d.trials = positive("trials", v), s -> s.trials()),
            scalar("seed", false, (d, v) -> d.seed = ((Number) Param.longValue("seed", "").parseSetting(v))
                    .longValue(), s -> s.seed()),
            scalar("threads", false, (d, v) -> d.threads = positive("threads", v), s -> s.threads()),
            new Key("plots", true, false, (d, v) -> d.plots = List.copyOf(v), s -> Optional.of(s.plots())),
            optional("claims", (d, v) -> d.claims = v.isEmpty() ? Optional.empty() : Optional.of(v),
                    s -> s.claims().map(Object.class::cast)));

    private SpecKeys() {
    }

    private static Key scalar(String name, boolean gridable, BiConsumer<Draft, String> bind,
                              Function<ExperimentSpec, Object> read) {
        return new Key(name, false, gridable, (d, v) -> bind.accept(d, v.get(0)), s -> Optional.of(read.apply(s)));
    }

    private static Key optional(String name, BiConsumer<Draft, String> bind,
                                Function<ExperimentSpec, Optional<Object>> read) {
        return new Key(name, false, !name.equals("claims"), (d, v) -> bind.accept(d, v.get(0)), read);
    }

    private static Optional<Object> boxed(OptionalDouble value) {
        return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
    }

    private static Optional<Object> length(ExperimentSpec spec, Schedule.Unit unit) {
        return spec.schedule().unit() == unit ? Optional.of(spec.schedule().length()) : Optional.empty();
    }

    private static double real(Param param, String value) {
        return (Double) param.parseSetting(value);
    }

    private static int integer(Param param, String value) {
        return ((Number) param.parseSetting(value)).intValue();
    }

    private static int positive(String name, String value) {
        return integer(Param.integer(name, "").atLeast(1), value);
    }

    /** The key named {@code name} (aliases resolved), if any. */
    static Optional<Key> find(String name) {
        String canonical = ALIASES.getOrDefault(name, name);
        return KEYS.stream().filter(key -> key.name().equals(canonical)).findFirst();
    }

    /** The first parts of dotted keys that a YAML file writes as a nested mapping: budget, schedule. */
    static List<String> sections() {
        List<String> sections = new ArrayList<>();
        for (Key key : KEYS) {
            int dot = key.name().indexOf('.');
            if (dot > 0 && !sections.contains(key.name().substring(0, dot))) {
                sections.add(key.name().substring(0, dot));
            }
        }
        return sections;
    }

    /** The keys of a section, without the section prefix. */
    static List<String> sectionKeys(String section) {
        return KEYS.stream().map(Key::name).filter(name -> name.startsWith(section + "."))
                .map(name -> name.substring(section.length() + 1)).toList();
    }

    /** Every accepted key, for messages. */
    static String accepted() {
        List<String> names = new ArrayList<>(KEYS.stream().map(Key::name).toList());
        names.addAll(ALIASES.keySet().stream().sorted().toList());
        names.add("grid");
        return String.join(", ", names) + ", or <component>.<parameter> with component one of "
                + String.join(", ", COMPONENTS);
    }

    /** True if {@code name} is a key (or alias) or has the form {@code <component>.<parameter>}. */
    static boolean known(String name) {
        int dot = name.indexOf('.');
        return find(name).isPresent() || dot > 0 && dot < name.length() - 1
                && COMPONENTS.contains(name.substring(0, dot));
    }

    /** The message for a key that is not {@link #known}, listing the accepted keys. */
    static String unknown(String name) {
        return "unknown key '" + name + "'; accepted: " + accepted();
    }

    /** True if a grid may vary {@code name}. */
    static boolean gridable(String name) {
        Optional<Key> key = find(name);
        if (key.isPresent()) {
            return key.get().gridable();
        }
        int dot = name.indexOf('.');
        return dot > 0 && COMPONENTS.contains(name.substring(0, dot));
    }

    /** The spec as an ordered map of its present keys (and the grid). */
    static Map<String, Object> toMap(ExperimentSpec spec) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Key key : KEYS) {
            key.read().apply(spec).ifPresent(value -> map.put(key.name(), value));
        }
        map.put("grid", spec.grid());
        return map;
    }

    /** Splits a comma-separated list at commas outside parentheses (spec strings keep their own commas). */
    static List<String> splitList(String text) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                String item = text.substring(start, i).trim();
                if (!item.isEmpty()) {
                    items.add(item);
                }
                start = i + 1;
            }
        }
        return items;
    }

    /** A spec rebuilt from {@link #toMap} as read back from JSON. */
    @SuppressWarnings("unchecked")
    static ExperimentSpec fromMap(Map<String, ?> map) {
        ExperimentSpec spec = ExperimentSpec.defaults();
        Map<String, List<String>> grid = new LinkedHashMap<>();
        for (Map.Entry<String, ?> entry : map.entrySet()) {
            Object value = entry.getValue();
            if (entry.getKey().equals("grid")) {
                ((Map<String, List<?>>) value).forEach((key, values) -> grid.put(key,
                        values.stream().map(String::valueOf).toList()));
            } else if (value instanceof List<?> list) {
                spec = spec.withList(entry.getKey(), list.stream().map(String::valueOf).toList());
            } else {
                spec = spec.withList(entry.getKey(), List.of(String.valueOf(value)));
            }
        }
        return spec.withGrid(grid); // last: the keys above are the base values the grid varies
    }

    /** A mutable copy of a spec's values, one field per record component. */
    static final class Draft {
        String name;
        String environment;
        String learner;
        Optional<String> privatizer;
        String accountant;
        double delta;
        OptionalDouble budgetEpsilon;
        OptionalDouble budgetDelta;
        long length;
        Schedule.Unit unit;
        OptionalInt stepLimit;
        int evaluateEvery;
        int evaluationEpisodes;
        int privacyReportEvery;
        List<String> evaluators;
        NoiseMode noise;
        int trials;
        long seed;
        int threads;
        Map<String, List<String>> grid;
        List<String> plots;
        Optional<String> claims;

        Draft(ExperimentSpec spec) {
            name = spec.name();
            environment = spec.environment();
            learner = spec.learner();
            privatizer = spec.privatizer();
            accountant = spec.accountant();
            delta = spec.delta();
            budgetEpsilon = spec.budgetEpsilon();
            budgetDelta = spec.budgetDelta();
            Schedule schedule = spec.schedule();
            length = schedule.length();
            unit = schedule.unit();
            stepLimit = schedule.stepLimit();
            evaluateEvery = schedule.evaluateEvery();
            evaluationEpisodes = schedule.evaluationEpisodes();
            privacyReportEvery = schedule.privacyReportEvery();
            evaluators = spec.evaluators();
            noise = spec.noise();
            trials = spec.trials();
            seed = spec.seed();
            threads = spec.threads();
            grid = spec.grid();
            plots = spec.plots();
            claims = spec.claims();
        }

        void length(Schedule.Unit newUnit, String value) {
            length = ((Number) Param.longValue("schedule." + newUnit.name().toLowerCase(java.util.Locale.ROOT), "")
                    .atLeast(1).parseSetting(value)).longValue();
            unit = newUnit;
        }

        ExperimentSpec build() {
            return new ExperimentSpec(name, environment, learner, privatizer, accountant, delta, budgetEpsilon,
                    budgetDelta, new Schedule(length, unit, stepLimit, evaluateEvery, evaluationEpisodes,
                    privacyReportEvery), evaluators, noise, trials, seed, threads, grid, plots, claims);
        }
    }
}
