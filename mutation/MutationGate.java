import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The mutation-score gate of the {@code mutation} Maven profile, run as a single-file Java program:
 * {@code java MutationGate.java <mutations.xml> <equivalent-mutants.txt> <package=percent,...>}.
 *
 * <p>Reads PIT's XML report, removes the mutants listed as equivalent (matched by class, method, line and
 * mutator; every entry must give a reason), and computes per package the score
 * {@code detected / (all - equivalent)}, where detected means killed, timed out, memory error or run error
 * (PIT's own definition) and "no coverage" counts as survived. Exits 1 if a package is below its threshold
 * or an entry has no reason; prints the surviving mutants of such a package. Only the listed packages are
 * gated and reported (a class in a sub-package belongs to the sub-package).
 */
public final class MutationGate {
    private MutationGate() {
    }

    record Equivalent(String mutatedClass, String method, int line, String mutator, String reason) {
        boolean matches(Mutant m) {
            return m.mutatedClass.equals(mutatedClass) && m.method.equals(method) && m.line == line
                    && (m.mutator.equals(mutator) || m.mutator.endsWith("." + mutator));
        }
    }

    record Mutant(String mutatedClass, String method, int line, String mutator, String status, boolean detected,
                  String description) {
        String pkg() {
            int dot = mutatedClass.lastIndexOf('.');
            return dot < 0 ? "" : mutatedClass.substring(0, dot);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: java MutationGate.java <mutations.xml> <equivalent-mutants.txt> <pkg=pct,...>");
            System.exit(2);
        }
        List<Mutant> mutants = read(Path.of(args[0]));
        List<Equivalent> equivalents = equivalents(Path.of(args[1]));
        Map<String, Double> thresholds = new LinkedHashMap<>();
        for (String pair : args[2].split(",")) {
            String[] kv = pair.trim().split("=");
            thresholds.put(kv[0].trim(), Double.parseDouble(kv[1].trim()));
        }
        boolean failed = false;
        System.out.println("[mutation-gate] " + mutants.size() + " mutants in " + args[0]);
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
            System.out.printf("[mutation-gate] %-45s %6.1f%% (%d of %d detected, %d equivalent excluded) threshold %.0f%% %s%n",
                    pkg, score, detected, total, excluded, entry.getValue(), ok ? "OK" : "FAILED");
            if (!ok || Boolean.getBoolean("gate.verbose")) {
                Map<String, List<Mutant>> byClass = new TreeMap<>();
                for (Mutant m : survivors) {
                    byClass.computeIfAbsent(m.mutatedClass, k -> new ArrayList<>()).add(m);
                }
                byClass.forEach((c, list) -> list.forEach(m -> System.out.printf(
                        "[mutation-gate]   %s | %s | %d | %s | %s | %s%n",
                        c, m.method, m.line, shortMutator(m.mutator), m.status, m.description)));
            }
        }
        for (Equivalent e : equivalents) {
            String entryPackage = e.mutatedClass().substring(0, Math.max(0, e.mutatedClass().lastIndexOf('.')));
            if (thresholds.containsKey(entryPackage) && mutants.stream().noneMatch(e::matches)) {
                System.out.println("[mutation-gate] warning: stale equivalent-mutant entry (no such mutant): "
                        + e.mutatedClass + " | " + e.method + " | " + e.line + " | " + e.mutator);
            }
        }
        if (failed) {
            System.out.println("[mutation-gate] FAILED: a package is below its mutation-score threshold");
            System.exit(1);
        }
    }

    private static String shortMutator(String mutator) {
        return mutator.substring(mutator.lastIndexOf('.') + 1);
    }

    private static List<Mutant> read(Path xml) throws Exception {
        var document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        NodeList nodes = document.getElementsByTagName("mutation");
        List<Mutant> mutants = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            mutants.add(new Mutant(text(e, "mutatedClass"), text(e, "mutatedMethod"),
                    Integer.parseInt(text(e, "lineNumber")), text(e, "mutator"), e.getAttribute("status"),
                    Boolean.parseBoolean(e.getAttribute("detected")), text(e, "description")));
        }
        return mutants;
    }

    private static String text(Element e, String tag) {
        NodeList list = e.getElementsByTagName(tag);
        return list.getLength() == 0 ? "" : list.item(0).getTextContent().trim();
    }

    /**
     * Lines {@code class | method | line | mutator | reason}; '#' starts a comment line. A line without a reason
     * stops the gate.
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
            if (parts.length < 5 || parts[4].strip().length() < 10) {
                System.err.println("[mutation-gate] " + file + ":" + number
                        + ": expected 'class | method | line | mutator | reason' with a reason, got: " + line);
                System.exit(1);
            }
            list.add(new Equivalent(parts[0].strip(), parts[1].strip(), Integer.parseInt(parts[2].strip()),
                    parts[3].strip(), parts[4].strip()));
        }
        return list;
    }
}
