package io.dpmarl.examples.reproduce.dpqd;

import io.dpmarl.core.experiment.AggregateRow;
import io.dpmarl.core.experiment.Aggregator;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.PlotRequest;
import io.dpmarl.core.experiment.Plotter;
import io.dpmarl.core.experiment.SummaryFigures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The figures of "Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for Networked Social
 * Systems" (Qiao et al., Fig. 5) that span runs, drawn by the claims step into a run's {@code plots/} directory
 * (next to the per-spec figures, so the run reports list them). Each is drawn when its runs are given and the run
 * it goes into drew its own figures (not under {@code --no-plots}):
 * <ul>
 *   <li>{@code fig5a-q-values} (in {@code decaying}): {@code Q^i(s1, a1)} of up to {@value #AGENTS} tracked agents
 *       of DP-QD-Learning (decaying noise) overlaid with the first of those agents' {@code Q^i(s1, a1)} under
 *       QD-learning (the paper compares one random agent across the learners; the network average
 *       {@code Qbar(s1, a1)} of QD-learning if its run did not track that agent), the estimate of Center-QD, and
 *       {@code Q*(s1, a1)} (Fig. 5a);</li>
 *   <li>{@code fig5d-error-histogram} (in {@code histogram-decaying}): the histogram over runs of the error
 *       {@code Qbar(s1, a1) - Q*(s1, a1)} at the last recorded step, for DP-QD-Learning and (when
 *       {@code histogram-qd} ran, the same seeds) QD-learning (Fig. 5d).</li>
 * </ul>
 * States and actions are numbered from 0 here: {@code s1, a1} is the paper's {@code (s2, a2)}.
 */
public final class DpQdFigures {
    /** File stem of Fig. 5a. */
    public static final String FIG5A = "fig5a-q-values";
    /** File stem of Fig. 5d. */
    public static final String FIG5D = "fig5d-error-histogram";
    /** Most tracked agents drawn in Fig. 5a (with the three reference lines, six series share one axis). */
    static final int AGENTS = 3;
    /** Bins of the Fig. 5d histogram. */
    static final int BINS = 12;
    private static final String PLOTTED = "q_s1_a1";

    private DpQdFigures() {
    }

    /** Draws every figure whose runs are given; returns the files written. */
    public static List<Path> draw(ClaimInputs inputs) throws IOException {
        List<Path> files = new ArrayList<>();
        if (drawn(inputs, DpQdReproduction.DECAYING)) {
            List<AggregateRow> decaying = Aggregator.aggregate(inputs.metrics(DpQdReproduction.DECAYING));
            TreeSet<Integer> agents = new TreeSet<>();
            for (AggregateRow row : decaying) {
                if (row.metric().matches("q_agent\\d+_s1_a1")) {
                    agents.add(Integer.parseInt(row.metric().substring("q_agent".length(), row.metric().indexOf('_',
                            "q_agent".length()))));
                }
            }
            List<AggregateRow> rows = new ArrayList<>();
            for (int agent : agents.stream().limit(AGENTS).toList()) {
                rows.addAll(SummaryFigures.relabel(decaying, "q_agent" + agent + "_s1_a1",
                        "DP-QD (decaying) agent " + agent, PLOTTED));
            }
            if (inputs.has(DpQdReproduction.QD)) {
                rows.addAll(qdLearning(Aggregator.aggregate(inputs.metrics(DpQdReproduction.QD)), agents));
            }
            if (inputs.has(DpQdReproduction.CENTER)) {
                rows.addAll(SummaryFigures.relabel(Aggregator.aggregate(inputs.metrics(DpQdReproduction.CENTER)),
                        "qbar_s1_a1", "Center-QD", PLOTTED));
            }
            rows.addAll(SummaryFigures.relabel(decaying, "q_star_s1_a1", "Q*", PLOTTED));
            if (!rows.isEmpty()) {
                files.addAll(Plotter.draw(rows, PlotRequest.of(FIG5A,
                        "Q(s1, a1): DP-QD agents, QD-learning, Center-QD (Fig. 5a)", PLOTTED,
                        windowAxis(inputs), "Q(s1, a1)"), plots(inputs, DpQdReproduction.DECAYING)));
            }
        }
        if (drawn(inputs, DpQdReproduction.HISTOGRAM_DECAYING)) {
            List<MetricRecord> records = new ArrayList<>(SummaryFigures.relabelRecords(
                    inputs.metrics(DpQdReproduction.HISTOGRAM_DECAYING), label -> "DP-QD-Learning (decaying)"));
            if (inputs.has(DpQdReproduction.HISTOGRAM_QD)) {
                records.addAll(SummaryFigures.relabelRecords(inputs.metrics(DpQdReproduction.HISTOGRAM_QD),
                        label -> "QD-learning"));
            }
            files.addAll(SummaryFigures.histogram(records, SummaryFigures.Reduction.LAST, BINS, PlotRequest.of(FIG5D,
                    "Error Qbar(s1, a1) - Q*(s1, a1) at T over runs (Fig. 5d)", "qbar_error_s1_a1", "error",
                    "runs"), plots(inputs, DpQdReproduction.HISTOGRAM_DECAYING)));
        }
        return files;
    }

    /**
     * QD-learning's series of Fig. 5a: the paper compares "Q-values of a random agent" under DP-QD-Learning,
     * QD-learning and Center-QD, so this is the first drawn agent's {@code Q^i(s1, a1)} under QD-learning (trial i of
     * every spec tracks the same agents); the network average only when QD-learning's run did not track that agent.
     */
    static List<AggregateRow> qdLearning(List<AggregateRow> qd, TreeSet<Integer> agents) {
        if (!agents.isEmpty()) {
            String metric = "q_agent" + agents.first() + "_s1_a1";
            if (qd.stream().anyMatch(row -> row.metric().equals(metric))) {
                return SummaryFigures.relabel(qd, metric, "QD-learning agent " + agents.first(), PLOTTED);
            }
        }
        return SummaryFigures.relabel(qd, "qbar_s1_a1", "QD-learning (network average)", PLOTTED);
    }

    /**
     * Fig. 5a's x label: {@code "window (W steps each)"} with the decaying run's window length read from its
     * {@code eavesdropper_step} ({@link QdRuns#windowLengths}; 100 in the bundled specs), or {@code "window"} when the
     * run did not record it (no {@code qd-messages} evaluator).
     */
    static String windowAxis(ClaimInputs inputs) throws IOException {
        List<MetricRecord> steps = inputs.metrics(DpQdReproduction.DECAYING, java.util.Set.of("eavesdropper_step"));
        return steps.isEmpty() ? "window" : "window (" + QdRuns.of(steps).windowLengths() + " each)";
    }

    /** Whether {@code spec} ran and drew its figures (not under {@code --no-plots}). */
    private static boolean drawn(ClaimInputs inputs, String spec) {
        return inputs.run(spec).flatMap(SummaryFigures::plotsOf).isPresent();
    }

    private static Path plots(ClaimInputs inputs, String spec) {
        return inputs.run(spec).flatMap(SummaryFigures::plotsOf).orElseThrow();
    }
}
