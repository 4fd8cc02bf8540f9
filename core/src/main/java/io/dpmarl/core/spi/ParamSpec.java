package io.dpmarl.core.spi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The ordered list of a plugin's parameters; resolves raw strings into validated {@link Params}. */
public record ParamSpec(List<Param> params) {
    public ParamSpec {
        params = List.copyOf(params);
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Param param : params) {
            if (!names.add(param.name())) {
                throw new IllegalArgumentException("duplicate parameter name '" + param.name() + "'");
            }
        }
    }

    /** A spec from parameters. */
    public static ParamSpec of(Param... params) {
        return new ParamSpec(List.of(params));
    }

    /** A spec with no parameters. */
    public static ParamSpec none() {
        return new ParamSpec(List.of());
    }

    /** The names, in order. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        for (Param param : params) {
            names.add(param.name());
        }
        return names;
    }

    /**
     * Validates raw values: every key must be a known parameter, every value in range, every required
     * parameter present. Messages name the plugin ({@code owner}), the parameter and what is accepted.
     */
    public Params resolve(String owner, Map<String, String> raw) {
        Map<String, Param> byName = new LinkedHashMap<>();
        for (Param param : params) {
            byName.put(param.name(), param);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : raw.entrySet()) {
            Param param = byName.get(entry.getKey());
            if (param == null) {
                throw new IllegalArgumentException(owner + ": unknown parameter '" + entry.getKey() + "'"
                        + NameSuggestion.closest(entry.getKey(), names())
                                .map(match -> "; did you mean '" + match + "'? Accepted: ").orElse("; accepted: ")
                        + (params.isEmpty() ? "none" : String.join(", ", names())));
            }
            values.put(param.name(), param.parse(owner, entry.getValue()));
        }
        Map<String, Object> ordered = new LinkedHashMap<>();
        for (Param param : params) {
            Object value = values.get(param.name());
            if (value == null) {
                value = param.defaultValue().orElseThrow(() -> new IllegalArgumentException(owner
                        + ": missing required parameter '" + param.name() + "' (" + param.range() + ")"));
            }
            ordered.put(param.name(), value);
        }
        return new Params(owner, ordered);
    }
}
