package io.dpmarl.core.spi;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * All plugins found by {@link ServiceLoader} on a class loader, by kind and name. Resolves spec
 * strings such as {@code laplace(epsilon=0.5, sensitivity=1)} into instances, with errors that list
 * what is accepted: unknown names list the known ones (with a "did you mean" for a likely typo), unknown
 * parameters the accepted ones. Two different provider classes with the same kind and name are refused with an
 * {@link IllegalStateException} naming both classes and where each was loaded from; so is a provider that cannot be
 * loaded (a service file naming a missing class, a class compiled for a newer Java, a missing dependency), with the
 * jar whose service file lists it.
 */
public final class Registry {
    private final Map<PluginKind, Map<String, PluginProvider<?>>> providers = new EnumMap<>(PluginKind.class);

    private Registry(Iterable<PluginProvider<?>> found) {
        for (PluginKind kind : PluginKind.values()) {
            providers.put(kind, new TreeMap<>());
        }
        for (PluginProvider<?> provider : found) {
            Map<String, PluginProvider<?>> byName = providers.get(provider.kind());
            PluginProvider<?> previous = byName.putIfAbsent(provider.name(), provider);
            if (previous != null && previous.getClass() != provider.getClass()) {
                throw new IllegalStateException("two " + provider.kind().label() + " plugins are named '"
                        + provider.name() + "': " + previous.getClass().getName() + origin(previous) + " and "
                        + provider.getClass().getName() + origin(provider) + "; rename one of them");
            }
        }
    }

