package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.PrivatizerDeclarations;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report names the neighbouring relation each experiment's guarantee holds under, from
 * {@link Privatizer#neighbouring()}, so a third-party privatizer shows its own: the spec's privatizer's, or that of a
 * privatizer written inside the learner spec (a learner parameter of kind privatizer), else it says the learner sets
 * its privatizers up itself. Above the ledger it says once what a release's guarantee and a key's figure protect.
 * The expected texts are the relations' labels (their names in lower case, with hyphens, as the generic privatizers'
 * parameter spells them) and descriptions, written out here.
 */
class RunReportNeighbouringTest {

    /** The toy privatizer declaring {@code relation} instead of the record relation. */
    private static Privatizer declaring(String name, Neighbouring relation) {
        PrivatizerDeclarations toy = PrivatizerDeclarations.toy(name);
        return new ToyPrivatizer(new PrivatizerDeclarations(name, toy.guarantee(), relation, toy.sensitivity(),
                toy.accepts(), toy.event()));
    }

    @Test
    void eachRelationIsPrintedAsItsLabelAndDescription() {
        Map<Neighbouring, String> expected = Map.of(
                Neighbouring.RECORD, "record (datasets differing in one record)",
                Neighbouring.TRAJECTORY, "trajectory (inputs differing in one trajectory)",
                Neighbouring.USER, "user (user sequences differing in one user's episode)",
                Neighbouring.AGENT, "agent (runs differing in one agent's data)",
                Neighbouring.AGENT_REWARD, "agent-reward (runs differing in one agent's reward or cost at one time"
                        + " step (event level))",
                Neighbouring.MESSAGE, "message (runs differing in one sender's messages, each at most the"
                        + " sensitivity apart)",
                Neighbouring.SYMBOLIC_TRAJECTORY, "symbolic-trajectory (symbolic state trajectories at bounded"
                        + " Hamming distance)");
        assertEquals(Neighbouring.values().length, expected.size(), "every relation has an expected text");
        expected.forEach((relation, text) -> assertEquals(text, RunReport.neighbouring(declaring("x", relation))));
    }

    /** A third-party privatizer named by the spec: its own relation shows beside its guarantee. */
    @Test
    void aThirdPartyPrivatizerOfTheSpecShowsItsOwnRelation(@TempDir Path directory) throws Exception {
        String ledger = ledger(directory, "\"privatizer\":\"stub-trajectory\",\"learner\":\"plain\"",
                registry(Optional.empty()));
        assertTrue(ledger.contains("<td>per release: 1.0-DP</td><td>trajectory (inputs differing in one trajectory)"
                + "</td><td>same</td>"), ledger);
    }

    /**
     * A learner whose spec names its privatizer (as {@code dp-qd-learning(privatizer=dp-qd-laplace(...))} does): the
     * guarantee cell still says it is inside the learner, the relation is that privatizer's, naming its spec.
     */
    @Test
    void aPrivatizerWrittenInsideTheLearnerSpecShowsItsRelation(@TempDir Path directory) throws Exception {
        String ledger = ledger(directory, "\"privatizer\":\"none\",\"learner\":\"nesting(privatizer=stub-agent)\"",
                registry(Optional.empty()));
        assertTrue(ledger.contains("<td>inside the learner: nesting(privatizer=stub-agent)</td><td>agent (runs"
                + " differing in one agent's data), of the learner's privatizer stub-agent</td>"), ledger);
    }

    /** A nested privatizer parameter with a default: the default's relation is shown. */
    @Test
    void theDefaultOfTheLearnersPrivatizerParameterIsUsed() {
        Registry registry = registry(Optional.of("stub-trajectory"));
        assertEquals("trajectory (inputs differing in one trajectory), of the learner's privatizer stub-trajectory",
                RunReport.learnerNeighbouring("nesting", Optional.of(registry)));
        assertEquals("agent (runs differing in one agent's data), of the learner's privatizer stub-agent",
                RunReport.learnerNeighbouring("nesting(privatizer=stub-agent)", Optional.of(registry)));
    }

    /**
     * A learner that builds its privatizers itself (no privatizer parameter, or none set), an unknown learner, and no
     * registry: the report says where the relation is decided, never a relation it cannot know.
     */
    @Test
    void aLearnerThatBuildsItsOwnPrivatizersIsSaidToSetTheRelation() {
        Registry registry = registry(Optional.empty());
        assertEquals(RunReport.SET_BY_THE_LEARNER, RunReport.learnerNeighbouring("plain", Optional.of(registry)));
        assertEquals(RunReport.SET_BY_THE_LEARNER, RunReport.learnerNeighbouring("nesting", Optional.of(registry)));
        assertEquals(RunReport.SET_BY_THE_LEARNER, RunReport.learnerNeighbouring("unknown-learner",
                Optional.of(registry)));
        assertEquals("not computed (no plugin registry)",
                RunReport.learnerNeighbouring("nesting(privatizer=stub-agent)", Optional.empty()));
    }

