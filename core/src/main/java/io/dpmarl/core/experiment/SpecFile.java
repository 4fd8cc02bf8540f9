package io.dpmarl.core.experiment;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
            root = readTree(mapper, text);
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
            return read(root, json);
        } catch (IllegalArgumentException invalid) {
            throw new IllegalArgumentException("experiment spec " + source + ": " + invalid.getMessage(), invalid);
        }
    }

    /**
     * The document as a tree whose numbers are text nodes holding the number as written: a number node would be read
     * back as {@link Double#toString} text ({@code 1e-5} as {@code 1.0E-5}, {@code 0.50} as {@code 0.5}, so a grid
     * value's label differs from the file), and YAML 1.1 reads {@code 010} as octal 8 and {@code 0x10} as 16, where
     * JSON has neither; as text, both formats bind the same values through {@link SpecKeys}, in decimal.
     *
     * @return the root node, or null for an empty document
     * @throws JsonProcessingException if the text is not valid YAML (JSON), a key is given twice included
     */
    private static JsonNode readTree(ObjectMapper mapper, String text) throws JsonProcessingException {
        try (JsonParser parser = mapper.createParser(text)) {
            return parser.nextToken() == null ? null : node(parser, mapper.getNodeFactory());
        } catch (JsonProcessingException malformed) {
            throw malformed;
        } catch (java.io.IOException impossible) {
            throw new java.io.UncheckedIOException(impossible); // the text is in memory
        }
    }

    /** The value at the parser's current token (consumed up to its end), numbers as written. */
    private static JsonNode node(JsonParser parser, JsonNodeFactory nodes) throws java.io.IOException {
        switch (parser.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = nodes.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.set(name, node(parser, nodes));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(node(parser, nodes));
                }
                return array;
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_STRING -> {
                return nodes.textNode(parser.getText());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return nodes.booleanNode(parser.getBooleanValue());
            }
            case VALUE_NULL -> {
                return nodes.nullNode();
            }
            default -> {
                return nodes.textNode(parser.getText()); // an embedded object: no spec value is one
            }
        }
    }

    private static ExperimentSpec read(JsonNode root, boolean json) {
        ExperimentSpec spec = ExperimentSpec.defaults();
        List<String> lengths = new ArrayList<>();
        Map<String, List<String>> grid = Map.of();
        for (Iterator<Map.Entry<String, JsonNode>> fields = root.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            if (key.equals("grid")) {
                grid = grid(value, json); // set last: a file gives the base values of the keys its grid varies
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
                    spec = bind(spec, dotted, child.getValue(), lengths, json);
                }
            } else {
                spec = bind(spec, key, value, lengths, json);
            }
        }
        if (lengths.size() > 1) {
            throw new IllegalArgumentException("the run length is given twice (" + String.join(", ", lengths)
                    + "); keep one of schedule.episodes, schedule.steps");
        }
        return spec.withGrid(grid);
    }

    private static ExperimentSpec bind(ExperimentSpec spec, String key, JsonNode value, List<String> lengths,
                                       boolean json) {
        String canonical = SpecKeys.ALIASES.getOrDefault(key, key);
        if (canonical.equals("schedule.episodes") || canonical.equals("schedule.steps")) {
            lengths.add(key);
        }
        if (value.isObject() && !SpecKeys.known(key)) {
            throw new IllegalArgumentException(SpecKeys.unknown(key)); // as for a scalar: the typo, not the shape
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
            refuseSplitSpecs(key, items, json);
            return spec.withList(key, items);
        }
        return spec.with(key, scalar(value, key));
    }

    private static Map<String, List<String>> grid(JsonNode value, boolean json) {
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
            refuseSplitSpecs("grid." + entry.getKey(), values, json);
            grid.put(entry.getKey(), values);
        }
        return grid;
    }

    /**
     * Refuses a YAML list item whose parentheses do not close: a flow list {@code [a, b]} splits at every comma,
     * also inside a plugin spec such as {@code gaussian(epsilon=1, delta=1e-5)}, which then arrives in pieces. The
     * message names the key and the piece and shows the item quoted, rejoined from the pieces. JSON strings keep
     * their commas, so a JSON item is left to the spec parser.
     */
    private static void refuseSplitSpecs(String key, List<String> items, boolean json) {
        if (json) {
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            if (depth(items.get(i)) <= 0) {
                continue;
            }
            StringBuilder joined = new StringBuilder(items.get(i));
            int depth = depth(items.get(i));
            for (int next = i + 1; next < items.size() && depth > 0; next++) {
                joined.append(", ").append(items.get(next));
                depth += depth(items.get(next));
            }
            throw new IllegalArgumentException("'" + key + "': item '" + items.get(i) + "' does not close its "
                    + "parentheses: a YAML list [a, b] splits at every comma, also inside a plugin spec; quote the "
                    + "item" + (depth == 0 ? ", for example \"" + joined + "\"" : "") + ", or write one item per "
                    + "line");
        }
    }

    /** Opening minus closing parentheses. */
    private static int depth(String text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '(') {
                depth++;
            } else if (text.charAt(i) == ')') {
                depth--;
            }
        }
        return depth;
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
