package io.dpmarl.examples.reproduce.planning;

import io.dpmarl.core.experiment.AggregateRow;
import io.dpmarl.core.experiment.Aggregator;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.PlotRequest;
import io.dpmarl.core.experiment.SummaryFigures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The figures of "Differential Privacy in Cooperative Multiagent Planning" (Chen et al. 2023) that span runs or
 * plot one metric against another, drawn by the claims step into the {@code plots/} directory of a run (next to
 * the per-spec figures, so the run reports list them). Each is drawn when the runs it needs are given and the run
 * it goes into drew its own figures (not under {@code --no-plots}):
 * <ul>
 *   <li>{@code fig2-success-vs-correlation} (in {@code gridworld-md}): the minimum-dependency iterates' private
 *       success against their total correlation (Fig. 2); without diagnostic rollouts (quick setting), their
 *       truthful success instead, with the maximum-reach baseline's point when {@code gridworld-baseline} ran;</li>
 *   <li>{@code fig3-success-vs-epsilon} (in {@code gridworld-epsilon}, or in the quick setting's
 *       {@code gridworld-epsilon-figure}): the private success (mean over executed
 *       episodes) of the minimum-dependency and baseline policies against epsilon (Fig. 3);</li>
 *   <li>{@code fig5-sysadmin-success-vs-epsilon} (in {@code sysadmin-md}): SysAdmin private success per initial
 *       configuration against epsilon, minimum-dependency and (when {@code sysadmin-baseline} ran) the baseline
 *       at each of its epsilons (Fig. 5).</li>
 * </ul>
 */
public final class PlanningFigures {
    /** File stem of Fig. 2. */
    public static final String FIG2 = "fig2-success-vs-correlation";
    /** File stem of Fig. 3. */
    public static final String FIG3 = "fig3-success-vs-epsilon";
    /** File stem of Fig. 5. */
    public static final String FIG5 = "fig5-sysadmin-success-vs-epsilon";
    /** The quick setting's shorter epsilon sweep, drawn in Fig. 3 when the full {@code gridworld-epsilon} is absent. */
    public static final String EPSILON_FIGURE = "gridworld-epsilon-figure";
    /** The epsilon of the quick SysAdmin baseline spec (its learner sets it; the full spec's grid sets its own). */
    static final String SYSADMIN_BASELINE_EPSILON = "0.1";
    /** Each minimum-dependency iterate's Monte Carlo success under private communication (diagnostic rollouts). */
    static final String PRIVATE_SUCCESS = "planner_private_success";

    private PlanningFigures() {
    }

    /** Draws every figure whose runs are given; returns the files written. */
    public static List<Path> draw(ClaimInputs inputs) throws IOException {
        List<Path> files = new ArrayList<>();
        if (drawn(inputs, "gridworld-md")) {
            files.addAll(figure2(inputs));
        }
        String sweep = inputs.has("gridworld-epsilon") ? "gridworld-epsilon" : EPSILON_FIGURE;
        if (drawn(inputs, sweep)) {
            List<MetricRecord> records = SummaryFigures.relabelRecords(inputs.metrics(sweep),
                    PlanningFigures::plannerName);
            files.addAll(SummaryFigures.againstGridKey(records, "learner.epsilon",
                    SummaryFigures.Reduction.MEAN_OVER_STEPS, PlotRequest.of(FIG3,
                            "Gridworld: private success against epsilon (Fig. 3)", "episode_return", "epsilon",
                            "success rate (private execution)"), plots(inputs, sweep)));
        }
        if (drawn(inputs, "sysadmin-md")) {
            List<MetricRecord> records = new ArrayList<>(SummaryFigures.relabelRecords(inputs.metrics("sysadmin-md"),
                    label -> "minimum-dependency " + label));
            if (inputs.has("sysadmin-baseline")) {
                records.addAll(SummaryFigures.relabelRecords(inputs.metrics("sysadmin-baseline"),
                        PlanningFigures::baselineLabel));
            }
            files.addAll(SummaryFigures.againstGridKey(records, "learner.epsilon",
                    SummaryFigures.Reduction.MEAN_OVER_STEPS, new PlotRequest(FIG5,
                            "SysAdmin: private success by initial configuration (Fig. 5)", "episode_return",
                            "epsilon (log)", "success rate (private execution)", true, false),
                    plots(inputs, "sysadmin-md")));
        }
        return files;
    }

