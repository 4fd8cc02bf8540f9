package io.dpmarl.examples.cli;

import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl list [--kind KIND]}: every discovered plugin of each kind with its description and its
 * parameters (type, default, accepted range). Kept free of Guice, Jackson and XChart so that it starts
 * fast.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every discovered plugin of each kind with its parameters.")
final class ListCommand implements Callable<Integer> {
    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--kind", paramLabel = "KIND",
            description = "Only this kind: environment, privatizer, accountant, event, learner, planner, reproduction.")
    String kind;

    @Override
    public Integer call() {
        PluginKind only = null;
        if (kind != null) {
            try {
                only = PluginKind.valueOf(kind.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("unknown kind '" + kind + "'; accepted: environment, privatizer, "
                        + "accountant, event, learner, planner, reproduction");
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
            for (PluginProvider<?> provider : registry.list(pluginKind)) {
                out.println("  " + provider.name() + "  " + provider.description());
                for (Param param : provider.parameters().params()) {
                    out.println("      " + param.name() + " (" + param.typeLabel()
                            + ", " + param.defaultValue().map(value -> "default " + value).orElse("required")
                            + ", " + param.range() + "): " + param.description());
                }
            }
            out.println();
        }
        out.flush();
        return Main.OK;
    }
}
