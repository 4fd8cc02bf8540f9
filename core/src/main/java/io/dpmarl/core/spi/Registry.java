package io.dpmarl.core.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * All plugins found by {@link ServiceLoader} on a class loader, by kind and name. Resolves spec
 * strings such as {@code laplace(epsilon=0.5, sensitivity=1)} into instances, with errors that list
 * what is accepted: unknown names list the known ones (with a "did you mean" for a likely typo), unknown
 * parameters the accepted ones. Two different provider classes with the same kind and name are refused with an
 * {@link IllegalStateException} naming both classes and where each was loaded from.
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

    /** The plugins visible to the given class loader (for example one that adds a {@code plugins/} folder). */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Registry discover(ClassLoader loader) {
        List<PluginProvider<?>> found = new ArrayList<>();
        for (PluginProvider provider : ServiceLoader.load(PluginProvider.class, loader)) {
            found.add(provider);
        }
        return new Registry(found);
    }

    /** A registry of exactly the given providers (tests, embedded use). */
    public static Registry of(List<PluginProvider<?>> providers) {
        return new Registry(providers);
    }

    /** The providers of a kind, sorted by name. */
    public List<PluginProvider<?>> list(PluginKind kind) {
        return Collections.unmodifiableList(new ArrayList<>(providers.get(kind).values()));
    }

    /** The provider of a kind and name, or an error listing the known names. */
    public PluginProvider<?> provider(PluginKind kind, String name) {
        PluginProvider<?> provider = providers.get(kind).get(name);
        if (provider == null) {
            throw new IllegalArgumentException("unknown " + kind.label() + " plugin '" + name + "'"
                    + NameSuggestion.hint(name, providers.get(kind).keySet()) + "; known: "
                    + (providers.get(kind).isEmpty() ? "none" : String.join(", ", providers.get(kind).keySet())));
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
