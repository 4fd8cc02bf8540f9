package io.dpmarl.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamType;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.spi.SpecString;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.HashMap;
import java.util.stream.Stream;

/**
 * What the HTML report shows about one run directory, read from its files: the spec and {@code config.json}, the
 * figures ({@code plots/*.svg}), the privacy ledger per experiment and key at the last reported step (releases
 * and epsilon over the trials, the accountant and delta) with each experiment's privatizer guarantee, computed and
 * claimed, and the neighbouring relation it holds under ({@link Privatizer#neighbouring()}: of the spec's privatizer,
 * of a privatizer written inside the learner spec, or as the learner declares it for the privatizers it builds in
 * code, {@link PluginProvider#neighbouringOfBuiltPrivatizers()}), and the noise mode.
 *
 * @param name     the spec name
 * @param config   {@code config.json} as text
 * @param figures  file name and SVG text of each figure, in file-name order
 * @param ledger   one row per experiment and ledger key
 * @param noise    the noise mode from {@code privacy.csv}, or "unknown"
 */
record RunReport(String name, String config, List<Figure> figures, List<LedgerRow> ledger, String noise) {

    /** A figure: its file name and SVG document. */
    record Figure(String file, String svg) {
    }

    /**
     * The ledger of one experiment and key at its last reported step.
     *
     * @param experiment the experiment label
     * @param key        the ledger key, or a pattern such as {@code user/* (2000 keys)} for keys that differ in ids
     * @param trials     rows summarised: trials times keys when ids are grouped
     * @param releases   releases charged (largest over the trials)
     * @param epsilonMin smallest epsilon over the trials
     * @param epsilonMax largest epsilon over the trials
     * @param accountant the accountant spec
     * @param delta      the delta epsilon is reported at
     * @param computed     the privatizer's guarantee as computed by the framework, or why it is not known
     * @param neighbouring the neighbouring relation of that guarantee (its label and description), or why it is
     *                     not known
     * @param claimed      the guarantee its paper claims, if it differs from the computed one
     * @param note         why the key carries no formal guarantee, or empty
     */
    record LedgerRow(String experiment, String key, int trials, long releases, double epsilonMin, double epsilonMax,
                     String accountant, String delta, String computed, String neighbouring, String claimed,
                     String note) {
    }

