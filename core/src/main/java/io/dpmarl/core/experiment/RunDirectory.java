package io.dpmarl.core.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The run directory of one {@link ExperimentRunner#run} call: checks that it may be written (a new or empty
 * directory, or, with {@code --resume} or a shard, a run of the same spec), writes {@code config.json}, and after a
 * failed trial decides what is kept. No privacy guarantee of its own: it only manages files.
 *
 * @param directory    the run directory
 * @param fresh        whether this call started the run (the directory did not exist or was empty, and this call
 *                     published its {@code config.json}) and is not a shard, so that it may delete what it wrote
 * @param existedEmpty whether this call started the run in a directory that existed, empty, before it (it is left
 *                     empty, not deleted)
 */
record RunDirectory(Path directory, boolean fresh, boolean existedEmpty) {
    /** The file that makes a directory a run: the run's configuration ({@link RunConfig}). */
    private static final String CONFIG_FILE = "config.json";

    /**
     * Checks the directory against the run's configuration, creates it, publishes {@code config.json} and deletes
     * leftover temporary files of a killed run (not for shards, which may share it). When the directory is missing
     * or empty, {@code config.json} is published only if it still does not exist ({@link AtomicFiles#writeIfAbsent}):
     * of several runs started at once into one empty directory (shards of different specs or builds) the first to
     * publish wins, and every other one is checked against its {@code config.json} as for a directory that held a
     * run ({@link #requireRunOf}), so a shard of the same spec and build joins and any other run is refused.
     *
     * @throws IllegalArgumentException if the directory holds something else, another spec's or build's run, or a
     *                                  run while neither resume nor a shard was asked for
     */
    static RunDirectory open(Path directory, Map<String, Object> config, RunOptions options) throws IOException {
        return open(directory, config, options, () -> { });
    }

