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
 * @param fresh        whether this call started the run (the directory did not exist or was empty) and is not a
 *                     shard, so that it may delete what it wrote
 * @param existedEmpty whether the directory existed, empty, before the run (it is left empty, not deleted)
 */
record RunDirectory(Path directory, boolean fresh, boolean existedEmpty) {

    /**
     * Checks the directory against the run's configuration, creates it, deletes leftover temporary files of a killed
     * run (not for shards, which may share it) and writes {@code config.json}.
     *
     * @throws IllegalArgumentException if the directory holds something else, another spec's run, or a run while
     *                                  neither resume nor a shard was asked for
     */
    static RunDirectory open(Path directory, Map<String, Object> config, RunOptions options) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Path configFile = directory.resolve("config.json");
        boolean existedEmpty = Files.isDirectory(directory) && isEmpty(directory);
        if (Files.isDirectory(directory) && !existedEmpty) {
            requireRunOf(directory, config.get("spec"), config.get("build"),
                    options.resume() || options.shard().isPresent());
        } else if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new IllegalArgumentException("run directory " + directory + " is a file; choose another --out");
        }
        // Shards may share the directory at the same time: they neither delete another's temporary files nor the
        // directory itself.
        boolean fresh = (!Files.exists(directory) || existedEmpty) && options.shard().isEmpty();
        Files.createDirectories(directory);
        if (options.shard().isEmpty()) {
            AtomicFiles.deleteLeftovers(directory);
        }
        AtomicFiles.write(configFile, json.writeValueAsBytes(config));
        return new RunDirectory(directory, fresh, existedEmpty);
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
        Path configFile = directory.resolve("config.json");
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

    private static boolean isEmpty(Path directory) throws IOException {
        try (var entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }
}
