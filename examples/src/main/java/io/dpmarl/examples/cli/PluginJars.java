package io.dpmarl.examples.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The plugin jars of the plugin folders and the class loader over them. The same class in two places means
 * that only the first copy is ever loaded, silently; so every class of every plugin jar is looked up in the
 * jars before it and on the command line's own class path, and each pair of places that share classes gets one
 * warning naming both (and which copy wins). The same jar reached through two folders counts once. A jar with a
 * class compiled for a newer Java than the running one is refused (bad input, one line naming the jar and both Java
 * versions) before any of its classes is loaded, as a plugin named like another is: skipping it would only turn
 * into an "unknown plugin" error later.
 */
final class PluginJars {
    /** Class-file major version minus Java feature release (Java 17 writes 61). */
    private static final int JAVA_TO_MAJOR = 44;
    /** Magic (4 bytes), minor version (2), major version (2). */
    private static final int CLASS_HEADER_BYTES = 8;

    private PluginJars() {
    }

    /**
     * A plugin folder.
     *
     * @param path     the folder
     * @param required true if a missing folder is an error (folders the user named), false if it is skipped
     */
    record Folder(Path path, boolean required) {
    }

    /** The class loader (the parent itself when there are no jars), the duplicate-class warnings and the jars. */
    record Loaded(ClassLoader loader, List<String> warnings, List<Path> jars) {
    }

    /** Loads the jars of the folders, in folder order and file-name order within a folder, over {@code parent}. */
    static Loaded load(List<Folder> folders, ClassLoader parent) {
        Set<Path> jars = new LinkedHashSet<>();
        for (Folder folder : folders) {
            jars.addAll(jars(folder));
        }
        if (jars.isEmpty()) {
            return new Loaded(parent, List.of(), List.of());
        }
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        List<String> warnings = duplicates(jars, parent);
        return new Loaded(new URLClassLoader(urls.toArray(URL[]::new), parent), warnings, List.copyOf(jars));
    }

    /**
     * One warning per (first place, later jar) pair that holds the same classes; a class compiled for a newer Java
     * than the running one is an {@link IllegalArgumentException} instead (see {@link #checkVersion}).
     */
    static List<String> duplicates(Set<Path> jars, ClassLoader parent) {
        Map<String, Path> firstJar = new LinkedHashMap<>();
        Map<List<String>, List<String>> shared = new LinkedHashMap<>();
        for (Path jar : jars) {
            for (String entry : classEntries(jar)) {
                Optional<String> earlier = Optional.ofNullable(firstJar.get(entry)).map(Path::toString)
                        .or(() -> location(parent.getResource(entry)).filter(place -> !samePlace(place, jar)));
                if (earlier.isPresent()) {
                    shared.computeIfAbsent(List.of(earlier.get(), jar.toString()), key -> new ArrayList<>())
                            .add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
                } else {
                    firstJar.putIfAbsent(entry, jar);
                }
            }
        }
        List<String> warnings = new ArrayList<>();
        shared.forEach((places, classes) -> warnings.add("warning: " + classes.size() + " class"
                + (classes.size() == 1 ? " is" : "es are") + " in both " + places.get(0) + " and " + places.get(1)
                + " (" + classes.get(0) + (classes.size() > 1 ? ", ..." : "") + "); the copy in " + places.get(0)
                + " is used and the one in " + places.get(1) + " is ignored"));
        return warnings;
    }

    /** The service file that lists a jar's plugin providers ({@code META-INF/services/...PluginProvider}). */
    static final String SERVICE_FILE = "META-INF/services/io.dpmarl.core.spi.PluginProvider";

