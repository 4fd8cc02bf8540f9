package io.dpmarl.examples.bench;

import io.dpmarl.core.experiment.AggregateRow;
import io.dpmarl.core.experiment.Aggregator;
import io.dpmarl.core.experiment.PlotItem;
import io.dpmarl.core.experiment.PlotRequest;
import io.dpmarl.core.experiment.Plotter;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The share of {@code reproduce --quick} spent drawing figures, as two numbers: {@code reproduceQuickNoPlots} is
 * the whole reproduction without figures ({@code --no-plots}: runs, CSV files, claims, reports), and
 * {@code drawEveryFigure} draws every figure that reproduction's specs ask for ({@code plots:}) from its
 * {@code aggregate.csv} files, as the runner does (2 threads). Share = draw / (reproduce + draw).
 * Single-shot times: one reproduction is one measurement.
 *
 * <p>{@code java -Djmh.ignoreLock=true -cp <test-classes:classes:deps> org.openjdk.jmh.Main ReproduceFiguresBenchmark
 * -f 1 -wi 1 -i 3}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReproduceFiguresBenchmark {
    private Path directory;
    private final List<Path> runs = new ArrayList<>();
    private final List<List<AggregateRow>> aggregates = new ArrayList<>();
    private final List<List<PlotRequest>> requests = new ArrayList<>();

    /** One quick reproduction without figures, whose runs the figure benchmark draws. */
    @Setup(Level.Trial)
    public void reproduceOnce() throws IOException {
        directory = Files.createTempDirectory("dpmarl-figures-bench");
        reproduce(directory.resolve("setup"));
        try (Stream<Path> files = Files.walk(directory.resolve("setup"))) {
            for (Path config : files.filter(p -> p.getFileName().toString().equals("config.json")).sorted().toList()) {
                Path run = config.getParent();
                runs.add(run);
                aggregates.add(Aggregator.read(run.resolve("aggregate.csv")));
                List<PlotRequest> wanted = new ArrayList<>();
                String json = Files.readString(config);
                int start = json.indexOf("\"plots\" : [");
                if (start >= 0) {
                    String list = json.substring(start + 11, json.indexOf(']', start));
                    for (String metric : list.replace("\"", "").split(",")) {
                        if (!metric.isBlank()) {
                            wanted.add(Plotter.defaultRequest(PlotItem.parse(metric.trim())));
                        }
                    }
                }
                requests.add(wanted);
            }
        }
    }

    /** The reproduction without figures. */
    @Benchmark
    public int reproduceQuickNoPlots() throws IOException {
        Path out = Files.createTempDirectory(directory, "run");
        return reproduce(out);
    }

    /** Every figure of the reproduction, drawn from its aggregates on 2 threads. */
    @Benchmark
    public int drawEveryFigure() throws IOException {
        int files = 0;
        for (int i = 0; i < runs.size(); i++) {
            files += Plotter.drawAll(aggregates.get(i), requests.get(i),
                    Files.createTempDirectory(directory, "plots"), 2).size();
        }
        return files;
    }

    /** Deletes the temporary directory. */
    @TearDown(Level.Trial)
    public void delete() throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static int reproduce(Path out) {
        StringWriter sink = new StringWriter();
        return Main.execute(new String[] {"reproduce", "--quick", "--no-plots", "--threads", "2", "--out",
            out.toString()}, new PrintWriter(sink), new PrintWriter(sink), Registry::discover);
    }
}
