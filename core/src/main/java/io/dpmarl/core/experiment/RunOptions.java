package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.TrialId;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * How {@link ExperimentRunner} runs a plan.
 *
 * @param directory the run directory (created if absent)
 * @param resume    continue the run already in {@code directory}, skipping its completed trials
 * @param threads   worker threads; results do not depend on it
 * @param log       progress and status lines (a progress bar replaces per-trial lines on a terminal)
 * @param terminal  draw a progress bar with ETA instead of log lines
 * @param beforeTrial called on the worker thread before each trial runs (a test hook; may throw to
 *                  simulate a crash)
 * @param shard     run only this share of the trials, if given
 * @param plots     draw the spec's figures (false: {@code --no-plots}, the CSV files only)
 * @param pluginJars the plugin jars the registry was loaded with, recorded in {@code config.json} (file name,
 *                  size and SHA-256) so that a run names the third-party code it ran
 */
public record RunOptions(Path directory, boolean resume, int threads, Consumer<String> log, boolean terminal,
                         Consumer<TrialId> beforeTrial, java.util.Optional<Shard> shard, boolean plots,
                         java.util.List<Path> pluginJars) {
    public RunOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be in [1, inf), got " + threads);
        }
        java.util.Objects.requireNonNull(shard, "shard");
        pluginJars = java.util.List.copyOf(pluginJars);
    }

    /** Options of a registry without plugin jars. */
    public RunOptions(Path directory, boolean resume, int threads, Consumer<String> log, boolean terminal,
                      Consumer<TrialId> beforeTrial, java.util.Optional<Shard> shard, boolean plots) {
        this(directory, resume, threads, log, terminal, beforeTrial, shard, plots, java.util.List.of());
    }

    /** Options that draw the figures. */
    public RunOptions(Path directory, boolean resume, int threads, Consumer<String> log, boolean terminal,
                      Consumer<TrialId> beforeTrial, java.util.Optional<Shard> shard) {
        this(directory, resume, threads, log, terminal, beforeTrial, shard, true);
    }

    /** Options that run every trial. */
    public RunOptions(Path directory, boolean resume, int threads, Consumer<String> log, boolean terminal,
                      Consumer<TrialId> beforeTrial) {
        this(directory, resume, threads, log, terminal, beforeTrial, java.util.Optional.empty());
    }

    /** These options running only {@code value}'s share of the trials. */
    public RunOptions withShard(Shard value) {
        return new RunOptions(directory, resume, threads, log, terminal, beforeTrial, java.util.Optional.of(value),
                plots, pluginJars);
    }

    /** Options for a fresh run without a progress bar. */
    public static RunOptions of(Path directory, int threads, Consumer<String> log) {
        return new RunOptions(directory, false, threads, log, false, trial -> { });
    }

    /** These options with resume on or off. */
    public RunOptions withResume(boolean value) {
        return new RunOptions(directory, value, threads, log, terminal, beforeTrial, shard, plots, pluginJars);
    }

    /** These options with a hook run before each trial. */
    public RunOptions withBeforeTrial(Consumer<TrialId> hook) {
        return new RunOptions(directory, resume, threads, log, terminal, hook, shard, plots, pluginJars);
    }

    /** These options with figures drawn or not ({@code --no-plots}). */
    public RunOptions withPlots(boolean value) {
        return new RunOptions(directory, resume, threads, log, terminal, beforeTrial, shard, value, pluginJars);
    }

    /** These options recording the given plugin jars in {@code config.json}. */
    public RunOptions withPluginJars(java.util.List<Path> jars) {
        return new RunOptions(directory, resume, threads, log, terminal, beforeTrial, shard, plots, jars);
    }
}
