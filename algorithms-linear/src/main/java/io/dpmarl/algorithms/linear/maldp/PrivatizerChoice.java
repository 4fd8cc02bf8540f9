package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
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
 * @param noiseStd  per-entry noise std of a paper-literal {@code ma-ldp} privatizer at its own horizon, nd and uniform
 *                  formula (0 if unknown: the sound calibration, another privatizer, none)
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
            requireSensitivity(both, horizon, dimension);
            return new PrivatizerChoice(Optional.of(both), Optional.of(both), Optional.empty(), 0, 0, 0);
        }
        Map<String, String> parameters = new LinkedHashMap<>(parsed.parameters());
        parameters.putIfAbsent("horizon", Integer.toString(horizon));
        parameters.putIfAbsent("nd", Integer.toString(dimension));
        requireAtLeast(parameters.get("horizon"), horizon, "horizon", " (the learner clips ||phi_V|| and V to the "
                + "environment's H = " + horizon + ", the bound the noise must be calibrated for)");
        requireAtLeast(parameters.get("nd"), dimension, "nd", " (the feature dimension d = " + dimension
                + " of the released statistics)");
        parameters.remove("release");
        Mechanism mechanism = Mechanism.parse(parameters.getOrDefault("mechanism", "gaussian"));
        double epsilon = Double.parseDouble(parameters.getOrDefault("epsilon", "NaN"));
        double delta = Double.parseDouble(parameters.getOrDefault("delta", "0.1"));
        Privatizer matrix = create(render(parameters, "matrix"), context);
        Privatizer vector = create(render(parameters, "vector"), context);
        return new PrivatizerChoice(Optional.of(matrix), Optional.of(vector), Optional.of(mechanism), epsilon, delta,
                paperNoiseStd(parameters, mechanism, epsilon, delta));
    }

    /**
     * The per-entry noise std of the nested {@code ma-ldp} privatizer when its calibration is paper-literal, from the
     * horizon, nd and uniform formula it was built with (not the learner's, which may be smaller); 0 (unknown) for
     * the sound calibration, whose noise is calibrated from the corrected sensitivities and is not the paper's. The
     * privatizer was built first, so the integers parse.
     */
    private static double paperNoiseStd(Map<String, String> parameters, Mechanism mechanism, double epsilon,
                                        double delta) {
        if (!parameters.getOrDefault("calibration", "sound").trim().equals("paper-literal")) {
            return 0.0;
        }
        return mechanism.noiseStd(epsilon, delta, Integer.parseInt(parameters.get("horizon").trim()),
                Integer.parseInt(parameters.get("nd").trim()),
                !parameters.getOrDefault("uniform-formula", "sqrt").trim().equals("no-sqrt"));
    }

    /**
     * Refuses a nested {@code ma-ldp} {@code horizon} or {@code nd} below the learner's: the noise would be
     * calibrated for a smaller bound than the statistics the learner releases (a larger value only adds noise).
     * A value that is not an integer is left to the privatizer's own refusal.
     */
    private static void requireAtLeast(String given, int least, String name, String why) {
        long value;
        try {
            value = Long.parseLong(given.trim());
        } catch (NumberFormatException notInteger) {
            return;
        }
        if (value < least) {
            throw new IllegalArgumentException(MaLdpProvider.NAME + ": the privatizer's " + name + " must be in ["
                    + least + ", inf)" + why + ", got " + given.trim());
        }
    }

    /**
     * Refuses a third-party privatizer whose declared sensitivity is below what one release of the clipped
     * statistics can move between two users (MA-LDP Appendix D, the matrix corrected): {@code 2 H^2} in L2 and
     * L-infinity, {@code (d + 1) H^2} in L1 (the matrix's upper triangle, the larger of the two L1 bounds, since
     * {@code d + 1 >= 2 sqrt(d)}). The same privatizer releases both statistics. A Hamming sensitivity (a
     * categorical privatizer) bounds no numeric distance and is refused. A non-private privatizer promises nothing
     * and is not checked.
     */
    private static void requireSensitivity(Privatizer privatizer, int horizon, int dimension) {
        if (privatizer.guarantee() instanceof PrivacyGuarantee.NonPrivate) {
            return;
        }
        Sensitivity declared = privatizer.sensitivity();
        Sensitivity.requireNumeric(MaLdpProvider.NAME + ": the privatizer " + privatizer.name()
                + " releases the clipped statistics", declared.norm());
        double squared = (double) horizon * horizon;
        double needed = declared.norm() == Sensitivity.Norm.L1 ? (dimension + 1.0) * squared : 2.0 * squared;
        if (!(declared.value() >= needed)) {
            throw new IllegalArgumentException(MaLdpProvider.NAME + ": the privatizer's sensitivity must be in ["
                    + needed + ", inf) (" + declared.norm() + "; the learner clips ||phi_V|| and V to H = " + horizon
                    + ", so one release moves by at most this much between users), got " + declared.value());
        }
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

    /**
     * The accountant report of these privatizers for {@code agents} agents, horizon H and {@code episodes} users;
     * {@code crossUser} as in {@link AccountantReport#of}.
     */
    AccountantReport report(int agents, int horizon, long episodes, boolean crossUser) {
        return AccountantReport.of(matrix.orElseThrow(), vector.orElseThrow(), agents, horizon, episodes, crossUser);
    }
}
