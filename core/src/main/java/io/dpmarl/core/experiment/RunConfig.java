package io.dpmarl.core.experiment;

import io.dpmarl.core.rng.RandomStreams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The content of a run's {@code config.json}: the resolved spec (what {@code --resume}, shards and
 * {@code dpmarl merge} compare and rebuild the plan from), every experiment of the grid with its components and
 * schedule, every derived seed (the privacy noise seed only in {@link NoiseMode#SEEDED} mode), the noise mode and
 * the execution environment (threads, Java, and the plugin jars loaded, by name, size and SHA-256), and the build
 * that wrote it ({@link RunBuild}: dpmarl's version, its core jar's SHA-256 and the plugin jars' names and SHA-256),
 * which {@code --resume}, shards and {@code dpmarl merge} also compare.
 */
final class RunConfig {
    private RunConfig() {
    }

    private static Map<String, Object> schedule(io.dpmarl.core.pipeline.Schedule schedule) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put(schedule.unit() == io.dpmarl.core.pipeline.Schedule.Unit.EPISODES ? "episodes" : "steps",
                schedule.length());
        schedule.stepLimit().ifPresent(limit -> entry.put("step_limit", limit));
        entry.put("evaluate_every", schedule.evaluateEvery());
        entry.put("evaluation_episodes", schedule.evaluationEpisodes());
        entry.put("privacy_report_every", schedule.privacyReportEvery());
        return entry;
    }

    static Map<String, Object> of(ExperimentPlan plan, RunOptions options) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("spec", plan.spec().toMap());
        config.put("build", RunBuild.running(options.pluginJars()).toMap());
        List<Map<String, Object>> experiments = new ArrayList<>();
        for (ExperimentPlan.Experiment experiment : plan.experiments()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("index", experiment.index());
            entry.put("label", experiment.label());
            entry.put("grid", experiment.assignment());
            entry.put("environment", experiment.pipeline().environment());
            entry.put("learner", experiment.pipeline().learner());
            entry.put("accountant", experiment.pipeline().accountant());
            entry.put("delta", experiment.pipeline().reportingDelta());
            experiment.pipeline().budgetPerKey().ifPresent(budget -> entry.put("budget",
                    Map.of("epsilon", budget.epsilon(), "delta", budget.delta())));
            entry.put("evaluators", experiment.pipeline().evaluators());
            entry.put("schedule", schedule(experiment.schedule()));
            entry.put("noise", experiment.noise().label());
            experiments.add(entry);
        }
        config.put("experiments", experiments);
        List<Map<String, Object>> seeds = new ArrayList<>();
        for (int trial = 0; trial < plan.trialSeeds().size(); trial++) {
            RandomStreams streams = RandomStreams.of(plan.trialSeeds().get(trial));
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("trial", trial);
            entry.put("seed", streams.seed());
            entry.put("environment_seed", streams.child("environment").seed());
            entry.put("environment_reset_stream_seed", streams.derive("stream/environment/reset"));
            if (plan.spec().noise() == NoiseMode.SEEDED) {
                entry.put("privacy_noise_seed", streams.derive("noise/privacy"));
            }
            seeds.add(entry);
        }
        config.put("trials", seeds);
        Map<String, Object> execution = new LinkedHashMap<>();
        execution.put("threads", options.threads());
        execution.put("java_version", System.getProperty("java.version"));
        execution.put("java_vendor", System.getProperty("java.vendor"));
        if (!options.pluginJars().isEmpty()) {
            execution.put("plugin_jars", pluginJars(options.pluginJars()));
        }
        config.put("execution", execution);
        config.put("noise", plan.spec().noise().label());
        config.put("noise_note", plan.spec().noise() == NoiseMode.SEEDED
                ? "privacy noise seeded from the trial seed: replayable by anyone with the seeds (experiments only)"
                : "privacy noise from a secure random source: not replayable, its seeds are never written");
        return config;
    }

    /** File name, size and SHA-256 of each plugin jar, in load order. */
    private static List<Map<String, Object>> pluginJars(List<java.nio.file.Path> jars) {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (java.nio.file.Path jar : jars) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("file", jar.getFileName().toString());
            try {
                byte[] bytes = java.nio.file.Files.readAllBytes(jar);
                entry.put("bytes", bytes.length);
                entry.put("sha256", java.util.HexFormat.of().formatHex(
                        java.security.MessageDigest.getInstance("SHA-256").digest(bytes)));
            } catch (java.io.IOException unreadable) {
                throw new java.io.UncheckedIOException("cannot read plugin jar " + jar, unreadable);
            } catch (java.security.NoSuchAlgorithmException impossible) {
                throw new IllegalStateException(impossible);
            }
            entries.add(entry);
        }
        return entries;
    }

    /** The spec a run directory's {@code config.json} was written for. */
    @SuppressWarnings("unchecked")
    static ExperimentSpec readSpec(java.nio.file.Path directory) {
        java.nio.file.Path file = directory.resolve("config.json");
        if (!java.nio.file.Files.isRegularFile(file)) {
            throw new IllegalArgumentException(directory + " is not a dpmarl run directory (no config.json)");
        }
        Map<String, Object> config;
        try {
            config = new com.fasterxml.jackson.databind.ObjectMapper().readValue(file.toFile(), Map.class);
        } catch (java.io.IOException unreadable) {
            throw new IllegalArgumentException(file + " cannot be read: " + SpecFile.oneLine(unreadable.getMessage()));
        }
        Object spec = config.get("spec");
        if (!(spec instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(file + " has no spec");
        }
        return ExperimentSpec.fromMap((Map<String, Object>) spec);
    }
}