    /**
     * {@link #open(Path, Map, RunOptions)} with {@code beforePublishing} run between the check of the directory and
     * the publication of {@code config.json}, where a test puts the {@code config.json} of a competing run.
     */
    static RunDirectory open(Path directory, Map<String, Object> config, RunOptions options,
                             Runnable beforePublishing) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Path configFile = directory.resolve(CONFIG_FILE);
        boolean continuing = options.resume() || options.shard().isPresent();
        boolean existedEmpty = Files.isDirectory(directory) && holdsNothingYet(directory);
        boolean holdsRun = Files.isDirectory(directory) && !existedEmpty;
        if (holdsRun) {
            requireRunOf(directory, config.get("spec"), config.get("build"), continuing);
        } else if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new IllegalArgumentException("run directory " + directory + " is a file; choose another --out");
        }
        Files.createDirectories(directory);
        byte[] content = json.writeValueAsBytes(config);
        boolean published = false;
        if (!holdsRun) {
            beforePublishing.run();
            published = AtomicFiles.writeIfAbsent(configFile, content);
            if (!published) {
                // Another run published its config.json since the check: continue only a run of this spec and build.
                requireRunOf(directory, config.get("spec"), config.get("build"), continuing);
            }
        }
        // A run that found a matching config.json rewrites it only when it is a --resume of the whole run, to record
        // its own execution (thread count, Java). A shard does not: the spec and build it would write are the ones
        // just checked, and shards of one run may run at the same time, so each rewriting the execution entry would
        // only leave that of whichever started last.
        if (!published && options.shard().isEmpty()) {
            AtomicFiles.write(configFile, content);
        }
        // Shards may share the directory at the same time: they neither delete another's temporary files nor the
        // directory itself.
        if (options.shard().isEmpty()) {
            AtomicFiles.deleteLeftovers(directory);
        }
        return new RunDirectory(directory, published && options.shard().isEmpty(), published && existedEmpty);
    }

    /**
     * Cleans up after a failed trial and says what to do. A bad-input failure (an {@link IllegalArgumentException},
     * for example a budget exceeded mid-run or a release its privatizer refuses) repeats identically from the same
     * seeds, so {@code --resume} cannot help: a fresh run directory is deleted whatever it holds (one found empty is
     * left empty), and the result is the same as bad input refused up front (the exception's one line, nothing left
     * behind). Any other failure may be transient: a fresh run directory with no complete trial is deleted (nothing
     * worth resuming), otherwise the complete trials are kept for {@code --resume}. A resumed or sharded run keeps
     * its directory in every case.
     *
     * @return a note for the log; empty when there is nothing to add to the exception's own message (bad input, or
     *         running out of heap before any trial completed)
     */
    Optional<String> afterFailure(ExperimentPlan plan, Throwable cause) throws IOException {
        long complete = plan.experiments().size() * (long) plan.trialSeeds().size()
                - RunFiles.missingTrials(plan, directory);
        boolean deterministic = cause instanceof IllegalArgumentException;
        if (fresh && (complete == 0 || deterministic)) {
            AtomicFiles.deleteTree(directory);
            if (existedEmpty) {
                Files.createDirectories(directory);
            }
            // Running out of heap is said once, by the command, with its remedy: "run again" alone would not help.
            return deterministic || cause instanceof OutOfMemoryError ? Optional.empty()
                    : Optional.of("no trial was complete, so " + directory + " was removed; run again");
        }
        return Optional.of(complete + " complete trial(s) are kept in " + directory + (deterministic
                ? "; the failure repeats from the same seeds, so --resume would fail the same way: fix the spec and "
                + "start a new run"
                : "; continue with --resume"));
    }

    /**
     * Checks that the non-empty {@code directory} holds a run of {@code spec} (the {@code "spec"} entry of its
     * {@code config.json}) that may be continued: not something else, not another spec's run (a different seed,
     * override or noise mode included), not an unreadable {@code config.json}, not a run written by another build
     * than {@code build} (the {@code "build"} entry, see {@link RunBuild#mismatch}; a directory without one is
     * accepted), and not a run at all unless {@code continuing} (a resume or a shard).
     *
     * @throws IllegalArgumentException naming the directory if it may not be continued by a run of {@code spec}
     */
    static void requireRunOf(Path directory, Object spec, Object build, boolean continuing) throws IOException {
        Path configFile = directory.resolve(CONFIG_FILE);
        if (!Files.exists(configFile)) {
            throw new IllegalArgumentException("run directory " + directory
                    + " exists and is not a dpmarl run; choose another --out");
        }
        if (!continuing) {
            throw new IllegalArgumentException("run directory " + directory
                    + " already holds a run; pass --resume to continue it or choose another --out");
        }
        ObjectMapper json = new ObjectMapper();
        JsonNode previous;
        JsonNode previousBuild;
        try {
            JsonNode config = json.readTree(configFile.toFile());
            previous = config.get("spec");
            previousBuild = config.get("build");
        } catch (JsonProcessingException unreadable) {
            throw new IllegalArgumentException("cannot resume " + directory + ": its config.json cannot be read ("
                    + SpecFile.oneLine(unreadable.getOriginalMessage()) + "); choose another --out");
        }
        if (previous == null || !previous.equals(json.readTree(json.writeValueAsBytes(spec)))) {
            throw new IllegalArgumentException("cannot resume " + directory
                    + ": its config.json was written for another spec; choose another --out");
        }
        requireSameBuild(directory, previousBuild, json.valueToTree(build), "resume");
    }

    /**
     * Refuses a run directory whose recorded build ({@code recorded}, its {@code config.json}'s {@code "build"}
     * entry) differs from {@code running} (see {@link RunBuild#mismatch}), in one line naming the directory, both
     * builds and what to do. A directory without a build entry (written before builds were recorded) is accepted.
     *
     * @param verb what was asked ("resume", "merge")
     * @throws IllegalArgumentException naming the directory and both builds if they differ
     */
    static void requireSameBuild(Path directory, JsonNode recorded, JsonNode running, String verb) {
        Optional<RunBuild> previous = RunBuild.of(recorded);
        Optional<RunBuild> current = RunBuild.of(running);
        if (previous.isEmpty() || current.isEmpty()) {
            return;
        }
        Optional<String> mismatch = previous.get().mismatch(current.get());
        if (mismatch.isPresent()) {
            throw new IllegalArgumentException("cannot " + verb + " " + directory + ": " + mismatch.get()
                    + "; start a new --out, or " + verb + " with the build that began it");
        }
    }

    /**
     * Whether the directory holds nothing but, possibly, temporary files of {@code config.json}: those of another run
     * publishing it at this moment, or of a run killed while it did, neither of which makes the directory a run.
     */
    private static boolean holdsNothingYet(Path directory) throws IOException {
        String configTemporary = "." + CONFIG_FILE + ".";
        try (var entries = Files.list(directory)) {
            return entries.allMatch(entry -> Files.isRegularFile(entry)
                    && entry.getFileName().toString().startsWith(configTemporary)
                    && entry.getFileName().toString().endsWith(AtomicFiles.TEMP_SUFFIX));
        }
    }
}
