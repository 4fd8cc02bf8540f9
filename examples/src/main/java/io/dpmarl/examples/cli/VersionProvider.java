package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.CodeIdentity;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code dpmarl --version} prints: two lines, {@code dpmarl <version>} and {@code code_sha256 <hex>}, the
 * running dpmarl's {@link CodeIdentity}, which is also the {@code "version"} and {@code "code_sha256"} of the
 * {@code "build"} entry that a run's {@code config.json} records (and that {@code --resume}, shards and
 * {@code dpmarl merge} compare). No privacy guarantee of its own: it only names code.
 */
final class VersionProvider implements IVersionProvider {
    /** The two lines {@code --version} prints for {@code code}. */
    static String[] lines(CodeIdentity code) {
        return new String[] {"dpmarl " + code.version(), "code_sha256 " + code.sha256()};
    }

    @Override
    public String[] getVersion() {
        return lines(CodeIdentity.running());
    }
}
