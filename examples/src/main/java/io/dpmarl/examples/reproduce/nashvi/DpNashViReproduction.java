package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.algorithms.tabular.nashvi.DpNashViConfig;
import io.dpmarl.algorithms.tabular.nashvi.PrivatizerKind;
import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricSink;
import io.dpmarl.core.experiment.PlotRequest;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.experiment.ReproductionSettings;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The reproduction {@code dpmarl reproduce dp-nash-vi} (Qiao and Wang 2024; spec 001 Section 5.2 protocol,
 * a proposal since the paper has no experiments). On RZ-tiny (S = A = B = H = 2) it runs DP-Nash-VI with
 * the non-private, central (epsilon-JDP) and local (epsilon-LDP) privatizers over an epsilon grid, in
 * practical mode (C1 = C2 = 0.1, eScale = 0.001, truncation H-h+1), with paired seeds; on matching pennies and
 * rock-paper-scissors it tracks the output policy's Nash gap. It writes the metrics {@code cumulative_regret},
 * {@code nash_gap} (RZ-tiny) and {@code matrix_nash_gap} per series and trial, draws the regret and gap
 * curves, prints every final Nash gap with its certified gap, and returns the claims: A11-A14 gated (PASS or
 * FAIL), the rest RECORDED. Trials run on {@code settings.threads()} threads; each trial owns its streams
 * (derived from the root seed and the trial index), so results do not depend on the thread count.
 */
public final class DpNashViReproduction implements Reproduction {
    static final String PAPER = "dp-nash-vi";
    private final NashViProtocol quick;
    private final NashViProtocol full;

    /** The reproduction with the standard quick and full protocols. */
    public DpNashViReproduction() {
        this(NashViProtocol.quick(), NashViProtocol.full());
    }

    /** The reproduction with custom protocols (tests use a smaller one). */
    public DpNashViReproduction(NashViProtocol quick, NashViProtocol full) {
        this.quick = quick;
        this.full = full;
    }

    @Override
    public String paperId() {
        return PAPER;
    }

    private record Task(String game, Supplier<TabularZeroSumGame> model, PrivatizerKind privatizer, double epsilon,
                        DpNashViConfig config, long seed, List<Integer> checkpoints) {
    }

