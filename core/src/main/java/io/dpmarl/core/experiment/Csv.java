package io.dpmarl.core.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * The minimal RFC 4180 CSV dialect of dpmarl's run files: comma separated, a field is quoted when it
 * holds a comma, a quote or a line break, and quotes inside are doubled. Numbers are written with
 * {@link Double#toString(double)} so that a value read back is bit-identical.
 */
public final class Csv {
    private Csv() {
    }

    /** Quotes a field if it needs it. */
    public static String field(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    /** Joins fields into one line (without the line break). */
    public static String line(String... fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(field(fields[i]));
        }
        return line.toString();
    }

    /** Splits one line into fields, undoing {@link #field}. */
    public static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        current.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    current.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        fields.add(current.toString());
        return fields;
    }

    /** A number as written in run files. */
    public static String number(double value) {
        return Double.toString(value);
    }
}