    /** Reads a run directory; the registry, if given, instantiates privatizers for their guarantees. */
    static RunReport read(Path directory, Optional<Registry> registry) throws IOException {
        Path configFile = directory.resolve("config.json");
        String config = Files.isRegularFile(configFile) ? Files.readString(configFile, StandardCharsets.UTF_8) : "{}";
        JsonNode root = new ObjectMapper().readTree(config);
        String name = root.path("spec").path("name").asText(directory.getFileName().toString());
        List<Figure> figures = new ArrayList<>();
        Path plots = directory.resolve("plots");
        if (Files.isDirectory(plots)) {
            try (Stream<Path> files = Files.list(plots)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".svg")).sorted().toList()) {
                    figures.add(new Figure(file.getFileName().toString(),
                            Files.readString(file, StandardCharsets.UTF_8)));
                }
            }
        }
        Path privacyFile = directory.resolve("privacy.csv");
        List<LedgerRow> ledger = new ArrayList<>();
        String noise = "unknown";
        if (Files.isRegularFile(privacyFile)) {
            noise = PrivacyCsv.noiseMode(privacyFile).map(NoiseMode::label).orElse("unknown");
            ledger = ledger(privacyFile, root, registry);
        }
        return new RunReport(name, config, figures, ledger, noise);
    }

    private static List<LedgerRow> ledger(Path privacyFile, JsonNode root, Optional<Registry> registry)
            throws IOException {
        // Streamed (LedgerSummary): memory grows with the keys of one trial, not with the rows of the file.
        List<LedgerSummary.Row> summary = LedgerSummary.read(privacyFile);
        List<LedgerRow> ledger = new ArrayList<>();
        Map<String, String[]> settingsOf = new HashMap<>();
        for (LedgerSummary.Row row : summary) {
            String[] settings = settingsOf.computeIfAbsent(row.experiment(), experiment -> {
                JsonNode node = experiment(root, experiment);
                String accountant = node.path("accountant").asText(root.path("spec").path("accountant").asText("?"));
                String delta = node.path("delta").asText(root.path("spec").path("delta").asText("?"));
                String learner = node.path("learner").asText(root.path("spec").path("learner").asText("?"));
                String privatizer = privatizerOf(node.path("grid").path("privatizer")
                        .asText(root.path("spec").path("privatizer").asText("")), learner);
                String[] guarantee = privatizer.isEmpty() || privatizer.equals("none")
                        ? new String[] {"inside the learner: " + learner, "see the claims, if any",
                            learnerNeighbouring(learner, registry)}
                        : guarantee(privatizer, registry);
                return new String[] {accountant, delta, guarantee[0], guarantee[1], guarantee[2]};
            });
            ledger.add(new LedgerRow(row.experiment(), row.key(), row.rows(), row.releases(), row.epsilonMin(),
                    row.epsilonMax(), settings[0], settings[1], settings[2], settings[4], settings[3], row.note()));
        }
        return ledger;
    }

    /**
     * The privatizer an experiment ran with: a spec's {@code privatizer} key (its value, or the grid point's) is the
     * learner's {@code privatizer} parameter, so the experiment's learner spec in {@code config.json} holds it with
     * the grid point's {@code privatizer.<parameter>} values applied ({@link ExperimentPlan#withPrivatizer}); the key's
     * value itself is the base spec's and shows no grid value of a parameter. The key's value when the learner spec
     * names none (a {@code config.json} without experiments), empty when the key is not set.
     */
    static String privatizerOf(String key, String learner) {
        if (key.isEmpty() || key.equals(Param.NONE)) {
            return key;
        }
        try {
            return SpecString.parse(learner).parameters().getOrDefault("privatizer", key);
        } catch (IllegalArgumentException unparsable) {
            return key;
        }
    }

    private static JsonNode experiment(JsonNode root, String label) {
        for (JsonNode experiment : root.path("experiments")) {
            if (experiment.path("label").asText().equals(label)) {
                return experiment;
            }
        }
        JsonNode experiments = root.path("experiments");
        return experiments.size() == 1 ? experiments.get(0) : root.path("spec");
    }

    /**
     * The computed guarantee of {@code privatizer} as the report prints it: its {@link Privatizer#guarantee()} named by
     * what it covers ({@link #scope}), and for a scheduled stream, whose releases charge different events, the
     * schedule with that guarantee named as the first release's, so a growing loss (DP-QD-Learning's
     * {@code nu(t) = s q^t}, q &lt; 1) is not read as every release's.
     */
    static String computed(Privatizer privatizer) {
        String first = privatizer.guarantee().describe();
        if (privatizer.accounting(OptionalLong.empty()) instanceof StreamAccounting.Scheduled scheduled) {
            return "scheduled, release t charges " + scheduled.description() + "; release 0: " + first
                    + " (the ledger composes each release's own event)";
        }
        return scope(privatizer) + first;
    }

    /**
     * What a privatizer's guarantee figure (and its paper's claim) covers, as a prefix of the report's cells: "per
     * release: " (each release charges the same event), "release 0: " (a scheduled stream: the first release's
     * figure; later releases charge other events), "whole stream, charged once: " (an up-front stream), nothing for
     * a nominal stream (no formal guarantee).
     */
    static String scope(Privatizer privatizer) {
        StreamAccounting accounting = privatizer.accounting(OptionalLong.empty());
        if (accounting instanceof StreamAccounting.PerRelease) {
            return "per release: ";
        }
        if (accounting instanceof StreamAccounting.Scheduled) {
            return "release 0: ";
        }
        if (accounting instanceof StreamAccounting.UpFront) {
            return "whole stream, charged once: ";
        }
        return "";
    }

    /**
     * The paper's claim as the report prints it, with the same {@link #scope} as the computed figure (release 0's for
     * a scheduled stream such as DP-QD-Learning's); empty when the paper claims what is computed.
     */
    static String claimed(Privatizer privatizer) {
        String first = privatizer.guarantee().describe();
        return privatizer.claimedGuarantee().map(PrivacyGuarantee::describe).filter(text -> !text.equals(first))
                .map(text -> scope(privatizer) + text).orElse("");
    }

    /**
     * The neighbouring relation of a privatizer as the report prints it: its label (as the generic privatizers'
     * parameter {@code neighbouring} spells it) and what two neighbouring inputs are, for example
     * {@code agent (runs differing in one agent's data)}.
     */
    static String neighbouring(Privatizer privatizer) {
        Neighbouring relation = privatizer.neighbouring();
        return relation.label() + " (" + relation.description() + ")";
    }

    /**
     * What the report says of the relation when the learner sets its privatizers up itself without declaring their
     * relations ({@link PluginProvider#neighbouringOfBuiltPrivatizers()}).
     */
    static final String SET_BY_THE_LEARNER = "set by the learner's own privatizers (dpmarl list shows each privatizer"
            + " plugin's relation)";

    /**
     * The relation of the privatizers written inside the learner spec (a parameter of the learner of kind privatizer,
     * as in {@code dp-qd-learning(privatizer=dp-qd-laplace(...))}), each followed by the spec it was read from, then
     * the relations the learner declares for the privatizers it builds in code
     * ({@link PluginProvider#neighbouringOfBuiltPrivatizers()}, as {@code federated-td} does for its master's noise),
     * each followed by {@code of the privatizers <learner> builds}; {@link #SET_BY_THE_LEARNER} when there is none of
     * either or they cannot be built here.
     */
    static String learnerNeighbouring(String learner, Optional<Registry> registry) {
        if (registry.isEmpty()) {
            return "not computed (no plugin registry)";
        }
        try {
            SpecString parsed = SpecString.parse(learner);
            PluginProvider<?> provider = registry.get().provider(PluginKind.LEARNER, parsed.name());
            List<String> relations = new ArrayList<>();
            for (Param param : provider.parameters().params()) {
                if (param.type() != ParamType.PLUGIN
                        || !param.pluginKind().equals(Optional.of(PluginKind.PRIVATIZER))) {
                    continue;
                }
                String spec = parsed.parameters().getOrDefault(param.name(),
                        param.defaultValue().map(String::valueOf).orElse(Param.NONE));
                if (!spec.equals(Param.NONE)) {
                    Privatizer instance = registry.get().create(PluginKind.PRIVATIZER, Privatizer.class, spec);
                    relations.add(neighbouring(instance) + ", of the learner's " + param.name() + " " + spec);
                }
            }
            for (Neighbouring relation : provider.neighbouringOfBuiltPrivatizers()) {
                relations.add(relation.label() + " (" + relation.description() + "), of the privatizers "
                        + parsed.name() + " builds");
            }
            return relations.isEmpty() ? SET_BY_THE_LEARNER : String.join("; ", relations);
        } catch (RuntimeException notBuilt) {
            return SET_BY_THE_LEARNER;
        }
    }

    /**
     * {computed, claimed, neighbouring} for a privatizer spec; claimed is empty when the paper claims what is
     * computed.
     */
    private static String[] guarantee(String privatizer, Optional<Registry> registry) {
        if (registry.isEmpty()) {
            return new String[] {"not computed (no plugin registry)", "not computed", "not computed (no plugin "
                    + "registry)"};
        }
        try {
            Privatizer instance = registry.get().create(PluginKind.PRIVATIZER, Privatizer.class, privatizer);
            return new String[] {computed(instance), claimed(instance), neighbouring(instance)};
        } catch (RuntimeException needsContext) {
            return new String[] {"set up by the learner at run time (" + privatizer + ")", "not computed",
                "not computed"};
        }
    }
}
