package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.core.spi.SpecString;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * {@link PluginProvider#exampleSpec()} of the privatizers whose defaults do not build alone ({@code uniform},
 * {@code discrete-gaussian}: "give exactly one of ...") or whose required graph no range suggests
 * ({@code symbolic-trajectory}): each is declared, names its plugin, builds, and gives the guarantee derived here
 * from its parameters. Deterministic.
 */
class ExampleSpecsTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Privatizer example(String name) {
        PluginProvider<?> provider = REGISTRY.provider(PluginKind.PRIVATIZER, name);
        String spec = provider.exampleSpec().orElseThrow(() -> new AssertionError(name + " declares no example"));
        assertEquals(name, SpecString.parse(spec).name(), spec);
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    /**
     * a = 1, sensitivity 1, the default m = 4096 coordinates: the noise grid is r = 2^-39 (a / r in [2^39, 2^40)),
     * K = a / r = 2^39 steps each side, so delta = (sensitivity + m r) / ((2K + 1) r) = (1 + 2^-27) / (2 + 2^-39),
     * just above sensitivity / (2a) = 0.5 (up to the rounding up of three operations).
     */
    @Test
    void uniformExampleIsHalfWidthOne() {
        Privatizer uniform = example("uniform");
        PrivacyGuarantee.ApproxDp guarantee = assertInstanceOf(PrivacyGuarantee.ApproxDp.class, uniform.guarantee());
        assertEquals(0, guarantee.epsilon());
        assertEquals((1 + 0x1p-27) / (2 + 0x1p-39), guarantee.delta(), 1e-15);
        assertTrue(guarantee.delta() > 0.5, guarantee.toString());
        assertEquals("per-release", uniform.accounting(OptionalLong.empty()).mode());
    }

    /** sigma = 2 (exact in 20 bits), sensitivity 1: rho = 1 / (2 * 2^2) = 0.125, rounded up by at most 1e-12. */
    @Test
    void discreteGaussianExampleIsSigmaTwo() {
        Privatizer discreteGaussian = example("discrete-gaussian");
        PrivacyGuarantee.Zcdp guarantee = assertInstanceOf(PrivacyGuarantee.Zcdp.class, discreteGaussian.guarantee());
        assertTrue(guarantee.rho() >= 0.125 && guarantee.rho() <= 0.125 + 1e-12, guarantee.toString());
        assertEquals("per-release", discreteGaussian.accounting(OptionalLong.empty()).mode());
    }

    /** epsilon 1 for a whole trajectory, charged once up front for the declared length (here 7 steps). */
    @Test
    void symbolicTrajectoryExampleIsOneWordDpTrajectory() {
        Privatizer trajectory = example("symbolic-trajectory");
        assertEquals(new PrivacyGuarantee.PureDp(1), trajectory.guarantee());
        StreamAccounting.UpFront accounting = assertInstanceOf(StreamAccounting.UpFront.class,
                trajectory.accounting(OptionalLong.of(7)));
        assertEquals(7, accounting.length());
    }

    /** Every declared example of any plugin on this class path names its own plugin and resolves its parameters. */
    @Test
    void everyDeclaredExampleNamesItsPluginAndResolves() {
        List<String> declared = new ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            for (PluginProvider<?> provider : REGISTRY.list(kind)) {
                provider.exampleSpec().ifPresent(spec -> {
                    assertEquals(provider.name(), SpecString.parse(spec).name(), spec);
                    REGISTRY.params(kind, spec);
                    declared.add(provider.name());
                });
            }
        }
        assertTrue(declared.containsAll(List.of("uniform", "discrete-gaussian", "symbolic-trajectory")),
                declared.toString());
    }
}
