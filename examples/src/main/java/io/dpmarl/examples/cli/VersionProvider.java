package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.CodeIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What {@code dpmarl --version} prints: {@code dpmarl <version>} and {@code code_sha256 <hex>}, the running dpmarl's
 * {@link CodeIdentity}, then one line {@code plugin <file name> sha256 <hex>} per plugin jar loaded, in load order
 * (none without plugin jars): the {@code "build"} entry that a run's {@code config.json} records (and that
 * {@code --resume}, shards and {@code dpmarl merge} compare). No privacy guarantee of its own: it only names code.
 */
final class VersionProvider implements IVersionProvider {
    /** The command whose {@code --version} this is, injected by picocli (null when constructed directly). */
    @Spec
    CommandSpec spec;

    /** The two lines {@code --version} prints for {@code code} without plugin jars. */
    static String[] lines(CodeIdentity code) {
        return lines(code, List.of());
    }

    /**
     * The lines {@code --version} prints for {@code code} and the plugin jars, in load order: each named by its file
     * name and the SHA-256 of its bytes, as {@code config.json}'s {@code "build"} entry names it.
     */
    static String[] lines(CodeIdentity code, List<Path> pluginJars) {
        List<String> lines = new ArrayList<>(List.of("dpmarl " + code.version(), "code_sha256 " + code.sha256()));
        for (Path jar : pluginJars) {
            lines.add("plugin " + jar.getFileName() + " sha256 " + CodeIdentity.sha256(jar));
        }
        return lines.toArray(String[]::new);
    }

    @Override
    public String[] getVersion() {
        List<Path> pluginJars = List.of();
        if (spec != null && spec.userObject() instanceof DpmarlCommand command) {
            // The command line loads the plugin jars before it prints the version; loading is done once.
            command.pluginLoader();
            pluginJars = command.pluginJars();
        }
        return lines(CodeIdentity.running(), pluginJars);
    }
}
