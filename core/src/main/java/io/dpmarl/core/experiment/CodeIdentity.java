package io.dpmarl.core.experiment;

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

/**
 * The identity of the code that holds a class: the Implementation-Version of its jar's manifest ({@link #DEVELOPMENT}
 * without one) and the SHA-256 of the jar's bytes ({@link #UNAVAILABLE} when the class is loaded from a folder, as in
 * the Maven tests). {@link #running()} names the running dpmarl by the jar of its core classes: it is what a run's
 * {@code config.json} records as its build and what {@code dpmarl --version} prints. The jars are built with fixed
 * timestamps, so the same code gives the same hash. No privacy guarantee of its own: it only names code.
 *
 * @param version the jar manifest's Implementation-Version, or {@link #DEVELOPMENT}
 * @param sha256  the SHA-256 (lower-case hex) of the jar, or {@link #UNAVAILABLE}
 */
public record CodeIdentity(String version, String sha256) {
    /** The version of code without a jar manifest version. */
    public static final String DEVELOPMENT = "development build";
    /** The fingerprint of code that does not come from a jar. */
    public static final String UNAVAILABLE = "unavailable";

    /** The running dpmarl: the code of its core classes, computed once per process. */
    public static CodeIdentity running() {
        return Running.IDENTITY;
    }

    /** The code of the jar (or folder) that holds {@code type}. */
    public static CodeIdentity of(Class<?> type) {
        String version = Optional.ofNullable(type.getPackage()).map(Package::getImplementationVersion)
                .orElse(DEVELOPMENT);
        return new CodeIdentity(version, fingerprint(type));
    }

    /**
     * The SHA-256 of a file's bytes, in lower-case hex.
     *
     * @throws UncheckedIOException if the file cannot be read
     */
    public static String sha256(Path file) {
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

    /** The running dpmarl's identity, computed on first use. */
    private static final class Running {
        static final CodeIdentity IDENTITY = of(ExperimentRunner.class);

        private Running() {
        }
    }
}
