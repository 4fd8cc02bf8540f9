package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimsTarget;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.Reproduction;
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
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl claims RUN_DIR}: re-evaluates reproduction claims over existing runs, without running anything.
 * {@code RUN_DIR} is one of
 * <ul>
 *   <li>a reproduction directory ({@code reproduction.json}, written by {@code dpmarl reproduce PAPER}): the paper's
 *       claims over its finished spec runs;</li>
 *   <li>the output of {@code dpmarl reproduce} over several papers: each paper sub-directory in turn;</li>
 *   <li>a single {@code dpmarl run} directory whose spec has {@code claims: <paper>/<bundled spec>}: that paper's
 *       claims over this run as the named bundled spec (so a user can copy a bundled spec, change it, run it and
 *       judge it). The setting is quick if the paper's quick setting has a spec of that name, full otherwise.</li>
 * </ul>
 * Writes {@code RUN_DIR/claims.csv}, prints the table; exit code 1 if any claim FAILs. A claims step may judge a
 * subset of its bundled specs: when the runs given are fewer than the setting's specs, a note before the table names
 * the specs whose claims are left out. A claims step that yields no claim at all from the directory (the run is not
 * one its claims apply to: it lacks the series or metrics they read) is bad input: one line naming the reproduction
 * and the bundled specs its claims read, exit 2, nothing written.
 */
@Command(name = "claims", mixinStandardHelpOptions = true,
        description = "Re-evaluate the reproduction claims of an existing run or reproduction directory "
                + "(exit 1 if any claim fails).")
final class ClaimsCommand implements Callable<Integer> {
    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR",
            description = "A reproduction directory, a dpmarl reproduce output, or a run whose spec names claims.")
    Path directory;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("run directory " + directory + " does not exist");
        }
        Registry registry = parent.registry();
        PrintWriter stderr = spec.commandLine().getErr();
        Consumer<String> log = line -> {
            stderr.println(line);
            stderr.flush();
        };
        List<Claim> claims = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (Files.isRegularFile(directory.resolve(Reproductions.MANIFEST))) {
            claims.addAll(requireSome(ofReproduction(directory, registry, log, notes)));
        } else if (Files.isRegularFile(directory.resolve("config.json"))) {
            claims.addAll(requireSome(ofRun(directory, registry, log, notes)));
        } else {
            List<Path> papers;
            try (var entries = Files.list(directory)) {
                papers = entries.filter(path -> Files.isRegularFile(path.resolve(Reproductions.MANIFEST))).sorted()
                        .toList();
            }
            if (papers.isEmpty()) {
                throw new IllegalArgumentException(directory + " holds no reproduction (reproduction.json) and no run "
                        + "(config.json)");
            }
            List<String> unjudged = new ArrayList<>();
            for (Path paper : papers) {
                Judged judged = ofReproduction(paper, registry, log, notes);
                if (judged.claims().isEmpty()) {
                    unjudged.add(judged.noClaim());
                }
                claims.addAll(judged.claims());
            }
            if (claims.isEmpty()) {
                throw new IllegalArgumentException(String.join("; ", unjudged));
            }
            unjudged.forEach(line -> log.accept("dpmarl: " + line));
        }
        Path csv = directory.resolve("claims.csv");
        ClaimTable.write(csv, claims);
        PrintWriter stdout = spec.commandLine().getOut();
        notes.forEach(stdout::println);
        return ClaimTable.print(stdout, claims, csv) > 0 ? Main.FAILED : Main.OK;
    }

    /**
     * The claims of one claims step, and what to say if there are none.
     *
     * @param claims  the claim rows
     * @param noClaim the one-line refusal when {@code claims} is empty
     */
    private record Judged(List<Claim> claims, String noClaim) {
    }

    private static List<Claim> requireSome(Judged judged) {
        if (judged.claims().isEmpty()) {
            throw new IllegalArgumentException(judged.noClaim());
        }
        return judged.claims();
    }

    private static Judged ofReproduction(Path directory, Registry registry, Consumer<String> log, List<String> notes)
            throws IOException {
        Reproductions.Manifest manifest = Reproductions.readManifest(directory);
        Reproduction reproduction = registry.create(PluginKind.REPRODUCTION, Reproduction.class, manifest.paper());
        Map<String, Path> runs = new LinkedHashMap<>();
        for (String name : manifest.specs()) {
            runs.put(name, directory.resolve(name));
        }
        List<String> finished = runs.entrySet().stream()
                .filter(run -> Files.isRegularFile(run.getValue().resolve("metrics.csv"))).map(Map.Entry::getKey)
                .toList();
        List<Claim> claims = Reproductions.claims(reproduction, runs, !manifest.full(), log);
        return judged(reproduction, !manifest.full(), directory, finished, claims, notes);
    }

    private static Judged ofRun(Path directory, Registry registry, Consumer<String> log, List<String> notes) {
        ExperimentSpec experiment = ExperimentSpec.ofRun(directory);
        String target = experiment.claims().orElseThrow(() -> new IllegalArgumentException("the spec of " + directory
                + " names no reproduction; add 'claims: <paper>/<bundled spec>' to it (for example "
                + "claims: dp-nash-vi/rz-tiny) and run it again"));
        ClaimsTarget resolved = ClaimsTarget.resolve(target, registry);
        List<Claim> claims = Reproductions.claims(resolved.reproduction(), Map.of(resolved.spec(), directory),
                resolved.quick(), log);
        boolean finished = Files.isRegularFile(directory.resolve("metrics.csv"));
        return judged(resolved.reproduction(), resolved.quick(), directory,
                finished ? List.of(resolved.spec()) : List.of(), claims, notes);
    }

    /**
     * The claims of {@code reproduction} over the finished runs of {@code directory}; adds a note when the runs are
     * fewer than the setting's bundled specs (the claims over the others are left out).
     */
    private static Judged judged(Reproduction reproduction, boolean quick, Path directory, List<String> finished,
                                 List<Claim> claims, List<String> notes) {
        String paper = reproduction.paperId();
        String setting = quick ? "quick" : "full";
        List<String> specs = reproduction.specs(!quick).stream().map(BundledSpec::name).toList();
        List<String> missing = specs.stream().filter(name -> !finished.contains(name)).toList();
        if (!claims.isEmpty() && !missing.isEmpty()) {
            notes.add("note: " + paper + ": " + claims.size() + " claim(s) from " + finished.size() + " of the "
                    + specs.size() + " bundled " + setting + " specs (" + String.join(", ", finished) + "); the claims "
                    + "that need " + String.join(", ", missing) + " are left out, as " + directory + " lacks those "
                    + "runs (dpmarl reproduce " + paper + " --" + setting + " judges them all)");
        }
        String noClaim = "claims: " + paper + " yields no claim from " + directory
                + (finished.isEmpty() ? ", which holds no finished run (metrics.csv)"
                : " judged as its bundled " + setting + " spec" + (finished.size() == 1 ? " " : "s ")
                + String.join(", ", finished) + ": the run" + (finished.size() == 1 ? " lacks" : "s lack")
                + " the series and metrics its claims read")
                + "; its claims read runs of the bundled " + setting + " specs " + String.join(", ", specs)
                + " (run one, or a copy that keeps its grid and evaluators, with claims: " + paper + "/<spec>)";
        return new Judged(claims, noClaim);
    }
}
