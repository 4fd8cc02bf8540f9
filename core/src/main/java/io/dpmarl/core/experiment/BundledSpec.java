package io.dpmarl.core.experiment;

import java.util.Objects;

/**
 * One experiment spec bundled with a reproduction: a YAML resource on the class path (mirrored under
 * {@code examples/specs/<paper>/} so users can copy it), run by the ordinary runner into a sub-directory of the
 * reproduction's run directory named {@code name}.
 *
 * @param name     the spec's short name and the sub-directory of its run, for example {@code "rz-tiny"}
 * @param resource the class-path resource, for example {@code "specs/dp-nash-vi/rz-tiny-quick.yaml"}
 */
public record BundledSpec(String name, String resource) {
    public BundledSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(resource, "resource");
        if (!name.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("bundled spec name must be lower-case letters, digits and '-', got '"
                    + name + "'");
        }
    }
}
