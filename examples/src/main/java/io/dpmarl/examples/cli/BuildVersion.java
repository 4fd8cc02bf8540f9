package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.CodeIdentity;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code dpmarl --version} prints: two lines, {@code dpmarl <version>} and {@code code_sha256 <hex>}, the
 * {@code "version"} and {@code "code_sha256"} of the {@code "build"} entry that a run's {@code config.json} records
 * (and that {@code --resume}, shards and {@code dpmarl merge} compare), both from {@link CodeIdentity}. No privacy
 * guarantee of its own: it only names code.
 *
 * @param version    dpmarl's version, or {@value CodeIdentity#DEVELOPMENT}
 * @param codeSha256 the SHA-256 (lower-case hex) of the jar of the core classes, or {@value CodeIdentity#UNAVAILABLE}
 */
record BuildVersion(String version, String codeSha256) {
    /** The running build: that of the jar (or folder) holding dpmarl's core classes. */
    static BuildVersion running() {
        return from(CodeIdentity.running());
    }

    /** The build of the jar (or folder) that holds {@code type}. */
    static BuildVersion of(Class<?> type) {
        return from(CodeIdentity.of(type));
    }

    private static BuildVersion from(CodeIdentity code) {
        return new BuildVersion(code.version(), code.sha256());
    }

    /** The two lines {@code --version} prints. */
    String[] lines() {
        return new String[] {"dpmarl " + version, "code_sha256 " + codeSha256};
    }

    /** The picocli provider of {@code dpmarl --version}. */
    static final class Provider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return running().lines();
        }
    }
}
