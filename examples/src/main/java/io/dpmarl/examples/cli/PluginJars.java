package io.dpmarl.examples.cli;

import java.io.IOException;
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
 * warning naming both (and which copy wins). The same jar reached through two folders counts once.
 */
final class PluginJars {
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
        return new Loaded(new URLClassLoader(urls.toArray(URL[]::new), parent), duplicates(jars, parent),
                List.copyOf(jars));
    }

    /** One warning per (first place, later jar) pair that holds the same classes. */
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

    private static List<String> classEntries(Path jar) {
        List<String> classes = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
                    classes.add(name);
                }
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException(new IOException("plugin jar " + jar + " cannot be read: "
                    + unreadable.getMessage(), unreadable));
        }
        return classes;
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