    /**
     * A learner that builds its privatizers in code and declares their relations
     * ({@link PluginProvider#neighbouringOfBuiltPrivatizers()}): each is named with its description, after the relation
     * of a privatizer its spec names, instead of {@link RunReport#SET_BY_THE_LEARNER}.
     */
    @Test
    void aLearnerDeclaringTheRelationsOfThePrivatizersItBuildsShowsThem(@TempDir Path directory) throws Exception {
        Registry registry = registry(Optional.empty());
        assertEquals("agent (runs differing in one agent's data), of the privatizers declaring builds; trajectory"
                + " (inputs differing in one trajectory), of the privatizers declaring builds",
                RunReport.learnerNeighbouring("declaring", Optional.of(registry)));
        assertEquals("trajectory (inputs differing in one trajectory), of the learner's privatizer stub-trajectory;"
                + " agent (runs differing in one agent's data), of the privatizers declaring builds; trajectory"
                + " (inputs differing in one trajectory), of the privatizers declaring builds",
                RunReport.learnerNeighbouring("declaring(privatizer=stub-trajectory)", Optional.of(registry)));
        String ledger = ledger(directory, "\"privatizer\":\"none\",\"learner\":\"declaring\"", registry);
        assertTrue(ledger.contains("<td>inside the learner: declaring</td><td>agent (runs differing in one agent's"
                + " data), of the privatizers declaring builds; trajectory (inputs differing in one trajectory), of the"
                + " privatizers declaring builds</td>"), ledger);
    }

    /**
     * The sentence on what a release's guarantee and a key's figure protect is printed once per page, above the first
     * ledger (here of two runs).
     */
    @Test
    void theUnitIsSaidOnceAboveTheFirstLedger(@TempDir Path directory) throws Exception {
        Path run = run(directory, "\"privatizer\":\"stub-agent\",\"learner\":\"plain\"");
        Path second = run(directory.resolve("second"), "\"privatizer\":\"stub-trajectory\",\"learner\":\"plain\"");
        String html = Files.readString(ReportHtml.write(directory.resolve(ReportHtml.FILE), "demo", Optional.empty(),
                List.of(run, second), Optional.of(registry(Optional.empty()))));
        assertEquals(2, html.split("<table class=\"ledger\">", -1).length - 1, "two ledgers");
        String unit = "<h3>Privacy ledger</h3>\n<p>A release's guarantee holds for one pair of inputs neighbouring"
                + " under the relation shown; a key's epsilon composes every release charged to that key, so the unit"
                + " it protects is everything released under the key (under agent/i, all of agent i's releases, not one"
                + " record).</p>\n<table class=\"ledger\">";
        assertTrue(html.contains(unit), html);
        assertEquals(1, html.split("composes every release charged", -1).length - 1, "said once");
        assertTrue(html.contains("<th>guarantee (computed)</th><th>neighbouring</th><th>guarantee (paper's claim)"
                + "</th>"), html);
    }

    private static Path run(Path directory, String settings) throws Exception {
        Path run = Files.createDirectories(directory.resolve("run"));
        Files.writeString(run.resolve("config.json"), "{\"spec\":{\"name\":\"demo\",\"accountant\":\"basic\","
                + "\"delta\":1e-6," + settings + "},\"experiments\":[]}");
        Files.writeString(run.resolve("privacy.csv"), "# noise=seeded\n" + PrivacyCsv.HEADER + "\n"
                + "demo,0,10,agent/0,1,1.0,\n");
        return run;
    }

    /** The rendered ledger table of a one-key run with the given spec settings. */
    private static String ledger(Path directory, String settings, Registry registry) throws Exception {
        Path run = run(directory, settings);
        String html = Files.readString(ReportHtml.write(directory.resolve(ReportHtml.FILE), "demo", Optional.empty(),
                List.of(run), Optional.of(registry)));
        Matcher ledger = Pattern.compile("<table class=\"ledger\">.*?</table>", Pattern.DOTALL).matcher(html);
        assertTrue(ledger.find(), html);
        return ledger.group();
    }

    /**
     * Two stub privatizers (trajectory and agent relations), a learner {@code nesting} with a privatizer parameter
     * (default {@code privatizerDefault}, or none) and a learner {@code plain} without one.
     */
    private static Registry registry(Optional<String> privatizerDefault) {
        Param nested = Param.plugin("privatizer", PluginKind.PRIVATIZER, "the learner's privatizer")
                .withDefault(privatizerDefault.orElse(Param.NONE));
        return Registry.of(List.of(new StubPrivatizer("stub-trajectory", Neighbouring.TRAJECTORY),
                new StubPrivatizer("stub-agent", Neighbouring.AGENT), new StubLearner("nesting", ParamSpec.of(nested)),
                new StubLearner("plain", ParamSpec.none()), new StubLearner("declaring", ParamSpec.of(nested),
                        List.of(Neighbouring.AGENT, Neighbouring.TRAJECTORY))));
    }

    /** A third-party privatizer plugin without parameters, declaring {@code relation}. */
    private record StubPrivatizer(String name, Neighbouring relation) implements PluginProvider<Privatizer> {
        @Override
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public String description() {
            return "a stub privatizer";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Privatizer create(Params params, PluginContext context) {
            return declaring(name, relation);
        }
    }

    /**
     * A learner plugin the report only reads the parameters and the declared relations of the privatizers it builds
     * of (it is never built).
     */
    private record StubLearner(String name, ParamSpec parameters, List<Neighbouring> built)
            implements PluginProvider<Learner> {
        StubLearner(String name, ParamSpec parameters) {
            this(name, parameters, List.of());
        }

        @Override
        public List<Neighbouring> neighbouringOfBuiltPrivatizers() {
            return built;
        }

        @Override
        public PluginKind kind() {
            return PluginKind.LEARNER;
        }

        @Override
        public String description() {
            return "a stub learner";
        }

        @Override
        public Learner create(Params params, PluginContext context) {
            throw new UnsupportedOperationException("the report never builds a learner");
        }
    }
}
