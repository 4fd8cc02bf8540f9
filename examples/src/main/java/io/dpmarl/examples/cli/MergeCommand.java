package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentRunner;
import io.dpmarl.core.experiment.ExperimentSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl merge RUN_DIR [--no-plots]}: assembles {@code metrics.csv}, {@code privacy.csv},
 * {@code aggregate.csv} and (unless {@code --no-plots}) the plots of a run whose trials were run by
 * {@code dpmarl run --shard i/n}, from the plan rebuilt out of its {@code config.json}. Refused (exit 2, nothing
 * written) while a trial is missing, or if the shards were written by another build of dpmarl or other plugin jars
 * than the running ones.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "Assemble the aggregates of a run directory filled by sharded runs (dpmarl run --shard i/n).")
final class MergeCommand implements Callable<Integer> {
    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "Run directory written by dpmarl run --shard.")
    Path directory;

    @Option(names = "--no-plots", description = "Write the CSV files and the report only, no figures.")
    boolean noPlots;

    @Override
    public Integer call() throws IOException {
        ExperimentSpec experiment = ExperimentSpec.ofRun(directory);
        ExperimentPlan plan = ExperimentPlan.resolve(experiment, parent.registry());
        PrintWriter stderr = spec.commandLine().getErr();
        List<Path> files = new ExperimentRunner(parent.registry()).merge(plan, directory, line -> {
            stderr.println(line);
            stderr.flush();
        }, !noPlots, parent.pluginJars());
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("merged " + experiment.name() + ": " + plan.experiments().size() + " experiment(s) x "
                + plan.trialSeeds().size() + " trials");
        for (Path file : files) {
            stdout.println("  " + file);
        }
        stdout.flush();
        return Main.OK;
    }
}
