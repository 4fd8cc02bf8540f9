package io.dpmarl.examples.cli;

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
 * Writes {@code RUN_DIR/claims.csv}, prints the table; exit code 1 if any claim FAILs.
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
        if (Files.isRegularFile(directory.resolve(Reproductions.MANIFEST))) {
            claims.addAll(ofReproduction(directory, registry, log));
        } else if (Files.isRegularFile(directory.resolve("config.json"))) {
            claims.addAll(ofRun(directory, registry, log));
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
            for (Path paper : papers) {
                claims.addAll(ofReproduction(paper, registry, log));
            }
        }
        Path csv = directory.resolve("claims.csv");
        ClaimTable.write(csv, claims);
        return ClaimTable.print(spec.commandLine().getOut(), claims, csv) > 0 ? Main.FAILED : Main.OK;
    }

    private static List<Claim> ofReproduction(Path directory, Registry registry, Consumer<String> log)
            throws IOException {
        Reproductions.Manifest manifest = Reproductions.readManifest(directory);
        Reproduction reproduction = registry.create(PluginKind.REPRODUCTION, Reproduction.class, manifest.paper());
        Map<String, Path> runs = new LinkedHashMap<>();
        for (String name : manifest.specs()) {
            runs.put(name, directory.resolve(name));
        }
        return Reproductions.claims(reproduction, runs, !manifest.full(), log);
    }

    private static List<Claim> ofRun(Path directory, Registry registry, Consumer<String> log) {
        ExperimentSpec experiment = ExperimentSpec.ofRun(directory);
        String target = experiment.claims().orElseThrow(() -> new IllegalArgumentException("the spec of " + directory
                + " names no reproduction; add 'claims: <paper>/<bundled spec>' to it (for example "
                + "claims: dp-nash-vi/rz-tiny) and run it again"));
        ClaimsTarget resolved = ClaimsTarget.resolve(target, registry);
        return Reproductions.claims(resolved.reproduction(), Map.of(resolved.spec(), directory), resolved.quick(),
                log);
    }
}
