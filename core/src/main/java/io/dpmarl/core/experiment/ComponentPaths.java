package io.dpmarl.core.experiment;

import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.SpecString;

/**
 * Setting one parameter of a component's spec string by a dotted path: {@code <parameter>} sets a parameter of the
 * component, and {@code <parameter>.<path>} reaches into the plugin spec that a plugin parameter holds, so
 * {@code learner.privatizer.noise-base=20} sets the noise base in
 * {@code learner: dp-qd-learning(privatizer=dp-qd-laplace(noise-base=10, ...))} ({@link ExperimentSpec#with}). The
 * nested spec must be written in the spec string: a default is not known without the registry. No privacy guarantee
 * is involved: this edits spec text.
 */
final class ComponentPaths {
    private ComponentPaths() {
    }

    /** True if {@code spec} sets {@code parameter} (false if it is blank or does not parse: binding reports that). */
    static boolean sets(String spec, String parameter) {
        try {
            return !spec.isBlank() && SpecString.parse(spec).parameters().containsKey(parameter);
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    /**
     * {@code spec} (the value of {@code prefix}) with the parameter at {@code path} set to {@code value}.
     *
     * @param key                the whole key, for messages
     * @param topLevelPrivatizer whether the experiment spec has a privatizer key of its own (a learner that sets no
     *                           privatizer then gets its privatizer from there, and the message says so)
     * @throws IllegalArgumentException if the path names no parameter, a parameter set to none, or a value that is
     *                                  not a plugin spec
     */
    static String set(String key, String prefix, String spec, String path, String value, boolean topLevelPrivatizer) {
        SpecString parsed = SpecString.parse(spec);
        int dot = path.indexOf('.');
        if (dot < 0 || parsed.parameters().containsKey(path)) {
            return ExperimentSpec.withParameter(spec, path, value);
        }
        String head = path.substring(0, dot);
        String nested = parsed.parameters().get(head);
        if (nested == null || nested.trim().equals(Param.NONE)) {
            if (prefix.equals("learner") && head.equals("privatizer") && topLevelPrivatizer) {
                throw new IllegalArgumentException("cannot set '" + key + "': the learner spec sets no privatizer; "
                        + "the spec's privatizer key gives it: set privatizer." + path.substring(dot + 1) + "="
                        + value + " instead");
            }
            throw new IllegalArgumentException("cannot set '" + key + "': " + prefix + " '" + spec + "' sets "
                    + (nested == null ? "no '" + head + "'" : "'" + head + "' to none") + "; give it whole first, with "
                    + prefix + "." + head + "=<plugin spec>");
        }
        try {
            SpecString.parse(nested);
        } catch (IllegalArgumentException notASpec) {
            throw new IllegalArgumentException("cannot set '" + key + "': " + prefix + "." + head + " is '" + nested
                    + "', not a plugin spec with parameters", notASpec);
        }
        return ExperimentSpec.withParameter(spec, head,
                set(key, prefix + "." + head, nested, path.substring(dot + 1), value, topLevelPrivatizer));
    }
}
