package io.dpmarl.core.experiment;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads an experiment spec file (YAML or JSON) into an {@link ExperimentSpec}: nested mappings ({@code budget:},
 * {@code schedule:}) become dotted keys, lists bind list keys, {@code grid:} maps keys to lists of values; every
 * key is bound through {@link SpecKeys}, so a file and {@code --set} accept the same names and values.
 */
final class SpecFile {
    private SpecFile() {
    }

    static ExperimentSpec parse(String text, boolean json, String source) {
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
            throw new IllegalArgumentException("experiment spec " + source + " must be a mapping of keys, got a "
                    + type(root));
        }
        try {
            return read(root);
        } catch (IllegalArgumentException invalid) {
            throw new IllegalArgumentException("experiment spec " + source + ": " + invalid.getMessage(), invalid);
        }
    }

    private static ExperimentSpec read(JsonNode root) {
        ExperimentSpec spec = ExperimentSpec.defaults();
        List<String> lengths = new ArrayList<>();
        Map<String, List<String>> grid = Map.of();
        for (Iterator<Map.Entry<String, JsonNode>> fields = root.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            if (key.equals("grid")) {
                grid = grid(value); // set last: a file gives the base values of the keys its grid varies
            } else if (SpecKeys.sections().contains(key)) {
                if (!value.isObject()) {
                    throw new IllegalArgumentException("'" + key + "' must be a mapping with keys "
                            + String.join(", ", SpecKeys.sectionKeys(key)));
                }
                for (Iterator<Map.Entry<String, JsonNode>> children = value.fields(); children.hasNext(); ) {
                    Map.Entry<String, JsonNode> child = children.next();
                    String dotted = key + "." + child.getKey();
                    if (SpecKeys.find(dotted).isEmpty()) {
                        throw new IllegalArgumentException("unknown key '" + dotted + "'; accepted in '" + key
                                + "': " + String.join(", ", SpecKeys.sectionKeys(key)));
                    }
                    spec = bind(spec, dotted, child.getValue(), lengths);
                }
            } else {
                spec = bind(spec, key, value, lengths);
            }
        }
        if (lengths.size() > 1) {
            throw new IllegalArgumentException("the run length is given twice (" + String.join(", ", lengths)
                    + "); keep one of schedule.episodes, schedule.steps");
        }
        return spec.withGrid(grid);
    }

    private static ExperimentSpec bind(ExperimentSpec spec, String key, JsonNode value, List<String> lengths) {
        String canonical = SpecKeys.ALIASES.getOrDefault(key, key);
        if (canonical.equals("schedule.episodes") || canonical.equals("schedule.steps")) {
            lengths.add(key);
        }
        if (value.isArray()) {
            if (SpecKeys.find(key).isEmpty()) {
                return spec.with(key, ""); // an unknown key or a component parameter: with() names the problem
            }
            if (!SpecKeys.find(key).get().list()) {
                throw new IllegalArgumentException("'" + key + "' must be a single value, got a list");
            }
            List<String> items = new ArrayList<>();
            for (JsonNode item : value) {
                items.add(scalar(item, key));
            }
            return spec.withList(key, items);
        }
        return spec.with(key, scalar(value, key));
    }

    private static Map<String, List<String>> grid(JsonNode value) {
        if (!value.isObject()) {
            throw new IllegalArgumentException("'grid' must be a mapping from keys to lists of values");
        }
        Map<String, List<String>> grid = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> entries = value.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            List<String> values = new ArrayList<>();
            if (entry.getValue().isArray()) {
                for (JsonNode item : entry.getValue()) {
                    values.add(scalar(item, "grid." + entry.getKey()));
                }
            } else {
                values.add(scalar(entry.getValue(), "grid." + entry.getKey()));
            }
            grid.put(entry.getKey(), values);
        }
        return grid;
    }

    private static String scalar(JsonNode node, String key) {
        if (node == null || node.isNull()) {
            return "";
        }
        if (!node.isValueNode()) {
            throw new IllegalArgumentException("'" + key + "' must be a single value, got a " + type(node));
        }
        return node.asText();
    }

    private static String type(JsonNode node) {
        return node.getNodeType().toString().toLowerCase(Locale.ROOT);
    }

    static String oneLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
