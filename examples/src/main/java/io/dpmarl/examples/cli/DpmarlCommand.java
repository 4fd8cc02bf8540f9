package io.dpmarl.examples.cli;

import io.dpmarl.core.spi.Registry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The top-level {@code dpmarl} command: holds the plugin folders and the registry its sub-commands share.
 * Plugin jars come from {@code ./plugins/}, from {@code plugins/} next to the launcher, from the folders of the
 * system property {@code dpmarl.plugins} (path-separator list) and from every {@code --plugins DIR}; they are
 * added to a {@link java.net.URLClassLoader} whose {@link java.util.ServiceLoader} view is the {@link Registry}
 * ({@link PluginJars}). {@code --version} prints the version, the code fingerprint and the plugin jars a run's
 * {@code config.json} records ({@link VersionProvider}).
 */
@Command(name = "dpmarl", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Differentially private multi-agent reinforcement learning and planning.",
        subcommands = {ListCommand.class, RunCommand.class, MergeCommand.class, ReproduceCommand.class,
            ClaimsCommand.class, PlotCommand.class, ReportCommand.class, PrivacyCommand.class, SampleCommand.class,
            AuditCommand.class},
        footer = {"", "Exit codes: 0 success, 1 a reproduction claim failed, a run crashed or an audit refuted its "
            + "privatizer, 2 bad input."})
public final class DpmarlCommand implements Runnable {
    /** The default plugin folder, relative to the working directory. */
    public static final Path DEFAULT_PLUGINS = Path.of("plugins");
    /** The system property holding the launcher's folder, whose {@code plugins/} is also read. */
    public static final String HOME_PROPERTY = "dpmarl.home";

    @Option(names = "--plugins", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Folder of plugin jars to add (repeatable; ./plugins, plugins/ next to the dpmarl "
                    + "launcher and -Ddpmarl.plugins are always read).")
    List<Path> pluginFolders = new ArrayList<>();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    private final Function<ClassLoader, Registry> discovery;
    private ClassLoader loader;
    private List<String> warnings = List.of();
    private List<java.nio.file.Path> jars = List.of();
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
            PluginJars.Loaded loaded = PluginJars.load(folders(), DpmarlCommand.class.getClassLoader());
            loader = loaded.loader();
            warnings = loaded.warnings();
            jars = loaded.jars();
        }
        return loader;
    }

    /** The plugin jars {@link #pluginLoader} loaded, in load order (empty before it ran). */
    synchronized List<java.nio.file.Path> pluginJars() {
        return jars;
    }

    /** Warnings found while loading the plugin jars (a class in two jars), once {@link #pluginLoader} ran. */
    synchronized List<String> pluginWarnings() {
        return warnings;
    }

    /**
     * The plugin folders in lookup order: {@code ./plugins}, {@code plugins} next to the launcher (the system
     * property {@value #HOME_PROPERTY}, which the {@code dpmarl} script sets), the folders of
     * {@code -Ddpmarl.plugins}, then every {@code --plugins DIR}. The first two may be missing; the others must exist.
     */
    List<PluginJars.Folder> folders() {
        List<PluginJars.Folder> folders = new ArrayList<>();
        folders.add(new PluginJars.Folder(DEFAULT_PLUGINS, false));
        String home = System.getProperty(HOME_PROPERTY);
        if (home != null && !home.isBlank()) {
            folders.add(new PluginJars.Folder(Path.of(home.trim()).resolve(DEFAULT_PLUGINS), false));
        }
        String property = System.getProperty("dpmarl.plugins");
        if (property != null && !property.isBlank()) {
            for (String folder : property.split(java.io.File.pathSeparator)) {
                if (!folder.isBlank()) {
                    folders.add(new PluginJars.Folder(Path.of(folder.trim()), true));
                }
            }
        }
        for (Path folder : pluginFolders) {
            folders.add(new PluginJars.Folder(folder, true));
        }
        return folders;
    }

    /** The registry of every discovered plugin (built once). */
    synchronized Registry registry() {
        if (registry == null) {
            try {
                registry = discovery.apply(pluginLoader());
            } catch (IllegalStateException clash) {
                // Two plugins with one name (for example a plugin named like a built-in): the user's set-up is
                // wrong, not the program, so it is bad input (exit 2, one line).
                throw new IllegalArgumentException(clash.getMessage(), clash);
            }
        }
        return registry;
    }
}
