package io.dpmarl.examples.cli;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl list [--kind KIND]}: every discovered plugin of each kind with its description and its
 * parameters (type, default, accepted range; nested plugin parameters show as {@code <privatizer plugin>}),
 * privatizers with their accounting mode ({@code [per-release]}, {@code [up-front]}, ...) and the neighbouring relation
 * their guarantee holds under ({@link Privatizer#neighbouring()}, so a third-party privatizer shows its own; once per
 * listing, what a release's guarantee and a ledger key's figure protect), under a learner that builds its privatizers
 * in code the relations it declares for them ({@link PluginProvider#neighbouringOfBuiltPrivatizers()}, worded as the
 * run report's ledger words them), the example spec a plugin declares ({@link PluginProvider#exampleSpec()}), and the
 * metrics a plugin declares it records. Kept free of Guice,
 * Jackson and the plotting classes so that it starts fast.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every discovered plugin of each kind with its parameters.")
final class ListCommand implements Callable<Integer> {
    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--kind", paramLabel = "KIND",
            description = "Only this kind: environment, privatizer, accountant, event, learner, planner, evaluator, "
                    + "reproduction.")
    String kind;

    @Override
    public Integer call() {
        PluginKind only = null;
        if (kind != null) {
            try {
                only = PluginKind.valueOf(kind.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("unknown kind '" + kind + "'; accepted: " + String.join(", ",
                        Arrays.stream(PluginKind.values()).map(PluginKind::label).toList()));
            }
        }
        Registry registry = parent.registry();
        PrintWriter out = spec.commandLine().getOut();
        for (PluginKind pluginKind : PluginKind.values()) {
            if (only != null && pluginKind != only) {
                continue;
            }
            out.println(pluginKind.label() + " plugins (" + registry.list(pluginKind).size() + "):");
            if (registry.list(pluginKind).isEmpty()) {
                out.println("  (none)");
            }
            if (pluginKind == PluginKind.PRIVATIZER && !registry.list(pluginKind).isEmpty()) {
                out.println(UNIT);
            }
            for (PluginProvider<?> provider : registry.list(pluginKind)) {
                Optional<Privatizer> built = pluginKind == PluginKind.PRIVATIZER ? built(registry, provider)
                        : Optional.empty();
                String mode = pluginKind == PluginKind.PRIVATIZER ? " [" + built.map(ListCommand::accountingMode)
                        .orElse(UNKNOWN_MODE) + "]" : "";
                out.println("  " + provider.name() + mode + "  " + provider.description());
                example(provider).ifPresent(example -> out.println("      example: " + example));
                built.ifPresent(privatizer -> out.println("      " + neighbouring(provider, privatizer)));
                builtNeighbouring(provider).forEach(out::println);
                if (!provider.metrics().isEmpty()) {
                    out.println("      records: " + String.join(", ", provider.metrics()));
                }
                for (Param param : provider.parameters().params()) {
                    out.println("      " + param.name() + " (" + param.typeLabel()
                            + ", " + param.defaultValue().map(value -> "default " + value).orElse("required")
                            + ", " + param.range() + "): " + param.description());
                }
            }
            out.println();
        }
        if (only == null) {
            out.println("metrics every run records: " + io.dpmarl.core.pipeline.Pipeline.EPISODE_RETURN + ", "
                    + io.dpmarl.core.pipeline.Pipeline.AGENT_RETURN_PREFIX
                    + "<i> (one per agent, with several agents), "
                    + io.dpmarl.core.pipeline.Pipeline.EPSILON_SPENT + " (once the ledger is charged), "
                    + io.dpmarl.core.pipeline.Pipeline.EVALUATION_RETURN + " (when the schedule evaluates); plugins "
                    + "add those listed under 'records'");
        }
        out.flush();
        return Main.OK;
    }

    /** What {@code list} shows for a privatizer whose instance it cannot build. */
    static final String UNKNOWN_MODE = "accounting depends on parameters";

    /**
     * Said once above the privatizers: what a release's guarantee and a ledger key's figure protect (see
     * {@link Neighbouring}).
     */
    static final String UNIT = "  (a guarantee, of one release or one up-front stream, holds for one pair of inputs"
            + " neighbouring under the relation;\n   a ledger key's epsilon composes every release charged to the key,"
            + " so it protects everything released under it)";

    /**
     * The line naming a privatizer's neighbouring relation, for example {@code neighbouring: agent (runs differing in
     * one agent's data)}, read from the instance {@code list} built ({@link #built}); for a privatizer with a parameter
     * {@code neighbouring} (the generic ones) it says the relation shown is that parameter's value there (its default,
     * unless the example sets it).
     */
    static String neighbouring(PluginProvider<?> provider, Privatizer privatizer) {
        Neighbouring relation = privatizer.neighbouring();
        boolean parameter = provider.parameters().params().stream().anyMatch(param -> param.name().equals(
                NEIGHBOURING));
        return "neighbouring: " + relation.label() + " (" + relation.description() + ")"
                + (parameter ? ", set by parameter " + NEIGHBOURING : "");
    }

    /**
     * The lines naming the relations of the privatizers a plugin builds in code
     * ({@link PluginProvider#neighbouringOfBuiltPrivatizers()}), worded as the run report's ledger words them, two
     * lines per relation so that each stays within 120 characters, for example
     * {@code neighbouring: agent-reward (runs differing in one agent's reward or cost at one time step (event level)),}
     * then {@code of the privatizers federated-td builds}; none if the plugin declares none, or its method fails.
     */
    static List<String> builtNeighbouring(PluginProvider<?> provider) {
        List<Neighbouring> relations;
        try {
            relations = provider.neighbouringOfBuiltPrivatizers();
        } catch (RuntimeException broken) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        for (Neighbouring relation : relations == null ? List.<Neighbouring>of() : relations) {
            if (relation != null) {
                lines.add("      neighbouring: " + relation.label() + " (" + relation.description() + "),");
                lines.add("        of the privatizers " + provider.name() + " builds");
            }
        }
        return lines;
    }

    /** The name of the generic privatizers' parameter that chooses their relation. */
    private static final String NEIGHBOURING = "neighbouring";

    /** The accounting mode of a built privatizer (with a declared length of 1 if it needs one). */
    private static String accountingMode(Privatizer privatizer) {
        try {
            return privatizer.accounting(OptionalLong.empty()).mode();
        } catch (IllegalArgumentException needsLength) {
            return privatizer.accounting(OptionalLong.of(1)).mode();
        }
    }

    /**
     * An instance of the privatizer built from the provider's {@link PluginProvider#exampleSpec()} if it declares one
     * that names it and builds, else from the defaults with, for each required parameter, a value inside its range;
     * empty if none of these builds, or its accounting mode or neighbouring relation cannot be read.
     */
    static Optional<Privatizer> built(Registry registry, PluginProvider<?> provider) {
        List<String> specs = new ArrayList<>();
        example(provider).ifPresent(specs::add);
        specs.addAll(guessedSpecs(provider));
        for (String candidate : specs) {
            try {
                Privatizer privatizer = registry.create(PluginKind.PRIVATIZER, Privatizer.class, candidate);
                accountingMode(privatizer);
                if (privatizer.neighbouring() != null) {
                    return Optional.of(privatizer);
                }
            } catch (RuntimeException inconsistent) {
                // try the next candidate
            }
        }
        return Optional.empty();
    }

    /**
     * The provider's {@link PluginProvider#exampleSpec()} if it is a spec string of this plugin (not of another one);
     * empty if it declares none, or a malformed one, or its method fails.
     */
    static Optional<String> example(PluginProvider<?> provider) {
        try {
            Optional<String> example = provider.exampleSpec();
            return example != null && example.isPresent()
                    && io.dpmarl.core.spi.SpecString.parse(example.get()).name().equals(provider.name())
                    ? example : Optional.empty();
        } catch (RuntimeException broken) {
            return Optional.empty();
        }
    }

    /** The defaults with each required parameter set to the candidate values in turn, while every one has a value. */
    private static List<String> guessedSpecs(PluginProvider<?> provider) {
        List<String> specs = new ArrayList<>();
        for (double candidate : CANDIDATES) {
            StringJoiner spec = new StringJoiner(", ", provider.name() + "(", ")");
            for (Param param : provider.parameters().params()) {
                if (param.defaultValue().isEmpty()) {
                    Optional<String> value = guess(param, candidate);
                    if (value.isEmpty()) {
                        return specs;
                    }
                    spec.add(param.name() + "=" + value.get());
                }
            }
            specs.add(spec.toString());
        }
        return specs;
    }

    /** Values tried in turn for every required number (the first inside its range is used). */
    private static final double[] CANDIDATES = {0.5, 2, 10, 0.1};

    /** A value inside a required parameter's range, if one is easy to name. */
    private static Optional<String> guess(Param param, double candidate) {
        switch (param.type()) {
            case BOOLEAN -> {
                return Optional.of("false");
            }
            case STRING -> {
                return Optional.of(param.choices().isEmpty() ? "x" : param.choices().get(0));
            }
            case REAL, INTEGER, LONG -> {
                boolean real = param.type() == io.dpmarl.core.spi.ParamType.REAL;
                double value = real ? candidate : Math.ceil(candidate);
                for (double option : new double[] {value, value + Math.max(0, param.min()), (param.min()
                        + param.max()) / 2}) {
                    String text = real ? Double.toString(option) : Long.toString((long) Math.ceil(option));
                    try {
                        param.parse("list", text);
                        return Optional.of(text);
                    } catch (IllegalArgumentException outOfRange) {
                        // next option
                    }
                }
                return Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
    }
}
