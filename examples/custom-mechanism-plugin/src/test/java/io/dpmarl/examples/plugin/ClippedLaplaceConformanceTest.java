package io.dpmarl.examples.plugin;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/** Runs the dpmarl conformance kit on the plugin, as a plugin author would: one line per configuration. */
class ClippedLaplaceConformanceTest {
    private final Registry registry = Registry.discover();

    @Test
    void scalarConfigurationConforms() {
        PrivatizerConformance.check(registry.create(PluginKind.PRIVATIZER, Privatizer.class, "clipped-laplace"));
    }

    @Test
    void vectorConfigurationConforms() {
        PrivatizerConformance.check(registry.create(PluginKind.PRIVATIZER, Privatizer.class,
                "clipped-laplace(epsilon=0.5, bound=2, dimension=3)"));
    }
}
