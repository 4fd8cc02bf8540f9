package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.AtomicFiles;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.Csv;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.experiment.ReproductionSettings;
import io.dpmarl.core.experiment.RunDirectory;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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
 * {@code dpmarl reproduce [paper-id ...|--all] [--quick|--full] [--out DIR] [--seed S] [--threads N]}:
 * runs the bundled reproductions (plugins of kind REPRODUCTION), each into {@code <out>/<paper-id>/},
 * prints one row per claim (paper, claim, paper value, measured value, status) and writes the rows to
 * {@code <out>/claims.csv} ({@code paper,claim,expected,measured,status}). Exit code 1 if any claim FAILs;
 * a reproduction that throws counts as one FAIL row and the other papers still run.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Run the bundled paper reproductions and check their claims (exit 1 if any claim fails).")
final class ReproduceCommand implements Callable<Integer> {
    /** The header of {@code claims.csv}. */
    static final String CLAIMS_HEADER = "paper,claim,expected,measured,status";

    @ParentCommand
    DpmarlCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PAPER", arity = "0..*", description = "Paper ids (default: all).")
    List<String> papers = new ArrayList<>();

    @Option(names = "--all", description = "Run every registered reproduction (the default when no id is given).")
    boolean all;

    @Option(names = "--quick", description = "Quick setting, minutes on 2 cores (the default).")
    boolean quick;

    @Option(names = "--full", description = "Paper-size setting.")
    boolean full;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: runs/reproduce).")
    Path out = Path.of("runs", "reproduce");

    @Option(names = "--seed", paramLabel = "S", description = "Root seed (default: 1).")
    long seed = 1;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: available processors).")
    int threads = Runtime.getRuntime().availableProcessors();

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
        List<PluginProvider<?>> available = registry.list(PluginKind.REPRODUCTION);
        List<String> selected = new ArrayList<>();
        if (papers.isEmpty()) {
            available.forEach(provider -> selected.add(provider.name()));
        } else {
            for (String paper : papers) {
                registry.provider(PluginKind.REPRODUCTION, paper);
                selected.add(paper);
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Files.createDirectories(out);
        List<Claim> claims = new ArrayList<>();
        if (selected.isEmpty()) {
            stdout.println("no reproductions are registered yet; nothing to check");
        }
        for (String paper : selected) {
            Reproduction reproduction = registry.create(PluginKind.REPRODUCTION, Reproduction.class, paper);
            RunDirectory output = RunDirectory.create(out.resolve(paper));
            stderr.println("reproduce " + paper + " (" + (full ? "full" : "quick") + ", seed " + seed + ", "
                    + threads + " threads) -> " + output.directory());
            stderr.flush();
            ReproductionSettings settings = new ReproductionSettings(full, seed, threads, output, line -> {
                stderr.println("  " + paper + ": " + line);
                stderr.flush();
            });
            try {
                claims.addAll(reproduction.run(settings));
            } catch (RuntimeException | IOException crash) {
                // A crashing reproduction is a failed check of this paper; the other papers still run.
                stderr.println("  " + paper + ": failed: " + causes(crash));
                stderr.flush();
                claims.add(Claim.check(paper, "reproduction runs to completion", "no error",
                        "error: " + causes(crash), false));
            }
            output.finish();
        }
        StringBuilder csv = new StringBuilder(CLAIMS_HEADER).append('\n');
        for (Claim claim : claims) {
            csv.append(Csv.line(claim.paper(), claim.claim(), claim.expected(), claim.measured(),
                    claim.status().name())).append('\n');
        }
        AtomicFiles.writeText(out.resolve("claims.csv"), csv.toString());
        if (!claims.isEmpty()) {
            printTable(stdout, claims);
        }
        long failed = claims.stream().filter(claim -> claim.status() == ClaimStatus.FAIL).count();
        stdout.println(claims.size() + " claim(s): " + count(claims, ClaimStatus.PASS) + " PASS, " + failed
                + " FAIL, " + count(claims, ClaimStatus.RECORDED) + " RECORDED; wrote " + out.resolve("claims.csv"));
        stdout.flush();
        return failed > 0 ? Main.FAILED : Main.OK;
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

    private static long count(List<Claim> claims, ClaimStatus status) {
        return claims.stream().filter(claim -> claim.status() == status).count();
    }

    private static void printTable(PrintWriter out, List<Claim> claims) {
        String[] header = {"paper", "claim", "paper value", "measured", "status"};
        int[] widths = new int[header.length];
        List<String[]> rows = new ArrayList<>();
        rows.add(header);
        for (Claim claim : claims) {
            rows.add(new String[] {claim.paper(), claim.claim(), claim.expected(), claim.measured(),
                claim.status().name()});
        }
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == 0 ? "" : "  ").append(i == row.length - 1 ? row[i]
                        : String.format("%-" + widths[i] + "s", row[i]));
            }
            out.println(line);
        }
    }
}
