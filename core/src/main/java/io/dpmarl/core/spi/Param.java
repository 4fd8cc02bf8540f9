package io.dpmarl.core.spi;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One typed plugin parameter with its default and accepted range. Build with the static factories
 * and the {@code with...} methods, for example
 * {@code Param.real("epsilon", "privacy budget").above(0).finite().withDefault(1.0)}.
 *
 * @param name          parameter name
 * @param type          value type
 * @param description   what it means
 * @param defaultValue  the default, or empty if the parameter is required
 * @param min           lower bound (numbers)
 * @param minInclusive  whether {@code min} itself is accepted
 * @param max           upper bound (numbers)
 * @param maxInclusive  whether {@code max} itself is accepted
 * @param choices       accepted values (strings), empty for any
 * @param pluginKind    the kind of plugin a {@link ParamType#PLUGIN} value names, empty for other types
 */
public record Param(String name, ParamType type, String description, Optional<Object> defaultValue,
                    double min, boolean minInclusive, double max, boolean maxInclusive, List<String> choices,
                    Optional<PluginKind> pluginKind) {

    /** The value of an optional plugin parameter ({@code withDefault(NONE)}) that selects no plugin. */
    public static final String NONE = "none";

    public Param {
        java.util.Objects.requireNonNull(name, "name");
        java.util.Objects.requireNonNull(type, "type");
        choices = List.copyOf(choices);
        java.util.Objects.requireNonNull(pluginKind, "pluginKind");
        if ((type == ParamType.PLUGIN) != pluginKind.isPresent()) {
            throw new IllegalArgumentException("parameter '" + name + "': a plugin kind goes with type PLUGIN only");
        }
    }

    private static Param of(String name, ParamType type, String description) {
        return new Param(name, type, description, Optional.empty(), Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true, List.of(), Optional.empty());
    }

    /**
     * A nested plugin of {@code kind}, given as a spec string such as {@code laplace(epsilon=1, sensitivity=1)}.
     * The registry validates it when the owning spec is resolved (the plugin exists in that kind and its own
     * parameters parse). With {@code withDefault(Param.NONE)} the value {@code none} selects no plugin.
     * Read it with {@link Params#plugin(String)} or {@link Params#string(String)}.
     */
    public static Param plugin(String name, PluginKind kind, String description) {
        return new Param(name, ParamType.PLUGIN, description, Optional.empty(), Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true, List.of(), Optional.of(kind));
    }

    /** True if this plugin parameter accepts {@code none} (its default is {@code none}). */
    public boolean acceptsNone() {
        return type == ParamType.PLUGIN && defaultValue.map(NONE::equals).orElse(false);
    }

    /** The type as shown by {@code dpmarl list}: {@code real}, ..., or {@code <privatizer plugin>}. */
    public String typeLabel() {
        return pluginKind.map(kind -> "<" + kind.label() + " plugin>")
                .orElse(type.name().toLowerCase(java.util.Locale.ROOT));
    }

    /** A real parameter, unbounded until restricted. */
    public static Param real(String name, String description) {
        return of(name, ParamType.REAL, description);
    }

    /** An integer parameter. */
    public static Param integer(String name, String description) {
        return of(name, ParamType.INTEGER, description);
    }

    /** A long parameter. */
    public static Param longValue(String name, String description) {
        return of(name, ParamType.LONG, description);
    }

    /** A boolean parameter. */
    public static Param bool(String name, String description) {
        return of(name, ParamType.BOOLEAN, description);
    }

    /** A string parameter, restricted to {@code choices} if any are given. */
    public static Param string(String name, String description, String... choices) {
        return new Param(name, ParamType.STRING, description, Optional.empty(), Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true, List.of(choices), Optional.empty());
    }

    /** Accepts values strictly above {@code bound}. */
    public Param above(double bound) {
        return new Param(name, type, description, defaultValue, bound, false, max, maxInclusive, choices, pluginKind);
    }

    /** Accepts values at or above {@code bound}. */
    public Param atLeast(double bound) {
        return new Param(name, type, description, defaultValue, bound, true, max, maxInclusive, choices, pluginKind);
    }

    /** Accepts values strictly below {@code bound}. */
    public Param below(double bound) {
        return new Param(name, type, description, defaultValue, min, minInclusive, bound, false, choices, pluginKind);
    }

    /** Accepts values at or below {@code bound}. */
    public Param atMost(double bound) {
        return new Param(name, type, description, defaultValue, min, minInclusive, bound, true, choices, pluginKind);
    }

    /**
     * Rejects infinite values of either sign (a finite epsilon, a finite scale, a finite reward bound): an unbounded
     * end of the range becomes open, as {@link #range()} shows it.
     */
    public Param finite() {
        return new Param(name, type, description, defaultValue, min,
                min == Double.NEGATIVE_INFINITY ? false : minInclusive, max,
                max == Double.POSITIVE_INFINITY ? false : maxInclusive, choices, pluginKind);
    }

    /** Makes the parameter optional with this default. */
    public Param withDefault(Object value) {
        return new Param(name, type, description, Optional.of(value), min, minInclusive, max, maxInclusive, choices,
                pluginKind);
    }

    /** The accepted range in interval notation, for example {@code (0, inf)}. */
    public String range() {
        if (type == ParamType.BOOLEAN) {
            return "true or false";
        }
        if (type == ParamType.STRING) {
            return choices.isEmpty() ? "any string" : "one of " + String.join(", ", choices);
        }
        if (type == ParamType.PLUGIN) {
            return "a " + pluginKind.orElseThrow().label() + " plugin spec" + (acceptsNone() ? " or none" : "");
        }
        return (minInclusive && min != Double.NEGATIVE_INFINITY ? "[" : "(") + format(min) + ", " + format(max)
                + (maxInclusive && max != Double.POSITIVE_INFINITY ? "]" : ")");
    }

    private String format(double bound) {
        if (bound == Double.POSITIVE_INFINITY) {
            return "inf";
        }
        if (bound == Double.NEGATIVE_INFINITY) {
            return "-inf";
        }
        if (type != ParamType.REAL && bound == Math.rint(bound)) {
            return Long.toString((long) bound);
        }
        return bound == Math.rint(bound) && Math.abs(bound) < 1e15 ? Long.toString((long) bound)
                : Double.toString(bound);
    }

    /**
     * The range an integer or long parameter really accepts, for the message of a value that is not an integer of
     * its type: an end unbounded (or beyond the type) is the type's limit, for example {@code [1, 2147483647]} for
     * {@code Param.integer(name, description).atLeast(1)}, {@code [0, 9223372036854775807]} for a long; a declared
     * bound inside the type's range is shown as {@link #range()} shows it.
     */
    private String integerRange() {
        boolean integer = type == ParamType.INTEGER;
        long typeMin = integer ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long typeMax = integer ? Integer.MAX_VALUE : Long.MAX_VALUE;
        // (double) Long.MAX_VALUE is 2^63, above every long: a long's declared max of 2^63 is the type's limit.
        boolean declaredMin = min >= typeMin;
        boolean declaredMax = integer ? max <= typeMax : max < typeMax;
        return (declaredMin ? (minInclusive ? "[" : "(") + format(min) : "[" + typeMin) + ", "
                + (declaredMax ? format(max) + (maxInclusive ? "]" : ")") : typeMax + "]");
    }

    /** Parses and validates one value; the message names the parameter and the accepted range. */
    public Object parse(String owner, String raw) {
        return parseWith(owner + ": parameter '" + name + "' ", raw);
    }

    /**
     * Parses and validates one value of a setting that is not a plugin parameter (an experiment spec key); the
     * message reads {@code key 'trials' must be in [1, inf), got 0}.
     */
    public Object parseSetting(String raw) {
        return parseWith("key '" + name + "' ", raw);
    }

    private Object parseWith(String prefix, String raw) {
        String text = raw.trim();
        switch (type) {
            case REAL -> {
                double value;
                String lower = text.toLowerCase(Locale.ROOT);
                if (lower.equals("inf") || lower.equals("+inf") || lower.equals("infinity")) {
                    value = Double.POSITIVE_INFINITY;
                } else if (lower.equals("-inf") || lower.equals("-infinity")) {
                    value = Double.NEGATIVE_INFINITY;
                } else {
                    try {
                        value = Double.parseDouble(text);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(prefix + "must be a number in " + range() + ", got '" + raw
                                + "'");
                    }
                }
                checkRange(prefix, value, raw);
                return value;
            }
            case INTEGER, LONG -> {
                long value;
                try {
                    value = Long.parseLong(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(prefix + "must be an integer in " + integerRange() + ", got '"
                            + raw + "'");
                }
                if (type == ParamType.INTEGER && (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE)) {
                    throw new IllegalArgumentException(prefix + "must be an integer in " + integerRange() + ", got '"
                            + raw + "'");
                }
                checkRange(prefix, value, raw);
                return type == ParamType.INTEGER ? (Object) (int) value : (Object) value;
            }
            case BOOLEAN -> {
                if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
                    return Boolean.parseBoolean(text);
                }
                throw new IllegalArgumentException(prefix + "must be true or false, got '" + raw + "'");
            }
            case PLUGIN -> {
                if (acceptsNone() && text.equals(NONE)) {
                    return NONE;
                }
                try {
                    return SpecString.parse(text).render();
                } catch (IllegalArgumentException malformed) {
                    throw new IllegalArgumentException(prefix + "must be " + range() + ": " + malformed.getMessage());
                }
            }
            default -> {
                if (!choices.isEmpty() && !choices.contains(text)) {
                    throw new IllegalArgumentException(prefix + "must be " + range() + ", got '" + raw + "'");
                }
                return text;
            }
        }
    }

    private void checkRange(String prefix, double value, String raw) {
        boolean ok = !Double.isNaN(value)
                && (minInclusive ? value >= min : value > min)
                && (maxInclusive ? value <= max : value < max);
        if (!ok) {
            throw new IllegalArgumentException(prefix + "must be in " + range() + ", got " + raw.trim());
        }
    }
}
