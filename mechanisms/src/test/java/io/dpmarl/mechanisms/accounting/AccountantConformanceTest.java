package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.conformance.AccountantConformance;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs core's accountant conformance kit (deterministic, no false rejections) on every accountant of this
 * package, as created from its spec string through the registry.
 */
class AccountantConformanceTest {
    private static final Registry REGISTRY = Registry.discover();

    @ParameterizedTest
    @ValueSource(strings = {"rdp", "rdp(conversion=classic)", "zcdp", "basic", "basic(gaussian-delta=1e-7)",
        "advanced", "advanced(variant=kov-bound)", "advanced(variant=drv)"})
    void conforms(String spec) {
        AccountantConformance.check(() -> REGISTRY.create(PluginKind.ACCOUNTANT, Accountant.class, spec));
    }
}