    /**
     * Fig. 2: the paper plots each iterate's success under private communication (epsilon 1, k 3) against its total
     * correlation. That is {@code planner_private_success}, recorded when the planner runs diagnostic rollouts (the
     * full setting). Without them (the quick setting) the figure falls back to the joint iterates' truthful success
     * {@code planner_success}, with the maximum-reach baseline's point, and says so in its title.
     */
    private static List<Path> figure2(ClaimInputs inputs) throws IOException {
        List<AggregateRow> md = aggregate(inputs, "gridworld-md");
        boolean privateSuccess = md.stream().anyMatch(row -> row.metric().equals(PRIVATE_SUCCESS));
        String y = privateSuccess ? PRIVATE_SUCCESS : "planner_success";
        List<AggregateRow> rows = new ArrayList<>(SummaryFigures.relabel(md, y, "minimum dependency (iterates)", y));
        rows.addAll(SummaryFigures.relabel(md, "total_correlation", "minimum dependency (iterates)",
                "total_correlation"));
        if (!privateSuccess && inputs.has("gridworld-baseline")) {
            List<AggregateRow> base = aggregate(inputs, "gridworld-baseline");
            rows.addAll(SummaryFigures.relabel(base, "planner_success", "maximum reach", "planner_success"));
            rows.addAll(SummaryFigures.relabel(base, "total_correlation", "maximum reach", "total_correlation"));
        }
        PlotRequest request = privateSuccess
                ? PlotRequest.of(FIG2, "Gridworld: private success against total correlation (Fig. 2)", y,
                        "total correlation (nats)", "success rate (private execution)")
                : PlotRequest.of(FIG2, "Gridworld: truthful success of the joint iterates against total correlation"
                        + " (Fig. 2 plots private success: needs rollouts > 0)", y, "total correlation (nats)",
                        "success probability (truthful, joint policy)");
        return SummaryFigures.againstMetric(rows, "total_correlation", request, plots(inputs, "gridworld-md"));
    }

    /**
     * A SysAdmin baseline label for Fig. 5: the quick spec sets its epsilon in the learner (its labels carry none),
     * so {@link #SYSADMIN_BASELINE_EPSILON} is added; the full spec grids over epsilon, and its labels keep their own
     * (a second epsilon would override it: the figure reads the last assignment of a key).
     */
    static String baselineLabel(String label) {
        boolean hasEpsilon = Arrays.stream(label.split(" ")).anyMatch(t -> t.startsWith("learner.epsilon="));
        return "maximum-reach " + label + (hasEpsilon ? "" : " learner.epsilon=" + SYSADMIN_BASELINE_EPSILON);
    }

    /** A grid label with the planner's spec string shortened to its name ("learner.planner=max-reach"). */
    static String plannerName(String label) {
        return label.replaceAll("(learner\\.planner=[a-z-]+)\\([^()]*\\)", "$1");
    }

    private static List<AggregateRow> aggregate(ClaimInputs inputs, String spec) throws IOException {
        return Aggregator.aggregate(inputs.metrics(spec));
    }

    /** Whether {@code spec} ran and drew its figures (not under {@code --no-plots}). */
    private static boolean drawn(ClaimInputs inputs, String spec) {
        return inputs.run(spec).flatMap(SummaryFigures::plotsOf).isPresent();
    }

    private static Path plots(ClaimInputs inputs, String spec) {
        return inputs.run(spec).flatMap(SummaryFigures::plotsOf).orElseThrow();
    }
}
