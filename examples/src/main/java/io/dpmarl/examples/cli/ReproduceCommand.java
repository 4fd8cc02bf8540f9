package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentRunner;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.experiment.ReportHtml;
import io.dpmarl.core.experiment.RunOptions;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl reproduce [PAPER ...|--all] [--quick|--full] [--out DIR] [--threads N] [--resume]}: for each paper
 * (plugins of kind REPRODUCTION; all when none is named) runs every bundled spec of the setting with the ordinary
 * runner into {@code DIR/<paper>/<spec-name>/}, writes {@code DIR/<paper>/reproduction.json} (paper, setting, spec
 * names), evaluates the paper's claims over those runs into {@code DIR/<paper>/claims.csv}, and finally prints one
 * table of every paper's claims and writes them to {@code DIR/claims.csv} ({@code paper,claim,expected,measured,
 * status}). Every bundled spec of every paper is validated before the first trial runs. Exit code 1 if any claim
 * FAILs; a paper that crashes counts as one FAIL row and the other papers still run.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Run the bundled paper reproductions and check their claims (exit 1 if any claim fails).")
final class ReproduceCommand implements Callable<Integer> {
    /** The header of {@code claims.csv}. */
    static final String CLAIMS_HEADER = ClaimTable.HEADER;

    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PAPER", arity = "0..*", description = "Paper ids, as dpmarl list --kind "
            + "reproduction shows them (dp-nash-vi, federated-td, ...; default: all).")
    List<String> papers = new ArrayList<>();

    @Option(names = "--all", description = "Run every registered reproduction (the default when no id is given).")
    boolean all;

    @Option(names = "--quick", description = "Quick setting, minutes on 2 cores (the default).")
    boolean quick;

    @Option(names = "--full", description = "Paper-size setting.")
    boolean full;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: runs/reproduce).")
    Path out = Path.of("runs", "reproduce");

    @Option(names = "--seed", paramLabel = "S", description = "Override the root seed of every bundled spec.")
    Long seed;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: available processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--resume",
            description = "Continue an interrupted reproduction in --out, skipping finished trials.")
    boolean resume;

    @Option(names = "--no-plots", description = "Write the CSV files and claims only, no figures.")
    boolean noPlots;

    @Override
    public Integer call() throws IOException {
        if (quick && full) {
            throw new IllegalArgumentException("--quick and --full exclude each other");
        }
        if (all && !papers.isEmpty()) {
            throw new IllegalArgumentException("give paper ids or --all, not both");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be in [1, inf), got " + threads);
        }
        Registry registry = parent.registry();
        List<String> selected = new ArrayList<>();
        if (papers.isEmpty()) {
            registry.list(PluginKind.REPRODUCTION).forEach(provider -> selected.add(provider.name()));
        } else {
            for (String paper : papers) {
                registry.provider(PluginKind.REPRODUCTION, paper);
                selected.add(paper);
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Consumer<String> log = line -> {
            stderr.println(line);
            stderr.flush();
        };
        // Checks before anything starts: every bundled spec of every selected paper resolves.
        Map<String, Reproduction> reproductions = new LinkedHashMap<>();
        Map<String, List<Bundled>> plans = new LinkedHashMap<>();
        for (String paper : selected) {
            Reproduction reproduction = registry.create(PluginKind.REPRODUCTION, Reproduction.class, paper);
            reproductions.put(paper, reproduction);
            List<Bundled> bundled = new ArrayList<>();
            for (BundledSpec specOfPaper : reproduction.specs(full)) {
                ExperimentSpec experiment = Reproductions.load(specOfPaper, reproduction);
                if (seed != null) {
                    experiment = experiment.with("seed", Long.toString(seed));
                }
                ExperimentPlan plan = ExperimentPlan.resolve(experiment, registry);
                bundled.add(new Bundled(specOfPaper, plan));
                Path run = out.resolve(paper).resolve(specOfPaper.name());
                if (!resume && Files.isDirectory(run)) {
                    throw new IllegalArgumentException(run + " already holds a run; pass --resume to continue the "
                            + "reproduction or choose another --out");
                }
                if (resume) {
                    // A run of another seed, setting or build is refused here, before the manifest, claims and
                    // report of the directory are rewritten.
                    ExperimentRunner.checkResumable(plan, run, parent.pluginJars());
                }
            }
            plans.put(paper, bundled);
        }
        OutDirectory.check(out);
        Files.createDirectories(out);
        List<Claim> claims = new ArrayList<>();
        if (selected.isEmpty()) {
            stdout.println("no reproductions are registered yet; nothing to check");
        }
        for (String paper : selected) {
            Path directory = out.resolve(paper);
            log.accept("reproduce " + paper + " (" + (full ? "full" : "quick") + ", " + threads + " threads) -> "
                    + directory);
            try {
                claims.addAll(reproduce(reproductions.get(paper), plans.get(paper), directory, registry, log));
            } catch (RuntimeException | IOException crash) {
                // A crashing reproduction is a failed check of this paper; the other papers still run.
                log.accept("  " + paper + ": failed: " + causes(crash));
                claims.add(Claim.check(paper, "reproduction runs to completion", "no error",
                        "error: " + causes(crash), false));
            }
        }
        Path csv = out.resolve("claims.csv");
        ClaimTable.write(csv, claims);
        List<Path> allRuns = new ArrayList<>();
        for (String paper : selected) {
            for (Bundled item : plans.get(paper)) {
                Path run = out.resolve(paper).resolve(item.spec().name());
                if (Files.isRegularFile(run.resolve("config.json"))) {
                    allRuns.add(run);
                }
            }
        }
        Path report = ReportHtml.write(out.resolve(ReportHtml.FILE), "dpmarl reproduce "
                + (full ? "--full" : "--quick") + ": " + String.join(", ", selected), Optional.of(csv), allRuns,
                Optional.of(registry));
        int code = ClaimTable.print(stdout, claims, csv) > 0 ? Main.FAILED : Main.OK;
        stdout.println("report: " + report);
        stdout.flush();
        return code;
    }

    /** A bundled spec with its resolved plan. */
    private record Bundled(BundledSpec spec, ExperimentPlan plan) {
    }

    private List<Claim> reproduce(Reproduction reproduction, List<Bundled> bundled, Path directory, Registry registry,
                                  Consumer<String> log) throws IOException {
        Files.createDirectories(directory);
        Reproductions.writeManifest(directory, new Reproductions.Manifest(reproduction.paperId(), full,
                bundled.stream().map(b -> b.spec().name()).toList()));
        Map<String, Path> runs = new LinkedHashMap<>();
        int index = 0;
        for (Bundled item : bundled) {
            index++;
            Path run = directory.resolve(item.spec().name());
            log.accept(reproduction.paperId() + ": spec " + index + "/" + bundled.size() + " " + item.spec().name()
                    + " -> " + run);
            boolean continuing = resume && Files.isRegularFile(run.resolve("config.json"));
            new ExperimentRunner(registry).run(item.plan(), new RunOptions(run, continuing, threads, log,
                    System.console() != null, trial -> { }).withPlots(!noPlots).withPluginJars(parent.pluginJars()));
            runs.put(item.spec().name(), run);
        }
        List<Claim> claims = Reproductions.claims(reproduction, runs, !full, log);
        ClaimTable.write(directory.resolve("claims.csv"), claims);
        ReportHtml.write(directory.resolve(ReportHtml.FILE), "dpmarl reproduce " + reproduction.paperId()
                + (full ? " --full" : " --quick"), Optional.of(directory.resolve("claims.csv")),
                List.copyOf(runs.values()), Optional.of(registry));
        return claims;
    }

    /** The messages of an exception and its causes, on one line. */
    static String causes(Throwable crash) {
        StringBuilder text = new StringBuilder(Main.oneLine(String.valueOf(crash.getMessage())));
        java.util.Set<Throwable> seen = new java.util.HashSet<>();
        seen.add(crash);
        for (Throwable cause = crash.getCause(); cause != null && seen.add(cause); cause = cause.getCause()) {
            text.append(" (caused by ").append(cause.getClass().getSimpleName()).append(": ")
                    .append(Main.oneLine(String.valueOf(cause.getMessage()))).append(')');
        }
        return text.toString();
    }
}
