package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * {@code dpmarl list} shows every privatizer's true accounting mode: for each privatizer on the class path (the
 * bundled ones and the example plugin {@code clipped-laplace}) the mode in brackets equals the mode of an instance
 * built here from valid parameters chosen in this test, and the mode this test expects from the privatizer's
 * documented accounting. A third-party privatizer whose parameters no range suggests, and that declares no example,
 * still gets the fallback text; one that declares an example gets its mode. Deterministic.
 */
class ListAccountingModesTest {

    /**
     * A valid spec of every privatizer (chosen here, deliberately not its example spec) and the mode its documentation
     * states: additive and discrete noise, randomized response, MA-LDP and DP-Nash-VI's local counts charge each
     * release; binary-tree counts (central and the non-private ones), whole-run federated noise and word-DP
     * trajectories charge the whole stream when it opens; DP-QD-Learning's noise decays per round; DPC-MARL's
     * data-dependent noise has no proven guarantee.
     */
    private static final Map<String, Expected> EXPECTED = Map.ofEntries(
            entry("laplace(epsilon=2, sensitivity=3)", "per-release"),
            entry("gaussian(epsilon=0.5, delta=1e-5)", "per-release"),
            entry("gaussian-zcdp(rho=0.5)", "per-release"),
            entry("bounded-laplace(epsilon=1, bound=4)", "per-release"),
            entry("discrete-laplace(epsilon=1)", "per-release"),
            entry("discrete-gaussian(rho=0.5, sensitivity=2)", "per-release"),
            entry("uniform(delta=0.1)", "per-release"),
            entry("randomized-response(epsilon=1, k=4)", "per-release"),
            entry("non-private", "per-release"),
            entry("ma-ldp(epsilon=1)", "per-release"),
            entry("clipped-laplace(epsilon=1, bound=2)", "per-release"),
            entry("symbolic-trajectory(epsilon=2, k=2, successors=0>1|1>2|2>0 1 2)", "up-front"),
            entry("critic-laplace-clipped(epsilon=1, clip=10)", "per-release"),
            entry("critic-laplace-nominal(s-gain=0.1)", "nominal"),
            entry("nashvi-central-counts(epsilon=1, horizon=2)", "up-front"),
            entry("nashvi-local-counts(epsilon=1, horizon=2)", "per-release"),
            entry("nashvi-non-private(horizon=2)", "up-front"),
            entry("dp-qd-laplace(noise-base=5, q=0.9)", "scheduled"),
            entry("federated-td-noise(scale=2)", "up-front"));

    /** A privatizer spec and the mode this test expects for it. */
    private record Expected(String spec, String mode) {
    }

    private static Map.Entry<String, Expected> entry(String spec, String mode) {
        return Map.entry(spec.contains("(") ? spec.substring(0, spec.indexOf('(')) : spec, new Expected(spec, mode));
    }

    @Test
    void everyPrivatizerShowsTheModeOfAnInstanceBuiltWithValidParameters() {
        Registry registry = Registry.discover();
        Cli.Result listed = Cli.run("list", "--kind", "privatizer");
        assertEquals(0, listed.code(), listed.err());
        List<String> missing = new ArrayList<>();
        for (PluginProvider<?> provider : registry.list(PluginKind.PRIVATIZER)) {
            Expected expected = EXPECTED.get(provider.name());
            if (expected == null) {
                missing.add(provider.name());
                continue;
            }
            Privatizer privatizer = registry.create(PluginKind.PRIVATIZER, Privatizer.class, expected.spec());
            // a declared length of 10 releases: up-front privatizers need one, the others ignore it
            assertEquals(expected.mode(), privatizer.accounting(OptionalLong.of(10)).mode(), expected.spec());
            assertTrue(listed.out().contains("\n  " + provider.name() + " [" + expected.mode() + "]  "),
                    provider.name() + " should be listed as [" + expected.mode() + "]:\n" + listed.out());
        }
        assertTrue(missing.isEmpty(), "privatizers without a spec and mode in EXPECTED: " + missing);
        assertFalse(listed.out().contains(ListCommand.UNKNOWN_MODE), listed.out());
    }

    @Test
    void theDeclaredExampleIsListedUnderItsPlugin() {
        Cli.Result listed = Cli.run("list", "--kind", "privatizer");
        assertTrue(listed.out().contains("\n  uniform [per-release]  ") && listed.out().contains(
                "\n      example: uniform(a=1, sensitivity=1)\n"), listed.out());
        assertTrue(listed.out().contains("\n      example: symbolic-trajectory(epsilon=1, k=1, successors=0>0 1|1>0 1)"
                + "\n"), listed.out());
    }

    /**
     * A privatizer whose one required parameter is a graph written as text ({@code a>b}): no value inside a range
     * builds it, so without an example {@code list} shows the fallback; with an example it shows the example's mode
     * (up-front); an example naming another plugin ({@code laplace}, per-release) or one that does not build is
     * ignored, so the fallback shows again rather than a mode that is not this plugin's.
     */
    @Test
    void aThirdPartyPrivatizerWithUnguessableParametersGetsTheFallbackOrItsDeclaredMode() {
        Cli.Result result = Cli.run(loader -> {
            Registry found = Registry.discover(loader);
            List<PluginProvider<?>> providers = new ArrayList<>();
            for (PluginKind kind : PluginKind.values()) {
                providers.addAll(found.list(kind));
            }
            providers.add(new GraphPrivatizerProvider("graph-toy", Optional.empty()));
            providers.add(new GraphPrivatizerProvider("declared-toy", Optional.of("declared-toy(graph=a>b)")));
            providers.add(new GraphPrivatizerProvider("misnamed-toy", Optional.of("laplace(epsilon=1)")));
            providers.add(new GraphPrivatizerProvider("broken-toy", Optional.of("broken-toy(graph=nonsense)")));
            return Registry.of(providers);
        }, "list", "--kind", "privatizer");
        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().contains("\n  graph-toy [accounting depends on parameters]  a graph privatizer\n"),
                result.out());
        assertTrue(result.out().contains("\n  declared-toy [up-front]  a graph privatizer\n"
                + "      example: declared-toy(graph=a>b)\n"), result.out());
        assertTrue(result.out().contains("\n  misnamed-toy [accounting depends on parameters]  a graph privatizer\n"
                + "      graph "), result.out());
        assertTrue(result.out().contains("\n  broken-toy [accounting depends on parameters]  a graph privatizer\n"
                + "      example: broken-toy(graph=nonsense)\n"), result.out());
        assertTrue(result.out().contains("\n  laplace [per-release]  "), result.out());
    }

    /** A third-party privatizer with one required parameter, a graph {@code from>to}; anything else is refused. */
    private record GraphPrivatizerProvider(String name, Optional<String> example)
            implements PluginProvider<Privatizer> {
        @Override
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public String description() {
            return "a graph privatizer";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(Param.string("graph", "an edge 'from>to'"));
        }

        @Override
        public Optional<String> exampleSpec() {
            return example;
        }

        @Override
        public Privatizer create(Params params, PluginContext context) {
            if (!params.string("graph").matches("[a-z]+>[a-z]+")) {
                throw new IllegalArgumentException(name + ": parameter 'graph' must be an edge from>to, got '"
                        + params.string("graph") + "'");
            }
            return new ToyPrivatizer() {
                @Override
                public StreamAccounting accounting(OptionalLong length) {
                    return new StreamAccounting.UpFront(event(), length.orElseThrow(() ->
                            new IllegalArgumentException(name + " needs the stream length")));
                }
            };
        }
    }
}
