package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A tiny reproduction for the CLI tests, not registered as a service (tests add it to the registry): one bundled spec
 * {@code tiny} and one gated claim, the privacy spent at the last episode. Its expected value is derived, not
 * measured: Laplace releases of epsilon 1, one per agent and stage, 3 stages per episode, composed per agent by the
 * basic accountant, give 3 x episodes. A run with another epsilon fails the gate.
 */
final class TestReproduction implements Reproduction {
    static final String PAPER = "test-paper";

    /** The registry found on {@code loader} plus this reproduction and, if {@code claimText} is given, a second one. */
    static Function<ClassLoader, Registry> discovery(String... extraClaims) {
        return loader -> {
            Registry found = Registry.discover(loader);
            List<PluginProvider<?>> providers = new ArrayList<>();
            for (PluginKind kind : PluginKind.values()) {
                if (kind != PluginKind.REPRODUCTION) {
                    providers.addAll(found.list(kind));
                }
            }
            providers.add(provider(PAPER, new TestReproduction(List.of(extraClaims))));
            return Registry.of(providers);
        };
    }

    private final List<String> extraClaims;

    private TestReproduction(List<String> extraClaims) {
        this.extraClaims = extraClaims;
    }

    @Override
    public String paperId() {
        return PAPER;
    }

    @Override
    public List<BundledSpec> specs(boolean full) {
        return List.of(new BundledSpec("tiny", "specs/test-paper/tiny-quick.yaml"));
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        List<Claim> claims = new ArrayList<>();
        if (inputs.has("tiny")) {
            List<MetricRecord> spent = inputs.metrics("tiny").stream()
                    .filter(record -> record.metric().equals("epsilon_spent")).toList();
            long last = spent.stream().mapToLong(MetricRecord::step).max().orElse(0);
            double measured = spent.stream().filter(record -> record.step() == last)
                    .mapToDouble(MetricRecord::value).max().orElse(Double.NaN);
            double expected = 3.0 * last;
            claims.add(Claim.check(PAPER, "epsilon_spent at the last episode = 3 x episodes",
                    Double.toString(expected), Double.toString(measured), Math.abs(measured - expected) < 1e-9));
        }
        for (String text : extraClaims) {
            claims.add(Claim.recorded(PAPER, text, "-", "-"));
        }
        return claims;
    }

    private static PluginProvider<Reproduction> provider(String name, Reproduction reproduction) {
        return new PluginProvider<>() {
            public PluginKind kind() {
                return PluginKind.REPRODUCTION;
            }

            public String name() {
                return name;
            }

            public String description() {
                return "test reproduction";
            }

            public ParamSpec parameters() {
                return ParamSpec.none();
            }

            public Reproduction create(Params params, PluginContext context) {
                return reproduction;
            }
        };
    }
}
