package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs an {@link ExperimentPlan}: every (experiment, trial) pair on a fixed pool of worker threads,
 * each trial with its own {@link RandomStreams} ({@code RandomStreams.of(seed).child("trial/" + i)}),
 * its own Guice-assembled {@link Pipeline} and its own privacy ledger, so results do not depend on the
 * number of threads or on scheduling.
 *
 * <p>Run directory layout:
 * <ul>
 *   <li>{@code config.json}: the resolved spec, the experiments of the grid, every derived seed, the Java
 *       version, and the build that wrote it (dpmarl's version, its core jar's and the plugin jars' SHA-256), which
 *       {@code --resume}, shards and {@link #merge} require to be the running one;</li>
 *   <li>{@code trials/<experiment>/<trial>.metrics.csv} and {@code .privacy.csv}: one trial's rows, streamed to
 *       temporary files as they are recorded and renamed into place when the trial finishes (the metrics file
 *       last: its presence marks the trial complete);</li>
 *   <li>{@code metrics.csv} ({@code experiment,trial,seed,step,metric,value}), {@code privacy.csv} (every
 *       ledger entry with the running epsilon of its key) and {@code aggregate.csv} (mean, sd and 95%
 *       t-interval per experiment, metric and step), assembled from the trial files in (experiment,
 *       trial) order by streaming, in memory proportional to the aggregate rows, not to the metric rows;</li>
 *   <li>{@code plots/<metric>.png} and {@code .svg}: mean line and confidence band per experiment.</li>
 * </ul>
 * Every file is written through {@link AtomicFiles}. With {@link RunOptions#resume()} the trials whose
 * files exist are skipped, never recomputed; leftover temporary files of a killed run are deleted.
 */
public final class ExperimentRunner {
    /** The header of {@code privacy.csv} (after its {@code # noise=...} comment line). */
    public static final String PRIVACY_HEADER = PrivacyCsv.HEADER;

    private final Registry registry;

    /** A runner that creates plugins from the given registry. */
    public ExperimentRunner(Registry registry) {
        this.registry = registry;
    }

    /**
     * Checks, before anything is written, that a run of {@code plan} may continue in {@code directory} with
     * {@code --resume}: the directory does not exist, is empty, or holds a run of the same spec (same seed and
     * overrides), so complete trials of another spec are never mixed into it. {@link #run} makes the same check; a
     * command that writes other files before its runs start (a reproduction's manifest and claims) calls this first.
     * No privacy guarantee of its own: it only reads {@code config.json}.
     *
     * @throws IllegalArgumentException naming the directory if it holds something else, another spec's run or an
     *                                  unreadable {@code config.json}
     * @throws IOException              if the directory cannot be read
     */
    public static void checkResumable(ExperimentPlan plan, Path directory) throws IOException {
        checkResumable(plan, directory, List.of());
    }

    /**
     * As {@link #checkResumable(ExperimentPlan, Path)} for a registry loaded with {@code pluginJars}: the directory
     * must also have been written by the running build of dpmarl with the same plugin jars (its {@code config.json}'s
     * {@code "build"} entry: version, core jar SHA-256, plugin jar names and SHA-256), so that trials computed by two
     * different codes are never mixed. A directory written before builds were recorded, or a build whose core jar
     * fingerprint is unavailable (core classes loaded from a folder), is not compared by version or core jar.
     *
     * @throws IllegalArgumentException naming the directory and both builds if they differ, or as the two-argument
     *                                  form
     * @throws IOException              if the directory cannot be read
     */
    public static void checkResumable(ExperimentPlan plan, Path directory, List<Path> pluginJars)
            throws IOException {
        if (Files.isDirectory(directory)) {
            try (var entries = Files.list(directory)) {
                if (entries.findAny().isEmpty()) {
                    return;
                }
            }
            RunDirectory.requireRunOf(directory, plan.spec().toMap(), RunBuild.running(pluginJars).toMap(), true);
        } else if (Files.exists(directory)) {
            throw new IllegalArgumentException("run directory " + directory + " is a file; choose another --out");
        }
    }

    /**
     * Runs the plan into {@code options.directory()}.
     *
     * @throws IllegalArgumentException if the directory holds another run, or holds a run and resume is off
     * @throws IOException              if a file cannot be written
     */
    public RunSummary run(ExperimentPlan plan, RunOptions options) throws IOException {
        Path directory = options.directory();
        RunDirectory runDirectory = RunDirectory.open(directory, RunConfig.of(plan, options), options);

        List<TrialId> executed = new ArrayList<>();
        List<TrialId> skipped = new ArrayList<>();
        List<Runnable> tasks = new ArrayList<>();
        List<TrialId> taskIds = new ArrayList<>();
        int total = 0;
        long position = 0;
        for (ExperimentPlan.Experiment experiment : plan.experiments()) {
            for (int trial = 0; trial < plan.trialSeeds().size(); trial++, position++) {
                if (options.shard().isPresent() && !options.shard().get().owns(position)) {
                    continue;
                }
                total++;
                TrialId id = new TrialId(experiment.label(), trial, plan.trialSeeds().get(trial));
                if (Files.exists(RunFiles.metricsFile(directory, experiment, trial))) {
                    skipped.add(id);
                    continue;
                }
                taskIds.add(id);
                int trialIndex = trial;
                tasks.add(() -> runTrial(experiment, trialIndex, id, directory, options));
            }
        }
        if (!skipped.isEmpty()) {
            options.log().accept(plan.spec().name() + ": resuming, " + skipped.size() + " of " + total
                    + " trials already complete");
        }
        try (Progress progress = new Progress(plan.spec().name(), total, skipped.size(), options.terminal(),
                options.log())) {
            ExecutorService pool = Executors.newFixedThreadPool(options.threads(), runnable -> {
                Thread thread = new Thread(runnable, "dpmarl-trial");
                thread.setDaemon(true);
                return thread;
            });
            try {
                List<Future<?>> futures = new ArrayList<>();
                AtomicBoolean stopping = new AtomicBoolean();
                for (int i = 0; i < tasks.size(); i++) {
                    Runnable task = tasks.get(i);
                    TrialId id = taskIds.get(i);
                    futures.add(pool.submit(() -> {
                        if (stopping.get()) {
                            return;
                        }
                        try {
                            task.run();
                        } catch (RuntimeException | Error failure) {
                            stopping.set(true);
                            throw failure;
                        }
                        progress.trialDone(id.experiment() + " #" + id.trial());
                    }));
                }
                for (int i = 0; i < futures.size(); i++) {
                    try {
                        futures.get(i).get();
                        executed.add(taskIds.get(i));
                    } catch (ExecutionException failed) {
                        pool.shutdownNow();
                        awaitQuietly(pool);
                        Throwable cause = failed.getCause();
                        String trial = plan.spec().name() + ": trial " + taskIds.get(i).trial() + " of '"
                                + taskIds.get(i).experiment() + "' failed; ";
                        runDirectory.afterFailure(plan, cause)
                                .ifPresent(note -> options.log().accept(trial + note));
                        if (cause instanceof RuntimeException runtime) {
                            throw runtime;
                        }
                        if (cause instanceof IOException io) {
                            throw io;
                        }
                        throw new IllegalStateException(cause);
                    } catch (InterruptedException interrupted) {
                        pool.shutdownNow();
                        Thread.currentThread().interrupt();
                        throw new IOException("run interrupted", interrupted);
                    }
                }
            } finally {
                pool.shutdownNow();
                try {
                    pool.awaitTermination(1, TimeUnit.MINUTES);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        if (options.shard().isPresent()) {
            long missing = RunFiles.missingTrials(plan, directory);
            if (missing > 0) {
                options.log().accept(plan.spec().name() + ": shard " + options.shard().get() + " done; " + missing
                        + " trial(s) of other shards are still missing; once every shard is done, assemble with "
                        + "dpmarl merge " + directory);
                return new RunSummary(directory, executed, skipped, List.of());
            }
            // Every trial is complete, so no shard can still rename a temporary trial file into place: the ones left
            // are those of a killed shard (shards keep each other's temporary files while trials are missing).
            AtomicFiles.deleteLeftovers(directory.resolve("trials"));
        }
        List<Path> files = new ArrayList<>(RunFiles.assemble(plan, directory, options));
        files.add(ReportHtml.write(directory.resolve(ReportHtml.FILE), "dpmarl run " + plan.spec().name(),
                Optional.empty(), List.of(directory), Optional.of(registry)));
        return new RunSummary(directory, executed, skipped, files);
    }

    /**
     * Assembles {@code metrics.csv}, {@code privacy.csv}, {@code aggregate.csv} and the plots of a run directory
     * whose trials were run by shards ({@link RunOptions#shard()}), after every shard has ended: it first deletes the
     * temporary files killed shards left, so the directory holds the files of an unsharded run.
     *
     * @throws IllegalArgumentException if the directory is not a run of this plan or a trial is missing
     */
    public List<Path> merge(ExperimentPlan plan, Path directory, java.util.function.Consumer<String> log)
            throws IOException {
        return merge(plan, directory, log, true);
    }

    /**
     * As {@link #merge(ExperimentPlan, Path, java.util.function.Consumer)}, drawing the spec's plots only if
     * {@code plots} is true (the CSV files and the report are always written).
     */
    public List<Path> merge(ExperimentPlan plan, Path directory, java.util.function.Consumer<String> log,
                            boolean plots) throws IOException {
        return merge(plan, directory, log, plots, List.of());
    }

    /**
     * As {@link #merge(ExperimentPlan, Path, java.util.function.Consumer, boolean)} for a registry loaded with
     * {@code pluginJars}: refused, before anything is written, if the shards were written by another build of dpmarl
     * or other plugin jars than the running ones (the {@code "build"} entry of {@code config.json}, compared as by
     * {@link #checkResumable(ExperimentPlan, Path, List)}; every shard into an existing directory was checked the
     * same way).
     *
     * @throws IllegalArgumentException if the directory is not a run of this plan, was written by another build, or
     *                                  a trial is missing
     */
    public List<Path> merge(ExperimentPlan plan, Path directory, java.util.function.Consumer<String> log,
                            boolean plots, List<Path> pluginJars) throws IOException {
        Path configFile = directory.resolve("config.json");
        if (!Files.isRegularFile(configFile)) {
            throw new IllegalArgumentException(directory + " is not a dpmarl run directory (no config.json)");
        }
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode recorded;
        try {
            recorded = json.readTree(configFile.toFile()).get("build");
        } catch (com.fasterxml.jackson.core.JsonProcessingException unreadable) {
            throw new IllegalArgumentException("cannot merge " + directory + ": its config.json cannot be read ("
                    + SpecFile.oneLine(unreadable.getOriginalMessage()) + ")");
        }
        RunDirectory.requireSameBuild(directory, recorded, json.valueToTree(RunBuild.running(pluginJars).toMap()),
                "merge");
        long missing = RunFiles.missingTrials(plan, directory);
        if (missing > 0) {
            throw new IllegalArgumentException("cannot merge " + directory + ": " + missing + " of "
                    + plan.experiments().size() * plan.trialSeeds().size()
                    + " trials are missing; run the missing shards first (dpmarl run SPEC --shard i/n --out "
                    + directory + ")");
        }
        // Merging follows every shard's end, so any temporary file is a killed shard's leftover (also one killed
        // while it assembled the files of the run).
        AtomicFiles.deleteLeftovers(directory);
        List<Path> files = new ArrayList<>(RunFiles.assemble(plan, directory,
                RunOptions.of(directory, 1, log).withPlots(plots)));
        files.add(ReportHtml.write(directory.resolve(ReportHtml.FILE), "dpmarl run " + plan.spec().name(),
                Optional.empty(), List.of(directory), Optional.of(registry)));
        return files;
    }

    private static void awaitQuietly(ExecutorService pool) {
        try {
            pool.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void runTrial(ExperimentPlan.Experiment experiment, int trial, TrialId id, Path directory,
                          RunOptions options) {
        options.beforeTrial().accept(id);
        // Rows go to temporary files as they are recorded (memory does not grow with the trial); the privacy file is
        // published first and the metrics file last, whose presence marks the trial complete.
        try (AtomicTextWriter metrics = new AtomicTextWriter(RunFiles.metricsFile(directory, experiment, trial));
             AtomicTextWriter privacy = new AtomicTextWriter(RunFiles.privacyFile(directory, experiment, trial))) {
            RandomStreams streams = RandomStreams.of(id.seed());
            NoiseSource noise = experiment.noise() == NoiseMode.SECURE ? NoiseSource.secure()
                    : streams.noise("privacy");
            Pipeline pipeline = PipelineModule.assemble(experiment.pipeline(), registry, streams,
                    new TrialMetrics(row -> appendLine(metrics, MetricsCsv.line(row))),
                    row -> appendLine(privacy, privacyLine(row)), noise);
            pipeline.run(id, experiment.schedule());
            privacy.commit();
            metrics.commit();
        } catch (IOException io) {
            throw new java.io.UncheckedIOException(io);
        }
    }

    private static void appendLine(AtomicTextWriter writer, String line) {
        try {
            writer.append(line).append("\n");
        } catch (IOException io) {
            throw new java.io.UncheckedIOException(io);
        }
    }

    private static String privacyLine(io.dpmarl.core.pipeline.PrivacyRow row) {
        return Csv.line(row.trial().experiment(), Integer.toString(row.trial().trial()), Long.toString(row.step()),
                row.key(), Long.toString(row.releases()), Csv.number(row.epsilon()),
                row.nominal() ? "no formal guarantee" : "");
    }
}