    /**
     * The jars among {@code jars} that declare no plugin: they have no {@link #SERVICE_FILE}, so the registry
     * finds nothing in them (a provider compiled without its {@code @AutoService(PluginProvider.class)} annotation,
     * or a library jar a plugin needs). A jar that cannot be read is left out: loading it reports that.
     */
    static List<Path> withoutPlugins(List<Path> jars) {
        List<Path> without = new ArrayList<>();
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                if (file.getEntry(SERVICE_FILE) == null) {
                    without.add(jar);
                }
            } catch (IOException unreadable) {
                // reported when the jar is loaded
            }
        }
        return without;
    }

    /**
     * The note for jars that declare no plugin ({@link #withoutPlugins}, not empty): names them, the missing service
     * file and the fix.
     */
    static String undeclaredNote(List<Path> without) {
        return "plugin jar" + (without.size() == 1 ? " " : "s ") + String.join(", ",
                without.stream().map(Path::toString).toList()) + (without.size() == 1 ? " declares" : " declare")
                + " no plugin (no " + SERVICE_FILE + "): annotate each provider class with "
                + "@AutoService(PluginProvider.class), or list it in that file";
    }

    /**
     * The first of {@code jars} that holds the class {@code className} (a binary name, {@code a.b.C$D}), or empty:
     * the jar a class in a stack trace came from.
     */
    static Optional<Path> holding(List<Path> jars, String className) {
        String entry = className.replace('.', '/') + ".class";
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                if (file.getEntry(entry) != null) {
                    return Optional.of(jar);
                }
            } catch (IOException unreadable) {
                // not this one
            }
        }
        return Optional.empty();
    }

    private static List<Path> jars(Folder folder) {
        if (!Files.isDirectory(folder.path())) {
            if (folder.required()) {
                throw new IllegalArgumentException("plugin folder '" + folder.path() + "' does not exist");
            }
            return List.of();
        }
        List<Path> jars = new ArrayList<>();
        try (var files = Files.list(folder.path())) {
            for (Path file : files.sorted().toList()) {
                if (file.getFileName().toString().endsWith(".jar") && Files.isRegularFile(file)) {
                    jars.add(file.toAbsolutePath().normalize());
                }
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        return jars;
    }

    /**
     * The class entries of a jar (outside {@code META-INF/}, so a multi-release jar's classes for newer Javas are
     * not counted), after checking that the running Java can load each: a class file whose major version is above
     * {@link #supportedMajor()} is refused with one message naming the jar, the Java it was compiled for and the
     * running Java (The Java Virtual Machine Specification, 4.1: major version = Java feature release + 44).
     */
    private static List<String> classEntries(Path jar) {
        List<String> classes = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                String name = entry.getName();
                if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
                    checkVersion(jar, name, majorVersion(file, entry));
                    classes.add(name);
                }
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException(new IOException("plugin jar " + jar + " cannot be read: "
                    + unreadable.getMessage(), unreadable));
        }
        return classes;
    }

    /** The highest class-file major version the running Java loads (its feature release + 44). */
    static int supportedMajor() {
        return Runtime.version().feature() + JAVA_TO_MAJOR;
    }

    /** Refuses a class file newer than the running Java, naming the jar, the class and both versions. */
    static void checkVersion(Path jar, String entry, int major) {
        if (major <= supportedMajor()) {
            return;
        }
        int running = Runtime.version().feature();
        int compiledFor = major - JAVA_TO_MAJOR;
        String className = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
        throw new IllegalArgumentException("plugin jar " + jar + " was compiled for Java " + compiledFor
                + " (class-file version " + major + ", " + className + ") but this is Java " + running
                + " (class-file versions up to " + supportedMajor() + "): run dpmarl with Java " + compiledFor
                + " or newer, rebuild the plugin for Java " + running + " (<release>" + running
                + "</release>) or remove the jar");
    }

    /**
     * The major version of a class file (bytes 6-7 after the magic {@code 0xCAFEBABE} and the minor version), or 0
     * for an entry too short or without the magic, which is left for the class loader to report.
     */
    private static int majorVersion(JarFile file, JarEntry entry) throws IOException {
        try (InputStream in = file.getInputStream(entry)) {
            byte[] header = in.readNBytes(CLASS_HEADER_BYTES);
            if (header.length < CLASS_HEADER_BYTES || (header[0] & 0xff) != 0xCA || (header[1] & 0xff) != 0xFE
                    || (header[2] & 0xff) != 0xBA || (header[3] & 0xff) != 0xBE) {
                return 0;
            }
            return ((header[6] & 0xff) << 8) | (header[7] & 0xff);
        }
    }

    /** The jar or folder a class-path resource comes from. */
    private static Optional<String> location(URL resource) {
        if (resource == null) {
            return Optional.empty();
        }
        String text = resource.toString();
        if (text.startsWith("jar:")) {
            text = text.substring("jar:".length(), text.indexOf("!/"));
        }
        try {
            return Optional.of(Path.of(new URL(text).toURI()).toString());
        } catch (MalformedURLException | URISyntaxException | IllegalArgumentException notAFile) {
            return Optional.of(text);
        }
    }

    private static boolean samePlace(String place, Path jar) {
        try {
            return Files.isSameFile(Path.of(place), jar);
        } catch (IOException | RuntimeException unknown) {
            return false;
        }
    }
}
