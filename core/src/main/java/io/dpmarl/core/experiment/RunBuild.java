package io.dpmarl.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The build of dpmarl that wrote a run directory, recorded as the {@code "build"} entry of its {@code config.json}:
 * the running dpmarl's {@link CodeIdentity} (version and the SHA-256 of the jar of its core classes) and the file
 * name and SHA-256 of every plugin jar loaded, in load order. The jars are built with fixed timestamps, so the same
 * code gives the same hashes and the entry is the same at any thread count and in every shard of one
 * build. {@code --resume}, shards and {@code dpmarl merge} refuse a directory written by another build
 * ({@link #mismatch}), so that no run holds trials computed by two different codes. No privacy guarantee of its
 * own: it only names code.
 *
 * @param version    dpmarl's version, or {@link #DEVELOPMENT}
 * @param codeSha256 the SHA-256 (lower-case hex) of the jar of dpmarl's core classes, or {@link #UNAVAILABLE}
 * @param pluginJars the plugin jars loaded, in load order
 */
record RunBuild(String version, String codeSha256, List<PluginJar> pluginJars) {
    /** The version of a build without a jar manifest version. */
    static final String DEVELOPMENT = CodeIdentity.DEVELOPMENT;
    /** The code fingerprint when dpmarl's core classes do not come from a jar. */
    static final String UNAVAILABLE = CodeIdentity.UNAVAILABLE;
    /** Hex digits of a hash shown in messages. */
    private static final int SHOWN_DIGITS = 12;

    RunBuild {
        pluginJars = List.copyOf(pluginJars);
    }

    /**
     * One plugin jar of a build.
     *
     * @param file   the jar's file name
     * @param sha256 the SHA-256 (lower-case hex) of its bytes
     */
    record PluginJar(String file, String sha256) {
    }

    /** The running build with the given plugin jars (read and hashed now). */
    static RunBuild running(List<Path> pluginJars) {
        List<PluginJar> jars = new ArrayList<>();
        for (Path jar : pluginJars) {
            jars.add(new PluginJar(jar.getFileName().toString(), CodeIdentity.sha256(jar)));
        }
        CodeIdentity code = CodeIdentity.running();
        return new RunBuild(code.version(), code.sha256(), jars);
    }

    /** This build as the {@code "build"} entry of {@code config.json}. */
    Map<String, Object> toMap() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("version", version);
        entry.put("code_sha256", codeSha256);
        List<Map<String, Object>> jars = new ArrayList<>();
        for (PluginJar jar : pluginJars) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("file", jar.file());
            item.put("sha256", jar.sha256());
            jars.add(item);
        }
        entry.put("plugin_jars", jars);
        return entry;
    }

    /** The build a {@code "build"} entry records; empty for a directory written before builds were recorded. */
    static Optional<RunBuild> of(JsonNode entry) {
        if (entry == null || !entry.isObject()) {
            return Optional.empty();
        }
        List<PluginJar> jars = new ArrayList<>();
        for (JsonNode jar : entry.path("plugin_jars")) {
            jars.add(new PluginJar(jar.path("file").asText(), jar.path("sha256").asText()));
        }
        return Optional.of(new RunBuild(entry.path("version").asText(DEVELOPMENT),
                entry.path("code_sha256").asText(UNAVAILABLE), jars));
    }

    /**
     * Whether a directory written by this (recorded) build may be continued by {@code running}. The code is compared
     * (version and fingerprint) only when both fingerprints are known: a build whose core classes come from a folder
     * cannot tell its code apart, so it is accepted as before builds were recorded. The plugin jars are always
     * compared, by file name and SHA-256 in load order.
     *
     * @return empty if the builds match, else a description of both builds
     */
    Optional<String> mismatch(RunBuild running) {
        boolean codeKnown = !UNAVAILABLE.equals(codeSha256) && !UNAVAILABLE.equals(running.codeSha256);
        boolean sameCode = !codeKnown || version.equals(running.version) && codeSha256.equals(running.codeSha256);
        if (sameCode && pluginJars.equals(running.pluginJars)) {
            return Optional.empty();
        }
        return Optional.of("it was written by " + describe() + " and this is " + running.describe());
    }

    /** The build in one phrase: version, shortened code fingerprint and plugin jars. */
    String describe() {
        StringBuilder text = new StringBuilder("dpmarl ").append(version).append(" (code ")
                .append(shorten(codeSha256)).append(", ");
        if (pluginJars.isEmpty()) {
            text.append("no plugin jars");
        } else {
            text.append("plugin jars ");
            for (int index = 0; index < pluginJars.size(); index++) {
                text.append(index == 0 ? "" : " ").append(pluginJars.get(index).file()).append(' ')
                        .append(shorten(pluginJars.get(index).sha256()));
            }
        }
        return text.append(')').toString();
    }

    private static String shorten(String hash) {
        return hash.length() > SHOWN_DIGITS && !UNAVAILABLE.equals(hash) ? hash.substring(0, SHOWN_DIGITS) : hash;
    }
}
