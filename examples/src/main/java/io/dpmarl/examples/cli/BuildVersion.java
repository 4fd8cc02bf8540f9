package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.ExperimentRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code dpmarl --version} prints: two lines, {@code dpmarl <version>} and {@code code_sha256 <hex>}, the
 * {@code "version"} and {@code "code_sha256"} of the {@code "build"} entry that a run's {@code config.json} records
 * (and that {@code --resume}, shards and {@code dpmarl merge} compare). The version is the Implementation-Version of
 * the jar manifest of dpmarl's core classes ({@code "development build"} without one); the fingerprint is the SHA-256
 * of the jar that holds them ({@code "unavailable"} when they are loaded from a folder, as in the Maven tests). No
 * privacy guarantee of its own: it only names code.
 *
 * @param version    dpmarl's version, or {@value #DEVELOPMENT}
 * @param codeSha256 the SHA-256 (lower-case hex) of the jar of the core classes, or {@value #UNAVAILABLE}
 */
record BuildVersion(String version, String codeSha256) {
    /** The version of a build without a jar manifest version, as {@code config.json} records it. */
    static final String DEVELOPMENT = "development build";
    /** The fingerprint when the core classes do not come from a jar, as {@code config.json} records it. */
    static final String UNAVAILABLE = "unavailable";

    /** The running build: that of the jar (or folder) holding dpmarl's core classes. */
    static BuildVersion running() {
        return of(ExperimentRunner.class);
    }

    /** The build of the jar (or folder) that holds {@code type}. */
    static BuildVersion of(Class<?> type) {
        String version = Optional.ofNullable(type.getPackage()).map(Package::getImplementationVersion)
                .orElse(DEVELOPMENT);
        return new BuildVersion(version, fingerprint(type));
    }

    /** The two lines {@code --version} prints. */
    String[] lines() {
        return new String[] {"dpmarl " + version, "code_sha256 " + codeSha256};
    }

    private static String fingerprint(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return UNAVAILABLE;
        }
        try {
            Path location = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(location) ? sha256(location) : UNAVAILABLE;
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException
                 | UncheckedIOException notAFile) {
            return UNAVAILABLE;
        }
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read " + file, unreadable);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The picocli provider of {@code dpmarl --version}. */
    static final class Provider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return running().lines();
        }
    }
}
