package io.dpmarl.core.experiment;

import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;

/**
 * A spec's {@code claims} key resolved against the registry: the reproduction that judges the run, the bundled spec
 * whose claims apply, and whether that spec belongs to the quick setting. {@code dpmarl run} resolves it before it
 * writes anything, so a run whose claims could never be evaluated is refused, and {@code dpmarl claims} resolves it
 * again to judge the run. Carries no privacy guarantee of its own.
 *
 * @param reproduction the reproduction plugin named before the slash
 * @param spec         the bundled spec named after it
 * @param quick        true if {@code spec} is one of the quick setting's specs (else it is a full one)
 */
public record ClaimsTarget(Reproduction reproduction, String spec, boolean quick) {

    /**
     * Resolves {@code <paper>/<bundled spec>}.
     *
     * @throws IllegalArgumentException naming {@code claims} if the paper is not a reproduction plugin, or naming the
     *                                  reproduction's specs if it has no bundled spec of that name
     */
    public static ClaimsTarget resolve(String target, Registry registry) {
        int slash = target.indexOf('/');
        if (slash <= 0 || slash == target.length() - 1) {
            throw new IllegalArgumentException("claims must be <paper>/<bundled spec>, got '" + target + "'");
        }
        String paper = target.substring(0, slash);
        String name = target.substring(slash + 1);
        Reproduction reproduction;
        try {
            reproduction = registry.create(PluginKind.REPRODUCTION, Reproduction.class, paper);
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("claims: " + unknown.getMessage(), unknown);
        }
        boolean quick = reproduction.specs(false).stream().anyMatch(bundled -> bundled.name().equals(name));
        if (!quick && reproduction.specs(true).stream().noneMatch(bundled -> bundled.name().equals(name))) {
            List<String> known = new ArrayList<>();
            for (boolean full : new boolean[] {false, true}) {
                reproduction.specs(full).stream().map(BundledSpec::name).filter(n -> !known.contains(n))
                        .forEach(known::add);
            }
            throw new IllegalArgumentException("claims: reproduction '" + paper + "' has no bundled spec '" + name
                    + "'; its specs: " + (known.isEmpty() ? "none" : String.join(", ", known)));
        }
        return new ClaimsTarget(reproduction, name, quick);
    }
}