    @Override
    public List<Claim> run(ReproductionSettings settings) throws IOException {
        NashViProtocol protocol = settings.full() ? full : quick;
        TabularZeroSumGame tiny = ZeroSumGames.random(2, 2, 2, 2, protocol.instanceSeed());
        // each trial gets its own environment instance: an environment holds its episode state
        Map<String, Supplier<TabularZeroSumGame>> games = new LinkedHashMap<>();
        games.put("rz-tiny", () -> ZeroSumGames.random(2, 2, 2, 2, protocol.instanceSeed()));
        games.put("matching-pennies", ZeroSumGames::matchingPennies);
        games.put("rock-paper-scissors", ZeroSumGames::rockPaperScissors);
        RandomStreams root = RandomStreams.of(settings.seed());
        List<List<Task>> seriesTasks = new ArrayList<>();
        for (Map.Entry<String, Supplier<TabularZeroSumGame>> game : games.entrySet()) {
            int episodes = game.getKey().equals("rz-tiny") ? protocol.episodes() : protocol.matrixEpisodes();
            List<Integer> checkpoints = NashViProtocol.checkpoints(episodes);
            List<double[]> grid = new ArrayList<>();
            grid.add(new double[] {PrivatizerKind.NON_PRIVATE.ordinal(), Double.POSITIVE_INFINITY});
            for (PrivatizerKind kind : List.of(PrivatizerKind.CENTRAL, PrivatizerKind.LOCAL)) {
                for (double epsilon : protocol.epsilons()) {
                    grid.add(new double[] {kind.ordinal(), epsilon});
                }
            }
            for (double[] cell : grid) {
                PrivatizerKind kind = PrivatizerKind.values()[(int) cell[0]];
                double epsilon = cell[1];
                DpNashViConfig config = DpNashViConfig.practical(episodes, epsilon, protocol.beta(), kind,
                        protocol.bonusScale(), protocol.eScale(), protocol.truncation());
                List<Task> tasks = new ArrayList<>();
                for (int trial = 0; trial < protocol.seeds(); trial++) {
                    long seed = root.child(game.getKey() + "/trial/" + trial).seed();
                    tasks.add(new Task(game.getKey(), game.getValue(), kind, epsilon, config, seed, checkpoints));
                }
                seriesTasks.add(tasks);
            }
        }
        settings.log().accept("dp-nash-vi: " + seriesTasks.size() + " configurations x " + protocol.seeds()
                + " seeds, K = " + protocol.episodes() + " (RZ-tiny), " + protocol.matrixEpisodes() + " (matrix games), "
                + settings.threads() + " threads");
        List<Series> series = execute(seriesTasks, settings.threads());
        writeMetrics(series, settings.output().metrics());
        settings.output().plot(new PlotRequest("dp_nash_vi_regret", "DP-Nash-VI cumulative regret (RZ-tiny)",
                "cumulative_regret", "episodes", "cumulative regret", true, true));
        settings.output().plot(new PlotRequest("dp_nash_vi_nash_gap", "DP-Nash-VI output Nash gap (RZ-tiny)",
                "nash_gap", "episodes", "Nash gap of the output policy", true, true));
        settings.output().plot(new PlotRequest("dp_nash_vi_matrix_nash_gap",
                "DP-Nash-VI output Nash gap (matrix games)", "matrix_nash_gap", "episodes", "Nash gap", true, true));
        double nashValue = new ZeroSumOracle(tiny).initialValue(new ZeroSumOracle(tiny).nashValues());
        List<Claim> claims = NashViClaims.evaluate(series, protocol, settings.log());
        StringBuilder summary = new StringBuilder();
        summary.append("DP-Nash-VI reproduction (").append(settings.full() ? "full" : "quick").append("), ")
                .append("RZ-tiny instance seed ").append(protocol.instanceSeed()).append(", V*_1(s_1) = ")
                .append(String.format(Locale.ROOT, "%.4f", nashValue)).append('\n')
                .append("constants: mode=PRACTICAL, C1=C2=").append(protocol.bonusScale()).append(", eScale=")
                .append(protocol.eScale()).append(", truncation=").append(protocol.truncation()).append(", beta=")
                .append(protocol.beta()).append(", calibration=RIGOROUS, cce=MIN_GAP\n");
        for (Series s : series) {
            int last = s.last();
            String line = String.format(Locale.ROOT, "%-36s K=%-6d regret %10.2f +- %7.2f | final Nash gap %.4f"
                            + " (certified gap %.4f)", s.label(), s.trials().get(0).checkpoints()[last],
                    s.mean(last, Series.Quantity.REGRET), s.standardError(last, Series.Quantity.REGRET),
                    s.mean(last, Series.Quantity.NASH_GAP), s.mean(last, Series.Quantity.CERTIFIED_GAP));
            settings.log().accept(line);
            summary.append(line).append('\n');
        }
        int retries = 0;
        int fallbacks = 0;
        int outputFallbacks = 0;
        for (Series s : series) {
            for (TrialResult trial : s.trials()) {
                retries += trial.cceRetries();
                fallbacks += trial.postProcessingFallbacks();
                outputFallbacks += trial.fallbackUsed() ? 1 : 0;
            }
        }
        String diagnostics = "diagnostics: CCE re-solves " + retries + ", post-processing fallbacks " + fallbacks
                + ", runs whose output is the pi^1 fallback " + outputFallbacks;
        settings.log().accept(diagnostics);
        summary.append(diagnostics).append('\n');
        for (Claim claim : claims) {
            summary.append(claim.status()).append("  ").append(claim.claim()).append(": ").append(claim.measured())
                    .append(" (expected ").append(claim.expected()).append(")\n");
        }
        settings.output().writeText("dp_nash_vi_summary.txt", summary.toString());
        return claims;
    }

    private static List<Series> execute(List<List<Task>> seriesTasks, int threads) throws IOException {
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<List<Future<TrialResult>>> futures = new ArrayList<>();
            for (List<Task> tasks : seriesTasks) {
                List<Future<TrialResult>> row = new ArrayList<>();
                for (Task task : tasks) {
                    row.add(executor.submit(() -> NashViTrial.run(task.model().get(), task.config(), task.seed(),
                            task.checkpoints())));
                }
                futures.add(row);
            }
            List<Series> series = new ArrayList<>();
            for (int i = 0; i < seriesTasks.size(); i++) {
                List<TrialResult> trials = new ArrayList<>();
                for (Future<TrialResult> future : futures.get(i)) {
                    trials.add(future.get());
                }
                Task first = seriesTasks.get(i).get(0);
                series.add(new Series(first.game(), first.privatizer(), first.epsilon(), trials));
            }
            return series;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IOException("dp-nash-vi reproduction interrupted", interrupted);
        } catch (ExecutionException failure) {
            throw new IllegalStateException("a dp-nash-vi trial failed", failure.getCause());
        } finally {
            executor.shutdownNow();
        }
    }

    private static void writeMetrics(List<Series> series, MetricSink sink) {
        for (Series s : series) {
            boolean tiny = s.game().equals("rz-tiny");
            for (int trial = 0; trial < s.trials().size(); trial++) {
                TrialResult result = s.trials().get(trial);
                for (int i = 0; i < result.checkpoints().length; i++) {
                    long step = result.checkpoints()[i];
                    if (tiny) {
                        sink.accept(new MetricRecord(s.label(), trial, result.seed(), step, "cumulative_regret",
                                result.cumulativeRegret()[i]));
                        sink.accept(new MetricRecord(s.label(), trial, result.seed(), step, "nash_gap", result.nashGap()[i]));
                    } else {
                        sink.accept(new MetricRecord(s.label(), trial, result.seed(), step, "matrix_nash_gap",
                                result.nashGap()[i]));
                    }
                }
            }
        }
    }
}