    /** Where a provider's class was loaded from, as {@code " (in LOCATION)"}, or empty if unknown. */
    private static String origin(PluginProvider<?> provider) {
        java.security.CodeSource source = provider.getClass().getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "";
        }
        try {
            return " (in " + java.nio.file.Path.of(source.getLocation().toURI()) + ")";
        } catch (java.net.URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return " (in " + source.getLocation() + ")";
        }
    }

    /** The plugins visible to the thread's context class loader. */
    public static Registry discover() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return discover(loader == null ? Registry.class.getClassLoader() : loader);
    }

    /**
     * The plugins visible to the given class loader (for example one that adds a {@code plugins/} folder).
     *
     * @throws IllegalStateException if two providers share a kind and name, or a listed provider cannot be loaded
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Registry discover(ClassLoader loader) {
        List<PluginProvider<?>> found = new ArrayList<>();
        try {
            for (PluginProvider provider : ServiceLoader.load(PluginProvider.class, loader)) {
                found.add(provider);
            }
        } catch (ServiceConfigurationError | LinkageError unloadable) {
            throw new IllegalStateException("a plugin cannot be loaded: " + oneLine(unloadable.getMessage())
                    + listedIn(loader, unloadable), unloadable);
        }
        return new Registry(found);
    }

    private static String oneLine(String message) {
        return message == null ? "unknown error" : message.replaceAll("\\s+", " ").trim();
    }

    /**
     * Where the provider an error names is listed, as {@code " (listed in LOCATION)"}: the jar or folder of the
     * first service file that lists a class the error's message (or its cause's) names; empty if none does.
     */
    private static String listedIn(ClassLoader loader, Throwable error) {
        String text = error.getMessage() + " " + (error.getCause() == null ? "" : error.getCause().getMessage());
        try {
            Enumeration<URL> files = loader.getResources("META-INF/services/" + PluginProvider.class.getName());
            while (files.hasMoreElements()) {
                URL file = files.nextElement();
                try (InputStream in = file.openStream()) {
                    for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                        String name = line.replaceAll("#.*", "").trim();
                        if (!name.isEmpty() && (mentions(text, name) || mentions(text, name.replace('.', '/')))) {
                            return " (listed in " + location(file) + ")";
                        }
                    }
                }
            }
        } catch (IOException unreadable) {
            return "";
        }
        return "";
    }

    /** True if {@code text} holds {@code name} not as part of a longer name. */
    private static boolean mentions(String text, String name) {
        return java.util.regex.Pattern.compile("(?<![\\w$./])" + java.util.regex.Pattern.quote(name)
                + "(?![\\w$])").matcher(text).find();
    }

    /** The jar or folder a service file comes from. */
    private static String location(URL file) {
        String text = file.toString();
        if (text.startsWith("jar:") && text.contains("!/")) {
            text = text.substring("jar:".length(), text.indexOf("!/"));
        } else if (text.endsWith("META-INF/services/" + PluginProvider.class.getName())) {
            text = text.substring(0, text.length() - ("META-INF/services/" + PluginProvider.class.getName()).length());
        }
        try {
            return java.nio.file.Path.of(new URL(text).toURI()).toString();
        } catch (IOException | java.net.URISyntaxException | IllegalArgumentException
                 | java.nio.file.FileSystemNotFoundException notAFile) {
            return text;
        }
    }

    /** A registry of exactly the given providers (tests, embedded use). */
    public static Registry of(List<PluginProvider<?>> providers) {
        return new Registry(providers);
    }

    /** The providers of a kind, sorted by name. */
    public List<PluginProvider<?>> list(PluginKind kind) {
        return Collections.unmodifiableList(new ArrayList<>(providers.get(kind).values()));
    }

    /**
     * The provider of a kind and name, or an error listing the known names: {@code unknown KIND plugin 'NAME';
     * known: a, b} or, for a likely typo, {@code unknown KIND plugin 'NAME'; did you mean 'a'? Known: a, b}.
     */
    public PluginProvider<?> provider(PluginKind kind, String name) {
        PluginProvider<?> provider = providers.get(kind).get(name);
        if (provider == null) {
            Set<String> known = providers.get(kind).keySet();
            throw new IllegalArgumentException("unknown " + kind.label() + " plugin '" + name + "'"
                    + NameSuggestion.closest(name, known).map(match -> "; did you mean '" + match + "'? Known: ")
                            .orElse("; known: ")
                    + (known.isEmpty() ? "none" : String.join(", ", known)));
        }
        return provider;
    }

    /**
     * Resolves a spec string's parameters against the provider without creating anything, nested plugin
     * parameters ({@link Param#plugin}) included: each must name a plugin of its kind whose own parameters resolve.
     */
    public Params params(PluginKind kind, String spec) {
        SpecString parsed = SpecString.parse(spec);
        PluginProvider<?> provider = provider(kind, parsed.name());
        Params params = provider.parameters().resolve(parsed.name(), parsed.parameters());
        for (Param param : provider.parameters().params()) {
            if (param.type() != ParamType.PLUGIN) {
                continue;
            }
            String value = params.string(param.name());
            if (param.acceptsNone() && value.equals(Param.NONE)) {
                continue;
            }
            PluginKind nested = param.pluginKind().orElseThrow();
            try {
                params(nested, value);
            } catch (IllegalArgumentException invalid) {
                throw new IllegalArgumentException(parsed.name() + ": parameter '" + param.name() + "' must be "
                        + param.range() + ": " + invalid.getMessage(), invalid);
            }
        }
        return params;
    }

    /** Creates the plugin a spec string names. */
    @SuppressWarnings("unchecked")
    public <T> T create(PluginKind kind, Class<T> type, String spec, PluginContext context) {
        if (!type.isAssignableFrom(kind.type())) {
            throw new IllegalArgumentException(kind.label() + " plugins create " + kind.type().getSimpleName()
                    + ", not " + type.getSimpleName());
        }
        SpecString parsed = SpecString.parse(spec);
        PluginProvider<?> provider = provider(kind, parsed.name());
        Params params = params(kind, spec);
        return (T) provider.create(params, context);
    }

    /** Creates a plugin outside any experiment ({@link PluginContext#standalone}). */
    public <T> T create(PluginKind kind, Class<T> type, String spec) {
        return create(kind, type, spec, PluginContext.standalone(this));
    }
}
