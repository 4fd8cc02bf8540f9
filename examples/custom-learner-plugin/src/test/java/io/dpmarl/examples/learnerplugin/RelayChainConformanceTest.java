package io.dpmarl.examples.learnerplugin;

import io.dpmarl.core.conformance.EnvironmentConformance;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/**
 * The environment conformance kit on {@code relay-chain}, one line per configuration: metadata, the reset/step
 * contract, refused joint actions, seed determinism, and (it offers a {@code TabularModel}) the model's rows and a
 * chi-square test of {@code step} against them at a false-rejection rate of 1e-6.
 */
class RelayChainConformanceTest {
    private final Registry registry = Registry.discover();

    @Test
    void conformsWithDefaults() {
        EnvironmentConformance.check(() -> registry.create(PluginKind.ENVIRONMENT, Environment.class, "relay-chain"));
    }

    @Test
    void conformsWithASlipperyShortChain() {
        EnvironmentConformance.check(() -> registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "relay-chain(length=2, slip=0.5, horizon=3)"));
    }
}
