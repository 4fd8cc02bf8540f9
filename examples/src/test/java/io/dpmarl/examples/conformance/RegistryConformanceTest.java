package io.dpmarl.examples.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpmarl.core.conformance.AccountantConformance;
import io.dpmarl.core.conformance.EnvironmentConformance;
import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs the conformance kit of the core test-jar against every plugin of kind ENVIRONMENT, PRIVATIZER
 * and ACCOUNTANT that {@link Registry#discover()} finds on the test class path: all built-in plugins and
 * the example plugin {@code clipped-laplace} (a test-scoped dependency of this module). New plugins are
 * picked up automatically.
 *
 * <p>Each plugin is created with its default parameters. A plugin with a required parameter (one without
 * a default) must have a sample spec in {@link #SAMPLE_SPECS} or an {@link PluginProvider#exampleSpec()}; a plugin
 * with none of them fails its case with a message that says what to add. A plugin's own example spec is also
 * checked on its own ({@link #exampleSpecsConform}), since {@code dpmarl list} shows it to users. The kits are
 * deterministic apart from the environment kit's chi-square
 * test of {@code step} against a tabular model, whose false-rejection rate is 1e-6 per environment.
 */
class RegistryConformanceTest {
    private static final Registry REGISTRY = Registry.discover();

    /**
     * Sample specs, keyed {@code kind/name}, for plugins with parameters that have no default. The values
     * are typical, valid settings: epsilon 1 (0.5 where a calibration needs epsilon below 1), delta 1e-5,
     * rho 0.5.
     */
    static final Map<String, String> SAMPLE_SPECS = Map.ofEntries(
            Map.entry("privatizer/laplace", "laplace(epsilon=1)"),
            Map.entry("privatizer/gaussian", "gaussian(epsilon=0.5, delta=1e-5)"),
            Map.entry("privatizer/gaussian-zcdp", "gaussian-zcdp(rho=0.5)"),
            Map.entry("privatizer/bounded-laplace", "bounded-laplace(epsilon=1, bound=4)"),
            Map.entry("privatizer/discrete-laplace", "discrete-laplace(epsilon=1)"),
            Map.entry("privatizer/discrete-gaussian", "discrete-gaussian(sigma=2)"),
            Map.entry("privatizer/ma-ldp", "ma-ldp(epsilon=1)"),
            Map.entry("privatizer/randomized-response", "randomized-response(epsilon=1, k=4)"),
            Map.entry("privatizer/uniform", "uniform(delta=0.1)"));

    /** One plugin to check: its kind, name and the spec it is created with (null if it has none). */
    record PluginCase(PluginKind kind, String name, String spec) {
        @Override
        public String toString() {
            return kind.label() + " " + (spec == null ? name : spec);
        }
    }

    static Stream<PluginCase> plugins() {
        List<PluginCase> cases = new ArrayList<>();
        for (PluginKind kind : List.of(PluginKind.ENVIRONMENT, PluginKind.PRIVATIZER, PluginKind.ACCOUNTANT)) {
            for (PluginProvider<?> provider : REGISTRY.list(kind)) {
                cases.add(new PluginCase(kind, provider.name(), specFor(kind, provider)));
            }
        }
        return cases.stream();
    }

    /**
     * The plugin's sample spec if it has one (also used when the defaults alone are not a valid combination,
     * for example "give exactly one of sigma and rho"), else its own example spec, else its name if every parameter
     * has a default, else null.
     */
    static String specFor(PluginKind kind, PluginProvider<?> provider) {
        String sample = SAMPLE_SPECS.get(kind.label() + "/" + provider.name());
        if (sample != null) {
            return sample;
        }
        if (provider.exampleSpec().isPresent()) {
            return provider.exampleSpec().get();
        }
        boolean allDefaults = provider.parameters().params().stream().allMatch(p -> p.defaultValue().isPresent());
        if (allDefaults) {
            return provider.name();
        }
        return null;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void pluginConforms(PluginCase plugin) {
        if (plugin.spec() == null) {
            PluginProvider<?> provider = REGISTRY.provider(plugin.kind(), plugin.name());
            List<String> required = provider.parameters().params().stream().filter(p -> p.defaultValue().isEmpty())
                    .map(Param::name).toList();
            fail(plugin.kind().label() + " plugin '" + plugin.name() + "' has parameters without defaults " + required
                    + ": give them defaults, give the provider an exampleSpec(), or add a sample spec \""
                    + plugin.kind().label() + "/" + plugin.name() + "\" to RegistryConformanceTest.SAMPLE_SPECS");
        }
        switch (plugin.kind()) {
            case ENVIRONMENT -> EnvironmentConformance.check(
                    () -> REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, plugin.spec()));
            case PRIVATIZER -> PrivatizerConformance.check(
                    REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, plugin.spec()));
            case ACCOUNTANT -> AccountantConformance.check(
                    () -> REGISTRY.create(PluginKind.ACCOUNTANT, Accountant.class, plugin.spec()));
            default -> fail("no conformance kit for kind " + plugin.kind());
        }
    }

    static Stream<PluginCase> exampleSpecs() {
        List<PluginCase> cases = new ArrayList<>();
        for (PluginKind kind : List.of(PluginKind.ENVIRONMENT, PluginKind.PRIVATIZER, PluginKind.ACCOUNTANT)) {
            for (PluginProvider<?> provider : REGISTRY.list(kind)) {
                provider.exampleSpec().ifPresent(spec -> cases.add(new PluginCase(kind, provider.name(), spec)));
            }
        }
        return cases.stream();
    }

    /** A plugin's example spec (shown by {@code dpmarl list}) must name the plugin and pass its kit. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("exampleSpecs")
    void exampleSpecsConform(PluginCase plugin) {
        assertTrue(plugin.spec().equals(plugin.name()) || plugin.spec().startsWith(plugin.name() + "("),
                "the example spec " + plugin.spec() + " must name its plugin " + plugin.name());
        pluginConforms(plugin);
    }

    @Test
    void someBuiltInPluginsGiveExampleSpecs() {
        assertTrue(exampleSpecs().count() >= 3,
                "uniform, discrete-gaussian and symbolic-trajectory give example specs");
    }

    @Test
    void examplePluginIsAmongTheCheckedPlugins() {
        assertTrue(plugins().anyMatch(c -> c.kind() == PluginKind.PRIVATIZER && c.name().equals("clipped-laplace")),
                "the example plugin clipped-laplace must be discovered on the test class path");
    }

    @Test
    void builtInPrivatizersAndAccountantsAreChecked() {
        assertFalse(REGISTRY.list(PluginKind.PRIVATIZER).size() < 2,
                "expected built-in privatizers besides the example");
        assertFalse(REGISTRY.list(PluginKind.ACCOUNTANT).isEmpty(), "expected built-in accountants");
    }

    @Test
    void everySampleSpecNamesADiscoveredPlugin() {
        for (String key : SAMPLE_SPECS.keySet()) {
            String[] parts = key.split("/", 2);
            PluginKind kind = PluginKind.valueOf(parts[0].toUpperCase(java.util.Locale.ROOT));
            assertTrue(REGISTRY.list(kind).stream().anyMatch(p -> p.name().equals(parts[1])),
                    "SAMPLE_SPECS has an entry for " + key + " but no such plugin is discovered");
        }
    }
}
