package io.dpmarl.examples.cli;

import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The top-level {@code dpmarl} command: holds the plugin folders and the registry its sub-commands share.
 * Plugin jars come from {@code ./plugins/}, from the folders of the system property {@code dpmarl.plugins}
 * (path-separator list) and from every {@code --plugins DIR}; they are added to a {@link URLClassLoader}
 * whose {@link java.util.ServiceLoader} view is the {@link Registry}.
 */
@Command(name = "dpmarl", mixinStandardHelpOptions = true, version = "dpmarl 0.1.0-SNAPSHOT",
        description = "Differentially private multi-agent reinforcement learning and planning.",
        subcommands = {ListCommand.class, RunCommand.class, MergeCommand.class, ReproduceCommand.class,
            ClaimsCommand.class, PlotCommand.class, PrivacyCommand.class, SampleCommand.class},
        footer = {"", "Exit codes: 0 success, 1 a reproduction claim failed or a run crashed, 2 bad input."})
public final class DpmarlCommand implements Runnable {
    /** The default plugin folder, relative to the working directory. */
    public static final Path DEFAULT_PLUGINS = Path.of("plugins");

    @Option(names = "--plugins", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Folder of plugin jars to add (repeatable; ./plugins and -Ddpmarl.plugins are always read).")
    List<Path> pluginFolders = new ArrayList<>();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    private final Function<ClassLoader, Registry> discovery;
    private ClassLoader loader;
    private Registry registry;

    /** A command that discovers plugins with {@link Registry#discover(ClassLoader)}. */
    public DpmarlCommand() {
        this(Registry::discover);
    }

    DpmarlCommand(Function<ClassLoader, Registry> discovery) {
        this.discovery = discovery;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The class loader that sees the built-in plugins and every plugin jar. */
    synchronized ClassLoader pluginLoader() {
        if (loader == null) {
            List<Path> folders = new ArrayList<>();
            folders.add(DEFAULT_PLUGINS);
            String property = System.getProperty("dpmarl.plugins");
            if (property != null && !property.isBlank()) {
                for (String folder : property.split(java.io.File.pathSeparator)) {
                    if (!folder.isBlank()) {
                        folders.add(Path.of(folder.trim()));
                    }
                }
            }
            folders.addAll(pluginFolders);
            List<URL> jars = new ArrayList<>();
            for (Path folder : folders) {
                jars.addAll(jars(folder, folder != DEFAULT_PLUGINS));
            }
            ClassLoader parent = DpmarlCommand.class.getClassLoader();
            loader = jars.isEmpty() ? parent : new URLClassLoader(jars.toArray(URL[]::new), parent);
        }
        return loader;
    }

    private static List<URL> jars(Path folder, boolean required) {
        if (!Files.isDirectory(folder)) {
            if (required) {
                throw new IllegalArgumentException("plugin folder '" + folder + "' does not exist");
            }
            return List.of();
        }
        List<URL> jars = new ArrayList<>();
        try (var files = Files.list(folder)) {
            for (Path file : files.sorted().toList()) {
                if (file.getFileName().toString().endsWith(".jar") && Files.isRegularFile(file)) {
                    jars.add(file.toUri().toURL());
                }
            }
        } catch (MalformedURLException impossible) {
            throw new IllegalStateException(impossible);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        return jars;
    }

    /** The registry of every discovered plugin (built once). */
    synchronized Registry registry() {
        if (registry == null) {
            registry = discovery.apply(pluginLoader());
        }
        return registry;
    }
}
