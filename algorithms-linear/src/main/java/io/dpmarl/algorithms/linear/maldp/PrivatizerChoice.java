package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.SpecString;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The two release privatizers of an MA-LDP run (matrix {@code Delta Lambda}, vector {@code Delta u}) resolved from
 * one nested privatizer spec, and what the bonus needs to know about them. For the {@code ma-ldp} privatizer the
 * horizon, {@code nd} and the release kind are filled in; for another privatizer the spec is used for both releases.
 * Empty privatizers mean the non-private baseline.
 *
 * @param matrix    privatizer of {@code Delta Lambda}
 * @param vector    privatizer of {@code Delta u}
 * @param mechanism the MA-LDP mechanism, if the privatizer is {@code ma-ldp} (or none)
 * @param epsilon   the per-user epsilon of the {@code ma-ldp} spec (0 otherwise)
 * @param delta     its delta
 * @param noiseStd  paper-literal per-entry noise std of the mechanism (0 if unknown)
 */
record PrivatizerChoice(Optional<Privatizer> matrix, Optional<Privatizer> vector, Optional<Mechanism> mechanism,
                        double epsilon, double delta, double noiseStd) {

    static PrivatizerChoice of(Optional<String> spec, int horizon, int dimension, PluginContext context) {
        if (spec.isEmpty()) {
            return new PrivatizerChoice(Optional.empty(), Optional.empty(), Optional.of(Mechanism.NONE), 0, 0, 0);
        }
        SpecString parsed = SpecString.parse(spec.get());
        if (!parsed.name().equals("ma-ldp")) {
            Privatizer both = create(spec.get(), context);
            return new PrivatizerChoice(Optional.of(both), Optional.of(both), Optional.empty(), 0, 0, 0);
        }
        Map<String, String> parameters = new LinkedHashMap<>(parsed.parameters());
        parameters.putIfAbsent("horizon", Integer.toString(horizon));
        parameters.putIfAbsent("nd", Integer.toString(dimension));
        parameters.remove("release");
        Mechanism mechanism = Mechanism.parse(parameters.getOrDefault("mechanism", "gaussian"));
        double epsilon = Double.parseDouble(parameters.getOrDefault("epsilon", "NaN"));
        double delta = Double.parseDouble(parameters.getOrDefault("delta", "0.1"));
        Privatizer matrix = create(render(parameters, "matrix"), context);
        Privatizer vector = create(render(parameters, "vector"), context);
        return new PrivatizerChoice(Optional.of(matrix), Optional.of(vector), Optional.of(mechanism), epsilon, delta,
                mechanism.noiseStd(epsilon, delta, horizon, dimension));
    }

    private static String render(Map<String, String> parameters, String release) {
        Map<String, String> full = new LinkedHashMap<>(parameters);
        full.put("release", release);
        return "ma-ldp" + full.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "(", ")"));
    }

    private static Privatizer create(String spec, PluginContext context) {
        return context.registry().create(PluginKind.PRIVATIZER, Privatizer.class, spec, context);
    }

    /** The accountant report of these privatizers for {@code agents} agents and horizon H. */
    AccountantReport report(int agents, int horizon) {
        return AccountantReport.of(matrix.orElseThrow(), vector.orElseThrow(), agents, horizon);
    }
}
