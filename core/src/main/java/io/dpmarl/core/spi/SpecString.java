package io.dpmarl.core.spi;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A parsed plugin spec string {@code name(key=value, ...)} (OpenSpiel's {@code LoadGame} syntax).
 * Values may themselves contain parentheses and commas inside parentheses, so a spec can nest
 * another: {@code federated(privatizer=gaussian(epsilon=1, delta=1e-5, sensitivity=1))}.
 *
 * @param name       the plugin name
 * @param parameters raw parameter values in the order written
 */
public record SpecString(String name, Map<String, String> parameters) {

    /** Parses a spec string; malformed specs get a message that quotes them. */
    public static SpecString parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException(
                    "plugin spec must be 'name' or 'name(key=value, ...)', got an empty string");
        }
        String text = spec.trim();
        int open = text.indexOf('(');
        if (open < 0) {
            requireName(text, spec);
            return new SpecString(text, Map.of());
        }
        if (!text.endsWith(")")) {
            throw new IllegalArgumentException("plugin spec '" + spec + "' must end with ')'");
        }
        String name = text.substring(0, open).trim();
        requireName(name, spec);
        String body = text.substring(open + 1, text.length() - 1);
        Map<String, String> parameters = new LinkedHashMap<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= body.length(); i++) {
            char c = i < body.length() ? body.charAt(i) : ',';
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
                if (depth < 0) {
                    throw new IllegalArgumentException("plugin spec '" + spec + "' has unbalanced parentheses");
                }
            } else if (c == ',' && depth == 0) {
                String item = body.substring(start, i).trim();
                start = i + 1;
                if (item.isEmpty()) {
                    if (i == body.length() && parameters.isEmpty()) {
                        break;
                    }
                    throw new IllegalArgumentException("plugin spec '" + spec + "' has an empty parameter");
                }
                int equals = item.indexOf('=');
                if (equals <= 0) {
                    throw new IllegalArgumentException("plugin spec '" + spec + "': parameter '" + item
                            + "' must be key=value");
                }
                String key = item.substring(0, equals).trim();
                if (parameters.put(key, item.substring(equals + 1).trim()) != null) {
                    throw new IllegalArgumentException("plugin spec '" + spec + "' sets '" + key + "' twice");
                }
            }
        }
        if (depth != 0) {
            throw new IllegalArgumentException("plugin spec '" + spec + "' has unbalanced parentheses");
        }
        return new SpecString(name, parameters);
    }

    /** The canonical text {@code name(k=v, ...)}, or {@code name} without parameters. */
    public String render() {
        if (parameters.isEmpty()) {
            return name;
        }
        java.util.StringJoiner joiner = new java.util.StringJoiner(", ", name + "(", ")");
        parameters.forEach((key, value) -> joiner.add(key + "=" + value));
        return joiner.toString();
    }

    private static void requireName(String name, String spec) {
        if (!name.matches("[A-Za-z][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("plugin spec '" + spec
                    + "' must start with a name of letters, digits, '-', '_' or '.'");
        }
    }
}
