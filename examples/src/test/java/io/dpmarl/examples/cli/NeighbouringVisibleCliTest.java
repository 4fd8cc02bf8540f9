package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpmarl list} and the run report name the neighbouring relation each privatizer's guarantee holds under, read
 * from {@link Privatizer#neighbouring()}, for a built-in privatizer of each family and for a third-party one. The
 * expected relations come from the papers: the generic privatizers' parameter {@code neighbouring} (default record);
 * DP-QD-Learning's message (Q-value) adjacency; federated TD's master noise covers one agent's cost at one step
 * (event level, Lemma 7 of "Differentially private federated temporal difference learning"); DP-Nash-VI's counts one
 * user, that is one episode; DPC-MARL's clipped exchange any change of the sending agent's data. Deterministic.
 */
class NeighbouringVisibleCliTest {

    /** The lines of one listed plugin: from its name line up to (not including) the next plugin or kind. */
    private static String block(String listing, String plugin) {
        int start = listing.indexOf("\n  " + plugin + " [");
        assertTrue(start >= 0, plugin + " is listed:\n" + listing);
        Matcher next = Pattern.compile("\n(  \\S|\\S|\n)").matcher(listing);
        int end = next.find(start + 1) ? next.start() : listing.length();
        return listing.substring(start, end) + "\n";
    }

    @Test
    void listNamesTheRelationOfABuiltInPrivatizerOfEachFamily() {
        Cli.Result listed = Cli.run("list", "--kind", "privatizer");
        assertEquals(0, listed.code(), listed.err());
        String out = listed.out();
        assertTrue(block(out, "laplace").contains("\n      neighbouring: record (datasets differing in one record),"
                + " set by parameter neighbouring\n"), block(out, "laplace"));
        assertTrue(block(out, "ma-ldp").contains("\n      neighbouring: user (user sequences differing in one user's"
                + " episode), set by parameter neighbouring\n"), block(out, "ma-ldp"));
        assertTrue(block(out, "dp-qd-laplace").contains("\n      neighbouring: message (runs differing in one sender's"
                + " messages, each at most the sensitivity apart)\n"), block(out, "dp-qd-laplace"));
        assertTrue(block(out, "federated-td-noise").contains("\n      neighbouring: agent-reward (runs differing in"
                + " one agent's reward or cost at one time step (event level))\n"), block(out, "federated-td-noise"));
        for (String counts : List.of("nashvi-central-counts", "nashvi-local-counts")) {
            assertTrue(block(out, counts).contains("\n      neighbouring: user (user sequences differing in one user's"
                    + " episode)\n"), block(out, counts));
        }
        assertTrue(block(out, "critic-laplace-clipped").contains("\n      neighbouring: agent (runs differing in one"
                + " agent's data)\n"), block(out, "critic-laplace-clipped"));
        assertTrue(block(out, "symbolic-trajectory").contains("\n      example: symbolic-trajectory(epsilon=1, k=1,"
                + " successors=0>0 1|1>0 1)\n      neighbouring: symbolic-trajectory (symbolic state trajectories at"
                + " bounded Hamming distance)\n"), "after the example: " + block(out, "symbolic-trajectory"));
    }

    /** The lines of one listed plugin that shows no accounting mode (a learner, ...), up to the next plugin or kind. */
    private static String plainBlock(String listing, String plugin) {
        int start = listing.indexOf("\n  " + plugin + "  ");
        assertTrue(start >= 0, plugin + " is listed:\n" + listing);
        Matcher next = Pattern.compile("\n(  \\S|\\S|\n)").matcher(listing);
        int end = next.find(start + 1) ? next.start() : listing.length();
        return listing.substring(start, end) + "\n";
    }

    /**
     * The two lines {@code list} shows under a learner for a relation it declares for the privatizers it builds in
     * code: the report's ledger wording ({@code <label> (<description>), of the privatizers <learner> builds}, see
     * {@link #theReportNamesTheRelationOfEachFamily}) after {@code neighbouring: }, broken after the description's
     * comma. The label is the relation's name in lower case with hyphens, as in the privatizer lines.
     */
    private static String builtRelation(String learner, Neighbouring relation) {
        return "\n      neighbouring: " + relation.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + " ("
                + relation.description() + "),\n        of the privatizers " + learner + " builds\n";
    }

    /**
     * Under the learners that build their privatizers in code, {@code list} names the relations they declare:
     * federated TD's master noise, one agent's cost at one time step (event level, Lemma 7 of "Differentially
     * private federated temporal difference learning"); planned execution's per-agent streams, one agent's symbolic
     * trajectory at bounded Hamming distance (Lemma 1 of "Differential Privacy in Cooperative Multiagent Planning").
     * A learner that declares none (independent Q-learning) gets no such line.
     */
    @Test
    void listNamesTheRelationsALearnerDeclaresForThePrivatizersItBuilds() {
        Cli.Result listed = Cli.run("list", "--kind", "learner");
        assertEquals(0, listed.code(), listed.err());
        String federated = plainBlock(listed.out(), "federated-td");
        assertTrue(federated.contains(builtRelation("federated-td", Neighbouring.AGENT_REWARD)), federated);
        String planned = plainBlock(listed.out(), "planned-execution");
        assertTrue(planned.contains(builtRelation("planned-execution", Neighbouring.SYMBOLIC_TRAJECTORY)), planned);
        assertFalse(plainBlock(listed.out(), "independent-q").contains("neighbouring"),
                plainBlock(listed.out(), "independent-q"));
        for (String line : listed.out().split("\n")) {
            if (line.startsWith("      neighbouring: ") || line.startsWith("        of the privatizers ")) {
                assertTrue(line.length() <= 120, "a readable line: " + line);
            }
        }
    }

    /**
     * A third-party learner's declared relations are listed each in turn; one whose declaration fails gets no line
     * and does not stop the listing.
     */
    @Test
    void listNamesAThirdPartyLearnersDeclaredRelations() {
        Cli.Result listed = Cli.run(loader -> withLearners(Registry.discover(loader)), "list", "--kind", "learner");
        assertEquals(0, listed.code(), listed.err());
        assertEquals("\n  stub-builder  builds two" + builtRelation("stub-builder", Neighbouring.TRAJECTORY)
                + builtRelation("stub-builder", Neighbouring.AGENT).substring(1), plainBlock(listed.out(),
                "stub-builder"));
        assertEquals("\n  stub-broken  fails to declare\n", plainBlock(listed.out(), "stub-broken"));
    }

    /** What a release's guarantee and a key's figure protect is said once, above the privatizers. */
    @Test
    void listSaysOnceWhatAReleaseAndAKeyProtect() {
        Cli.Result listed = Cli.run("list");
        assertEquals(0, listed.code(), listed.err());
        String unit = "\n  (a guarantee, of one release or one up-front stream, holds for one pair of inputs"
                + " neighbouring under the relation;\n   a ledger key's epsilon composes every release charged to the"
                + " key, so it protects everything released under it)\n";
        assertTrue(listed.out().contains("privatizer plugins (" + Registry.discover().list(PluginKind.PRIVATIZER).size()
                + "):" + unit), listed.out());
        assertEquals(1, listed.out().split("composes every release charged", -1).length - 1, "said once");
        for (String line : listed.out().split("\n")) {
            if (line.startsWith("      neighbouring: ")) {
                assertTrue(line.length() <= 120, "a readable neighbouring line: " + line);
            }
        }
    }

    /** A third-party privatizer gets its line from the interface, without a parameter of that name. */
    @Test
    void listNamesAThirdPartyPrivatizersOwnRelation() {
        Cli.Result listed = Cli.run(loader -> withStub(Registry.discover(loader)), "list", "--kind", "privatizer");
        assertEquals(0, listed.code(), listed.err());
        assertEquals("\n  stub-trajectory [per-release]  a third-party stub\n      neighbouring: trajectory (inputs"
                + " differing in one trajectory)\n", block(listed.out(), "stub-trajectory"));
    }

    /**
     * The report of a run names the relation next to the guarantee: of the spec's privatizer (generic with its
     * parameter, DP-Nash-VI's counts, DPC-MARL's clipped exchange, federated TD's noise, a third-party stub), of the
     * privatizer written inside DP-QD-Learning's spec, and the relation the learners that build their privatizers in
     * code declare: federated TD's master noise protects one agent's cost at one time step (event level, Lemma 7 of
     * "Differentially private federated temporal difference learning"), planned execution's per-agent streams one
     * agent's symbolic trajectory word-level (Hamming-k, Lemma 1 of "Differential Privacy in Cooperative Multiagent
     * Planning"); a learner that declares none is said to set it.
     */
    @Test
    void theReportNamesTheRelationOfEachFamily(@TempDir Path directory) throws Exception {
        assertRelation(directory, "laplace(epsilon=1, neighbouring=agent)", "any-learner",
                "agent (runs differing in one agent's data)");
        assertRelation(directory, "nashvi-central-counts(epsilon=1)", "dp-nash-vi",
                "user (user sequences differing in one user's episode)");
        assertRelation(directory, "critic-laplace-clipped(epsilon=1, clip=10)", "dpc-marl-a2c",
                "agent (runs differing in one agent's data)");
        assertRelation(directory, "federated-td-noise(scale=2)", "federated-td",
                "agent-reward (runs differing in one agent's reward or cost at one time step (event level))");
        assertRelation(directory, "stub-trajectory", "federated-td", "trajectory (inputs differing in one trajectory)");
        assertRelation(directory, "none", "dp-qd-learning(privatizer=dp-qd-laplace(noise-base=10, q=0.99))",
                "message (runs differing in one sender's messages, each at most the sensitivity apart), of the"
                        + " learner's privatizer dp-qd-laplace(noise-base=10, q=0.99)");
        assertRelation(directory, "none", "federated-td(noise=sound, epsilon=10, delta=1e-6)",
                "agent-reward (runs differing in one agent's reward or cost at one time step (event level)), of the"
                        + " privatizers federated-td builds");
        assertRelation(directory, "none", "planned-execution(epsilon=1, k=3)", "symbolic-trajectory (symbolic state"
                + " trajectories at bounded Hamming distance), of the privatizers planned-execution builds");
        assertRelation(directory, "none", "independent-q",
                "set by the learner's own privatizers (dpmarl list shows each privatizer plugin's relation)");
    }

    private static void assertRelation(Path directory, String privatizer, String learner, String relation)
            throws Exception {
        Path run = Files.createTempDirectory(directory, "run");
        Files.writeString(run.resolve("config.json"), "{\"spec\":{\"name\":\"demo\",\"accountant\":\"basic\","
                + "\"delta\":1e-6,\"privatizer\":\"" + privatizer + "\",\"learner\":\"" + learner + "\"},"
                + "\"experiments\":[]}");
        Files.writeString(run.resolve("privacy.csv"), "# noise=seeded\nexperiment,trial,step,key,releases,epsilon,"
                + "note\ndemo,0,10,agent/0,1,1.0,\n");
        Cli.Result result = Cli.run(loader -> withStub(Registry.discover(loader)), "report", run.toString());
        assertEquals(0, result.code(), result.err());
        String html = Files.readString(run.resolve("report.html"));
        Matcher row = Pattern.compile("<tr><td>demo</td>.*?</tr>", Pattern.DOTALL).matcher(html);
        assertTrue(row.find(), html);
        List<String> cells = new ArrayList<>(List.of(row.group().replaceAll("^<tr><td>|</td></tr>$", "")
                .split("</td><td>", -1)));
        // experiment, key, rows, releases, epsilon, accountant, delta, computed, neighbouring, claimed, note
        assertEquals(11, cells.size(), row.group());
        assertEquals(relation, cells.get(8), privatizer + " / " + learner);
    }

    /** The discovered plugins and a third-party privatizer {@code stub-trajectory} (trajectory relation). */
    private static Registry withStub(Registry found) {
        List<PluginProvider<?>> providers = new ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(new PluginProvider<Privatizer>() {
            @Override
            public PluginKind kind() {
                return PluginKind.PRIVATIZER;
            }

            @Override
            public String name() {
                return "stub-trajectory";
            }

            @Override
            public String description() {
                return "a third-party stub";
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            @Override
            public Privatizer create(Params params, PluginContext context) {
                return new ToyPrivatizer() {
                    @Override
                    public Neighbouring neighbouring() {
                        return Neighbouring.TRAJECTORY;
                    }
                };
            }
        });
        return Registry.of(providers);
    }

    /** The discovered plugins and two third-party learners: one declaring two relations, one whose method fails. */
    private static Registry withLearners(Registry found) {
        List<PluginProvider<?>> providers = new ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(learner("stub-builder", "builds two", List.of(Neighbouring.TRAJECTORY, Neighbouring.AGENT)));
        providers.add(learner("stub-broken", "fails to declare", null));
        return Registry.of(providers);
    }

    /** A learner provider declaring {@code relations}, or failing to when they are null; it builds nothing. */
    private static PluginProvider<Object> learner(String name, String description, List<Neighbouring> relations) {
        return new PluginProvider<>() {
            @Override
            public PluginKind kind() {
                return PluginKind.LEARNER;
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            @Override
            public List<Neighbouring> neighbouringOfBuiltPrivatizers() {
                if (relations == null) {
                    throw new IllegalStateException("broken");
                }
                return relations;
            }

            @Override
            public Object create(Params params, PluginContext context) {
                throw new UnsupportedOperationException("never built by list");
            }
        };
    }
}
