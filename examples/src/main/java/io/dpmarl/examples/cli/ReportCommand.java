package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.ReportHtml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl report DIR}: rewrites {@code DIR/report.html} from the files of a run directory (with
 * {@code config.json}), of one paper's reproduction (with {@code reproduction.json}) or of a whole
 * {@code dpmarl reproduce} output (its paper folders), for example after the report's layout changed.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rewrite report.html of a run, a paper's reproduction or a reproduce output directory.")
final class ReportCommand implements Callable<Integer> {
    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A directory written by dpmarl run or reproduce.")
    Path directory;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("no such directory: " + directory);
        }
        List<Path> runs = new ArrayList<>();
        String title;
        if (Files.isRegularFile(directory.resolve("config.json"))) {
            runs.add(directory);
            title = "dpmarl run " + directory.getFileName();
        } else {
            boolean paper = Files.isRegularFile(directory.resolve(Reproductions.MANIFEST));
            for (Path folder : children(directory)) {
                if (paper && Files.isRegularFile(folder.resolve("config.json"))) {
                    runs.add(folder);
                } else if (!paper && Files.isRegularFile(folder.resolve(Reproductions.MANIFEST))) {
                    for (String name : Reproductions.readManifest(folder).specs()) {
                        if (Files.isRegularFile(folder.resolve(name).resolve("config.json"))) {
                            runs.add(folder.resolve(name));
                        }
                    }
                }
            }
            if (runs.isEmpty()) {
                throw new IllegalArgumentException(directory + " holds no run (config.json) or reproduction ("
                        + Reproductions.MANIFEST + ")");
            }
            title = "dpmarl reproduce " + directory.getFileName();
        }
        Path claims = directory.resolve("claims.csv");
        Path report = ReportHtml.write(directory.resolve(ReportHtml.FILE), title,
                Files.isRegularFile(claims) ? Optional.of(claims) : Optional.empty(), runs,
                Optional.of(parent.registry()));
        spec.commandLine().getOut().println(report);
        spec.commandLine().getOut().flush();
        return Main.OK;
    }

    private static List<Path> children(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(Files::isDirectory).sorted().toList();
        }
    }
}
