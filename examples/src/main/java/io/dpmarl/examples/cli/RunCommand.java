package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.ClaimsTarget;
import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentRunner;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.RunOptions;
import io.dpmarl.core.experiment.RunSummary;
import io.dpmarl.core.experiment.Shard;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl run <spec.yaml> [--set key=value]... [--resume] [--threads N] [--out DIR] [--shard I/N]}: validates
 * the experiment spec against the registry (nothing is written if anything is wrong), then runs every trial
 * of every grid point (or one shard's share) and writes the run directory (see {@link ExperimentRunner}). An
 * override that replaces a value it does not name (a run length in the other unit) is reported on stderr as
 * {@code note: ...} once the spec is accepted ({@link ExperimentSpec#withAll(List, java.util.function.Consumer)}).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment spec (YAML or JSON) and write metrics, privacy ledger, aggregates and plots.")
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SPEC", description = "Experiment spec file (.yaml, .yml or .json).")
    Path specFile;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a key, e.g. privatizer.epsilon=0.5, episodes=100 (repeatable); a key the spec's "
                    + "grid varies is refused (change the grid instead); steps=N on a spec of episodes (or the "
                    + "reverse) replaces its length, with a note on stderr.")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--resume", description = "Continue the run in the output directory, skipping completed trials.")
    boolean resume;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: the spec's threads). "
            + "Results are the same at any count, so --resume accepts another count (also as --set threads=N).")
    Integer threads;

    @Option(names = "--no-plots", description = "Write the CSV files only, no figures.")
    boolean noPlots;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory (default: runs/<name>).")
    Path out;

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only the trials at positions p with p mod N = I "
            + "(in experiment, trial order) into the shared run directory; assemble with dpmarl merge DIR.")
    String shard;

    @Override
    public Integer call() throws IOException {
        if (threads != null && threads < 1) {
            throw new IllegalArgumentException("--threads must be in [1, inf), got " + threads);
        }
        java.util.Optional<Shard> share = shard == null ? java.util.Optional.empty()
                : java.util.Optional.of(Shard.parse(shard));
        List<String> notes = new ArrayList<>();
        ExperimentSpec experiment = ExperimentSpec.load(specFile, overrides, notes::add);
        int workers = threads != null ? threads : experiment.threads();
        Path directory = out != null ? out : Path.of("runs", experiment.name());
        if (resume || share.isPresent()) {
            experiment = withRecordedThreads(experiment, directory);
        }
        ExperimentPlan plan = ExperimentPlan.resolve(experiment, parent.registry());
        // A claims key that dpmarl claims could never judge is refused now, before anything is written.
        experiment.claims().ifPresent(target -> ClaimsTarget.resolve(target, parent.registry()));
        OutDirectory.check(directory);
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        // only now, once nothing can refuse the spec: a refused run prints its one error line and nothing else
        for (String note : notes) {
            stderr.println("note: " + note);
        }
        stderr.flush();
        RunOptions options = new RunOptions(directory, resume, workers, line -> {
            stderr.println(line);
            stderr.flush();
        }, System.console() != null, trial -> { }, share).withPlots(!noPlots).withPluginJars(parent.pluginJars());
        RunSummary summary = new ExperimentRunner(parent.registry()).run(plan, options);
        stdout.println("run " + experiment.name() + share.map(s -> " (shard " + s + ")").orElse("") + ": "
                + summary.executed().size() + " trials run, " + summary.skipped().size() + " resumed, "
                + plan.experiments().size() + " experiment(s)" + (summary.files().isEmpty()
                ? "; other shards' trials are missing, assemble with: dpmarl merge " + directory : ""));
        for (Path file : summary.files()) {
            stdout.println("  " + file);
        }
        stdout.flush();
        return Main.OK;
    }

    /**
     * {@code spec} with the thread count of the run already in {@code directory} (its {@code config.json}'s spec), if
     * there is one: trials are byte-identical at any thread count, so the count, given by {@code --threads N} or by
     * {@code --set threads=N}, is no part of what {@code --resume} and {@code --shard} compare; the run still uses the
     * count asked for. Without a readable run there, {@code spec} as it is (the runner then refuses or starts it).
     */
    static ExperimentSpec withRecordedThreads(ExperimentSpec spec, Path directory) {
        if (!java.nio.file.Files.isRegularFile(directory.resolve("config.json"))) {
            return spec;
        }
        int recorded;
        try {
            recorded = ExperimentSpec.ofRun(directory).threads();
        } catch (IllegalArgumentException unreadable) {
            return spec; // the runner refuses it, naming the directory and why
        }
        return recorded == spec.threads() ? spec : spec.with("threads", Integer.toString(recorded));
    }
}
