package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance kit ({@link PrivatizerConformance#check}, which includes the per-release stream contract of
 * {@code checkStream}) on every privatizer of this module, in several configurations each: every calibration,
 * every MA-LDP mechanism and release shape, both ways of giving the discrete Gaussian and uniform budgets.
 * Every mechanisms privatizer is per-release (stateless); the binary-tree counters are not privatizers and never
 * touch a ledger (checked by a source scan).
 */
class MechanismsConformanceTest {
    private static final Registry REGISTRY = Registry.discover();

    static Stream<String> specs() {
        return Stream.of(
                "laplace(epsilon=0.5, sensitivity=2)",
                "gaussian(epsilon=0.5, delta=1e-5)",
                "gaussian(epsilon=2, delta=1e-6, calibration=analytic, sensitivity=3)",
                "gaussian-zcdp(rho=0.1)",
                "discrete-laplace(epsilon=1, sensitivity=2)",
                "discrete-gaussian(sigma=2)",
                "discrete-gaussian(rho=0.05, sensitivity=2)",
                "uniform(a=5)",
                "uniform(delta=0.1)",
                "bounded-laplace(epsilon=1, bound=5)",
                "randomized-response(epsilon=1, k=4)",
                "non-private",
                "ma-ldp(mechanism=gaussian, calibration=paper-literal, epsilon=1)",
                "ma-ldp(mechanism=gaussian, calibration=sound, epsilon=1, release=matrix, nd=2)",
                "ma-ldp(mechanism=laplace, calibration=paper-literal, epsilon=1, release=matrix, nd=2)",
                "ma-ldp(mechanism=laplace, calibration=sound, epsilon=1)",
                "ma-ldp(mechanism=uniform, calibration=paper-literal, epsilon=1, uniform-formula=no-sqrt)",
                "ma-ldp(mechanism=uniform, calibration=sound, epsilon=1)",
                "ma-ldp(mechanism=bounded-laplace, calibration=paper-literal, epsilon=1)",
                "ma-ldp(mechanism=bounded-laplace, calibration=sound, epsilon=1)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void conforms(String spec) {
        Privatizer privatizer = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
        PrivatizerConformance.check(privatizer);
        assertTrue(privatizer.accounting(OptionalLong.of(10)) instanceof StreamAccounting.PerRelease,
                spec + ": the mechanisms privatizers are per-release");
    }

    @Test
    void everyPrivatizerOfThisModuleIsInTheList() {
        Set<String> covered = new TreeSet<>();
        specs().forEach(spec -> covered.add(spec.contains("(") ? spec.substring(0, spec.indexOf('(')) : spec));
        Set<String> ours = new TreeSet<>();
        for (PluginProvider<?> provider : REGISTRY.list(PluginKind.PRIVATIZER)) {
            // The stateful up-front trajectory privatizer has its own conformance test (trajectory package).
            if (provider.getClass().getPackageName().startsWith("io.dpmarl.mechanisms")
                    && !provider.getClass().getPackageName().startsWith("io.dpmarl.mechanisms.trajectory")) {
                ours.add(provider.name());
            }
        }
        assertEquals(ours, covered);
    }

    /** No main class of this module calls PrivacyLedger.charge: releases are charged by the core streams. */
    @Test
    void noMechanismsClassChargesALedger() throws IOException {
        Path main = Path.of("src/main/java");
        assertTrue(Files.isDirectory(main), "run from the mechanisms module directory");
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders = files.filter(path -> path.toString().endsWith(".java")).filter(path -> {
                try {
                    return Files.readString(path).contains(".charge(");
                } catch (IOException unreadable) {
                    return true;
                }
            }).toList();
        }
        assertEquals(List.of(), offenders);
        try (Stream<Path> counters = Files.list(main.resolve("io/dpmarl/mechanisms/counters"))) {
            assertTrue(counters.count() >= 3, "the counters package was not found");
        }
    }
}
