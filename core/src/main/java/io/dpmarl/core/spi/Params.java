package io.dpmarl.core.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/** Validated parameter values of one plugin instance, with typed getters. */
public final class Params {
    private final String owner;
    private final Map<String, Object> values;

    Params(String owner, Map<String, Object> values) {
        this.owner = owner;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The plugin these values belong to. */
    public String owner() {
        return owner;
    }

    /** All values, in parameter order. */
    public Map<String, Object> asMap() {
        return values;
    }

    private Object get(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException(owner + ": no parameter '" + name + "' in " + values.keySet());
        }
        return value;
    }

    /** A real value. */
    public double real(String name) {
        return ((Number) get(name)).doubleValue();
    }

    /** An integer value. */
    public int integer(String name) {
        return ((Number) get(name)).intValue();
    }

    /** A long value. */
    public long longValue(String name) {
        return ((Number) get(name)).longValue();
    }

    /** A boolean value. */
    public boolean bool(String name) {
        return (Boolean) get(name);
    }

    /** A string value. */
    public String string(String name) {
        return get(name).toString();
    }

    /**
     * The spec string of a plugin parameter ({@link Param#plugin}), or empty if it is {@code none}; create the
     * plugin with {@code context.registry().create(kind, type, spec, context)}.
     */
    public java.util.Optional<String> plugin(String name) {
        String spec = string(name);
        return spec.equals(Param.NONE) ? java.util.Optional.empty() : java.util.Optional.of(spec);
    }

    /** The canonical spec string, for example {@code laplace(epsilon=0.5, sensitivity=1.0)}. */
    public String toSpec() {
        if (values.isEmpty()) {
            return owner;
        }
        StringJoiner joiner = new StringJoiner(", ", owner + "(", ")");
        values.forEach((key, value) -> joiner.add(key + "=" + value));
        return joiner.toString();
    }

    @Override
    public String toString() {
        return toSpec();
    }
}
