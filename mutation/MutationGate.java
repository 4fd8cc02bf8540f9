import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The mutation-score gate of the {@code mutation} Maven profile, run as a single-file Java program:
 * {@code java MutationGate.java <mutations.xml> <equivalent-mutants.txt> <package=percent,...>}.
 *
 * <p>Reads PIT's XML report, removes the mutants listed as equivalent, and computes per package the score
 * {@code detected / (all - equivalent)}, where detected means killed, timed out, memory error or run error
 * (PIT's own definition) and "no coverage" counts as survived. Exits 1 if a package is below its threshold,
 * if an entry has no reason, or if an entry covers a killed mutant; prints the surviving mutants of a failing package.
 * Only the listed packages are gated and reported (a class in a sub-package belongs to the sub-package).
 *
 * <p>An entry names class, method, line and mutator. Where one line holds several mutants of one mutator (two
 * comparisons on one line, say), {@code Mutator#k} names the k-th of them in bytecode order (PIT's instruction
 * index); an entry without {@code #k} covers them all. An entry that covers a mutant some test kills is refused:
 * that mutant is not equivalent, so the entry is wrong or too wide (it would also hide a surviving twin that is
 * not equivalent). Surviving mutants are printed with the key an entry would use.
 */
public final class MutationGate {
    private MutationGate() {
    }

    /** One entry of the equivalent-mutants file; {@code ordinal} is the {@code #k} of its mutator, if given. */
    record Equivalent(String mutatedClass, String method, int line, String mutator, OptionalInt ordinal,
                      String reason) {
        boolean matches(Mutant m) {
            return m.mutatedClass.equals(mutatedClass) && m.method.equals(method) && m.line == line
                    && (m.mutator.equals(mutator) || m.mutator.endsWith("." + mutator))
                    && (ordinal.isEmpty() || ordinal.getAsInt() == m.ordinal);
        }

        String key() {
            return mutatedClass + " | " + method + " | " + line + " | " + mutator
                    + (ordinal.isPresent() ? "#" + ordinal.getAsInt() : "");
        }
    }

    /**
     * One mutant of the report; {@code ordinal} counts from 1 among the mutants of its class, method, line and
     * mutator in order of {@code index}, and {@code twins} is how many there are.
     */
    record Mutant(String mutatedClass, String method, int line, String mutator, int index, String status,
                  boolean detected, String description, int ordinal, int twins) {
        String pkg() {
            int dot = mutatedClass.lastIndexOf('.');
            return dot < 0 ? "" : mutatedClass.substring(0, dot);
        }

        String key() {
            return mutatedClass + " | " + method + " | " + line + " | " + shortMutator(mutator)
                    + (twins > 1 ? "#" + ordinal : "");
        }

        String twinKey() {
            return mutatedClass + "|" + method + "|" + line + "|" + mutator;
        }
    }

    public static void main(String[] args) throws Exception {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** The gate itself: 0 when every package passes, 1 when one fails or the entries are wrong, 2 on bad usage. */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length != 3) {
            err.println("usage: java MutationGate.java <mutations.xml> <equivalent-mutants.txt> <pkg=pct,...>");
            return 2;
        }
        List<Mutant> mutants = read(Path.of(args[0]));
        List<Equivalent> equivalents;
        try {
            equivalents = equivalents(Path.of(args[1]));
        } catch (IllegalArgumentException e) {
            err.println("[mutation-gate] " + e.getMessage());
            return 1;
        }
        Map<String, Double> thresholds = new LinkedHashMap<>();
        for (String pair : args[2].split(",")) {
            String[] kv = pair.trim().split("=");
            thresholds.put(kv[0].trim(), Double.parseDouble(kv[1].trim()));
        }
        boolean failed = false;
        out.println("[mutation-gate] " + mutants.size() + " mutants in " + args[0]);
        for (Map.Entry<String, Double> entry : thresholds.entrySet()) {
            String pkg = entry.getKey();
            int total = 0;
            int excluded = 0;
            int detected = 0;
            List<Mutant> survivors = new ArrayList<>();
            for (Mutant m : mutants) {
                if (!m.pkg().equals(pkg)) {
                    continue;
                }
                if (equivalents.stream().anyMatch(e -> e.matches(m))) {
                    excluded++;
                    continue;
                }
                total++;
                if (m.detected) {
                    detected++;
                } else {
                    survivors.add(m);
                }
            }
            double score = total == 0 ? 100.0 : 100.0 * detected / total;
            boolean ok = score >= entry.getValue();
            failed |= !ok;
            out.printf("[mutation-gate] %-45s %6.1f%% (%d of %d detected, %d equivalent excluded) "
                    + "threshold %.0f%% %s%n", pkg, score, detected, total, excluded, entry.getValue(),
                    ok ? "OK" : "FAILED");
            if (!ok || Boolean.getBoolean("gate.verbose")) {
                Map<String, List<Mutant>> byClass = new TreeMap<>();
                for (Mutant m : survivors) {
                    byClass.computeIfAbsent(m.mutatedClass, k -> new ArrayList<>()).add(m);
                }
                byClass.forEach((c, list) -> list.forEach(m -> out.printf("[mutation-gate]   %s | %s | %s%n",
                        m.key(), m.status, m.description)));
            }
        }
        boolean wrong = false;
        for (Equivalent e : equivalents) {
            String entryPackage = e.mutatedClass().substring(0, Math.max(0, e.mutatedClass().lastIndexOf('.')));
            if (!thresholds.containsKey(entryPackage)) {
                continue;
            }
            List<Mutant> matched = mutants.stream().filter(e::matches).toList();
            if (matched.isEmpty()) {
                out.println("[mutation-gate] warning: stale equivalent-mutant entry (no such mutant): " + e.key());
            } else if (matched.stream().anyMatch(m -> m.status.equals("KILLED"))) {
                wrong = true;
                out.println("[mutation-gate] equivalent-mutant entry " + e.key() + " covers a mutant a test kills"
                        + " (name the equivalent one with #k, or drop the entry):");
                matched.forEach(m -> out.println("[mutation-gate]   " + m.key() + " | " + m.status + " | "
                        + m.description));
            }
        }
        if (wrong) {
            out.println("[mutation-gate] FAILED: an equivalent-mutant entry covers a killed mutant");
            return 1;
        }
        if (failed) {
            out.println("[mutation-gate] FAILED: a package is below its mutation-score threshold");
            return 1;
        }
        return 0;
    }

    private static String shortMutator(String mutator) {
        return mutator.substring(mutator.lastIndexOf('.') + 1);
    }

    static List<Mutant> read(Path xml) throws Exception {
        var document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        NodeList nodes = document.getElementsByTagName("mutation");
        List<Mutant> raw = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            String index = text(e, "index");
            raw.add(new Mutant(text(e, "mutatedClass"), text(e, "mutatedMethod"),
                    Integer.parseInt(text(e, "lineNumber")), text(e, "mutator"),
                    index.isEmpty() ? 0 : Integer.parseInt(index), e.getAttribute("status"),
                    Boolean.parseBoolean(e.getAttribute("detected")), text(e, "description"), 1, 1));
        }
        // Number the mutants sharing class, method, line and mutator in bytecode order (ties: the description).
        Map<String, List<Mutant>> twins = new LinkedHashMap<>();
        for (Mutant m : raw) {
            twins.computeIfAbsent(m.twinKey(), k -> new ArrayList<>()).add(m);
        }
        List<Mutant> mutants = new ArrayList<>();
        for (List<Mutant> group : twins.values()) {
            group.sort(Comparator.comparingInt(Mutant::index).thenComparing(Mutant::description));
            for (int k = 0; k < group.size(); k++) {
                Mutant m = group.get(k);
                mutants.add(new Mutant(m.mutatedClass, m.method, m.line, m.mutator, m.index, m.status, m.detected,
                        m.description, k + 1, group.size()));
            }
        }
        return mutants;
    }

    private static String text(Element e, String tag) {
        NodeList list = e.getElementsByTagName(tag);
        return list.getLength() == 0 ? "" : list.item(0).getTextContent().trim();
    }

    /**
     * Lines {@code class | method | line | mutator[#k] | reason}; '#' starts a comment line.
     *
     * @throws IllegalArgumentException naming the file and line of an entry without a reason or with a bad field
     */
    static List<Equivalent> equivalents(Path file) throws IOException {
        List<Equivalent> list = new ArrayList<>();
        int number = 0;
        for (String raw : Files.readAllLines(file)) {
            number++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\|", 5);
            String where = file + ":" + number + ": ";
            if (parts.length < 5 || parts[4].strip().length() < 10) {
                throw new IllegalArgumentException(where
                        + "expected 'class | method | line | mutator[#k] | reason' with a reason, got: " + line);
            }
            int lineNumber;
            try {
                lineNumber = Integer.parseInt(parts[2].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "the line field must be a number, got: " + parts[2].strip());
            }
            String mutator = parts[3].strip();
            OptionalInt ordinal = OptionalInt.empty();
            int hash = mutator.indexOf('#');
            if (hash >= 0) {
                String k = mutator.substring(hash + 1);
                if (!k.matches("[1-9][0-9]*")) {
                    throw new IllegalArgumentException(where + "'#k' after the mutator must be a number k >= 1, got: "
                            + mutator);
                }
                ordinal = OptionalInt.of(Integer.parseInt(k));
                mutator = mutator.substring(0, hash);
            }
            list.add(new Equivalent(parts[0].strip(), parts[1].strip(), lineNumber, mutator, ordinal,
                    parts[4].strip()));
        }
        return list;
    }
}
