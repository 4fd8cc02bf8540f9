package io.dpmarl.examples.reproduce.dpqd;

import static io.dpmarl.examples.reproduce.dpqd.QdRuns.format;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.PrivacyCsv;
import io.dpmarl.core.pipeline.Schedule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongUnaryOperator;

/**
 * The theorem checks on the many-run specs and the privacy figures (pre-registered thresholds):
 * <ul>
 *   <li>T1 (Theorem V.1, mean-square consensus): the mean over runs of the mean-square consensus error decreases
 *       strictly over the three recorded points, printed at the steps they end at, read from the run (t = 100,
 *       1000, 10000; quick: 20, 200, 2000);</li>
 *   <li>T2 (Theorem V.2, consensus in expectation): recorded, {@code |mean over runs of Q^i - Qbar|} of the tracked
 *       agents at the first recorded window (printed at its step, read from the run: t = 100 in the bundled specs)
 *       and at T, largest over the tracked agent-pairs (the mean over the runs that tracked agent i, whose number the
 *       row prints: one run gives that run's gap, not an expectation);</li>
 *   <li>T3 (Theorem V.3, no extra bias from the noise): per pair, the paired difference of {@code Qbar(T)} between
 *       DP-QD-Learning and QD-learning (same seeds) has |mean| at most 3 standard errors (two-sided false rejection
 *       0.27% per pair);</li>
 *   <li>T4 (Theorem V.4, (p, r)-accuracy): for p in {0.05, 0.1, 0.2} the share of runs with
 *       {@code |Qbar(T) - Q*| <= sqrt(2 var / p)} (the radius of the theorem's proof, eq. 25; its statement prints
 *       {@code sqrt(var / p)}, the smaller) is at least 1 - p on every pair: PASS; DIFFERS when the
 *       finite-T bias (shared with QD-learning) breaks it, shown by QD-learning on the same seeds missing 1 - p on
 *       that pair too (with its own variance), with the bias and sd; FAIL otherwise (no QD-learning run
 *       included);</li>
 *   <li>privacy (Theorem V.5): the paper's per-step epsilon at the last step next to the epsilon the accountant
 *       composed over T steps (largest over agents, from privacy.csv): DIFFERS where they disagree.</li>
 * </ul>
 */
final class DpQdTheoremClaims {
    static final String PAPER = DpQdReproduction.PAPER;
    /** T3 threshold in standard errors. */
    static final double T3_STANDARD_ERRORS = 3;
    private static final String[] PAIRS = {"s0_a0", "s0_a1", "s1_a0", "s1_a1"};

    private DpQdTheoremClaims() {
    }

    static List<Claim> evaluate(ClaimInputs inputs) throws IOException {
        List<Claim> claims = new ArrayList<>();
        QdRuns histogram = inputs.has(DpQdReproduction.HISTOGRAM_DECAYING)
                ? QdRuns.of(inputs.metrics(DpQdReproduction.HISTOGRAM_DECAYING)) : null;
        if (histogram != null) {
            java.util.Optional<QdRuns> clear = inputs.has(DpQdReproduction.HISTOGRAM_QD)
                    ? java.util.Optional.of(QdRuns.of(inputs.metrics(DpQdReproduction.HISTOGRAM_QD)))
                    : java.util.Optional.empty();
            claims.add(meanSquareConsensus(histogram, schedule(inputs, DpQdReproduction.HISTOGRAM_DECAYING)));
            claims.addAll(accuracy(histogram, clear));
            clear.ifPresent(qd -> claims.add(noExtraBias(histogram, qd)));
        }
        if (inputs.has(DpQdReproduction.DECAYING)) {
            claims.add(consensusInExpectation(QdRuns.of(inputs.metrics(DpQdReproduction.DECAYING))));
            claims.add(privacy(inputs, DpQdReproduction.DECAYING, DpQdReproduction.DECAY));
        }
        if (inputs.has(DpQdReproduction.UNDECAYING)) {
            claims.add(privacy(inputs, DpQdReproduction.UNDECAYING, 1.0));
        }
        return claims;
    }

    /**
     * T1 at the run's recorded windows, each printed at the step it ends at: from {@code eavesdropper_step}
     * ({@link QdRuns#stepsDone}, as C2 and C5) when the run has it; else from the run's {@code schedule}, window k of
     * step limit L ending at {@code min(k L, T)} (the bundled histogram specs have no {@code qd-messages}: a CBMP
     * episode ends only at its step limit, and a schedule of T steps cuts only the last); else at the window numbers,
     * saying that the steps are unknown.
     *
     * @param schedule the schedule of the run's config.json, if it was read and no grid varies it
     */
    static Claim meanSquareConsensus(QdRuns runs, Optional<Schedule> schedule) {
        List<Long> steps = runs.steps("consensus_ms_error");
        LongUnaryOperator end = null;
        if (runs.has("eavesdropper_step")) {
            end = runs::stepsDone;
        } else if (schedule.isPresent() && schedule.get().unit() == Schedule.Unit.STEPS
                && schedule.get().stepLimit().isPresent()) {
            long limit = schedule.get().stepLimit().getAsInt();
            long total = schedule.get().length();
            end = window -> Math.min(window * limit, total);
        }
        List<String> points = new ArrayList<>();
        List<String> values = new ArrayList<>();
        List<Double> means = new ArrayList<>();
        boolean decreasing = steps.size() >= 3;
        for (long step : steps) {
            means.add(QdRuns.mean(runs.at("consensus_ms_error", step).values()));
            decreasing &= means.size() == 1 || means.get(means.size() - 1) < means.get(means.size() - 2);
            String point = Long.toString(end == null ? step : end.applyAsLong(step));
            points.add(point);
            values.add((end == null ? "window " : "t=") + point + ": " + format(means.get(means.size() - 1)));
        }
        String at = end == null ? "the recorded windows " + String.join(", ", points) + " (their steps unknown: no"
                + " eavesdropper_step in the run and no schedule.steps with a step-limit in its config.json)"
                : "the recorded windows' ends t = " + String.join(", ", points);
        return Claim.check(PAPER, "T1 mean-square consensus (Theorem V.1)",
                "mean over runs of the mean-square consensus error strictly decreasing at " + at,
                runs.trials("consensus_ms_error").size() + " runs: " + String.join(", ", values), decreasing);
    }

    /**
     * The schedule of {@code spec}'s run, from its config.json: empty when the directory has none (a copied
     * metrics.csv) or a grid varies a schedule key (the experiments' schedules then differ).
     */
    static Optional<Schedule> schedule(ClaimInputs inputs, String spec) {
        Optional<Path> run = inputs.run(spec).filter(directory -> Files.isRegularFile(
                directory.resolve("config.json")));
        if (run.isEmpty()) {
            return Optional.empty();
        }
        ExperimentSpec written = ExperimentSpec.ofRun(run.get());
        boolean varied = written.grid().keySet().stream().anyMatch(key -> key.startsWith("schedule.")
                || key.equals("steps") || key.equals("episodes"));
        return varied ? Optional.empty() : Optional.of(written.schedule());
    }

    /**
     * T2: per tracked agent-pair, {@code |mean of Q^i - Qbar|} over the runs that tracked the agent (each trial
     * tracks its own random agents, so an agent's metric exists only in some trials), largest over agent-pairs. The
     * row says over how many runs those means are and which agent-pair gives each largest value: with few runs most
     * agents are tracked in one run, and a mean over one run is that run's gap, not an expectation. The first point
     * is the first recorded window, printed at its step ({@link QdRuns#stepsDone}).
     */
    static Claim consensusInExpectation(QdRuns runs) {
        String name = "T2 consensus in expectation (Theorem V.2)";
        String expected = "|mean over runs of Q^i - Qbar| -> 0 for every agent i and pair (the theorem's expectation"
                + " over runs; here over the runs that tracked agent i)";
        List<String> metrics = runs.metricsStartingWith("q_agent");
        if (metrics.isEmpty()) {
            return Claim.recorded(PAPER, name, expected, "no tracked agents (qd-error(tracked-agents=0))");
        }
        long firstWindow = runs.steps(metrics.get(0)).get(0);
        Gap first = null;
        Gap last = null;
        int count = 0;
        int fewestRuns = Integer.MAX_VALUE;
        int mostRuns = 0;
        java.util.Set<String> agents = new java.util.TreeSet<>();
        java.util.Set<Integer> allRuns = new java.util.TreeSet<>();
        for (String metric : metrics) {
            String pair = metric.substring(metric.indexOf("_s") + 1);
            Map<Integer, Double> average = runs.at("qbar_" + pair, firstWindow);
            Map<Integer, Double> averageLast = runs.last("qbar_" + pair);
            Map<Integer, Double> agentFirst = runs.at(metric, firstWindow);
            Map<Integer, Double> agentLast = runs.last(metric);
            double sumFirst = 0;
            double sumLast = 0;
            for (Map.Entry<Integer, Double> trial : agentFirst.entrySet()) {
                sumFirst += trial.getValue() - average.get(trial.getKey());
                sumLast += agentLast.get(trial.getKey()) - averageLast.get(trial.getKey());
            }
            int tracked = agentFirst.size();
            first = Gap.larger(first, new Gap(metric, tracked, Math.abs(sumFirst / tracked)));
            last = Gap.larger(last, new Gap(metric, tracked, Math.abs(sumLast / tracked)));
            count++;
            fewestRuns = Math.min(fewestRuns, tracked);
            mostRuns = Math.max(mostRuns, tracked);
            agents.add(metric.substring(0, metric.indexOf("_s")));
            allRuns.addAll(average.keySet());
        }
        String runsPerAgent = fewestRuns == mostRuns ? Integer.toString(fewestRuns) : fewestRuns + " to " + mostRuns;
        String measured = "largest over " + count + " tracked agent-pairs (" + agents.size() + " agents; each agent's"
                + " mean over the " + runsPerAgent + " of " + allRuns.size() + " runs that tracked it): t="
                + runs.stepsDone(firstWindow) + " " + first.describe() + ", T " + last.describe();
        if (first.runs() == 1 || last.runs() == 1) {
            measured += "; a mean over 1 run is that run's gap, not an expectation";
        }
        return Claim.recorded(PAPER, name, expected, measured);
    }

    /** One agent-pair's {@code |mean of Q^i - Qbar|} over the {@code runs} that tracked the agent. */
    private record Gap(String metric, int runs, double value) {
        /** The larger of {@code best} (none yet when null) and {@code other}; the earlier on a tie. */
        static Gap larger(Gap best, Gap other) {
            return best == null || other.value > best.value ? other : best;
        }

        String describe() {
            return format(value) + " (" + metric + ", " + runs + (runs == 1 ? " run)" : " runs)");
        }
    }

    private static Claim noExtraBias(QdRuns dp, QdRuns qd) {
        double worst = 0;
        StringBuilder measured = new StringBuilder();
        for (String pair : PAIRS) {
            Map<Integer, Double> ours = dp.last("qbar_error_" + pair);
            Map<Integer, Double> theirs = qd.last("qbar_error_" + pair);
            List<Double> differences = new ArrayList<>();
            for (Map.Entry<Integer, Double> trial : ours.entrySet()) {
                differences.add(trial.getValue() - theirs.get(trial.getKey()));
            }
            double mean = QdRuns.mean(differences);
            double standardError = QdRuns.sd(differences) / Math.sqrt(differences.size());
            worst = Math.max(worst, Math.abs(mean) / standardError);
            measured.append(pair).append(": ").append(format(mean)).append(" (SE ").append(format(standardError))
                    .append(") ");
        }
        return Claim.check(PAPER, "T3 the noise adds no bias to Qbar (Theorem V.3)",
                "per pair |mean over paired runs of Qbar_DP(T) - Qbar_QD(T)| <= 3 SE (pre-registered)",
                measured.toString().trim() + "; largest " + format(worst) + " SE", worst <= T3_STANDARD_ERRORS);
    }

    /** The share of {@code errors} within {@code sqrt(2 var / p)} of 0, var their sample variance. */
    static double share(List<Double> errors, double p) {
        double radius = Math.sqrt(2 * Math.pow(QdRuns.sd(errors), 2) / p);
        return errors.stream().filter(e -> Math.abs(e) <= radius).count() / (double) errors.size();
    }

    /** T4 per p on the final errors of {@code runs}; {@code clear}: QD-learning's run on the same seeds, if given. */
    static List<Claim> accuracy(QdRuns runs, java.util.Optional<QdRuns> clear) {
        List<Claim> claims = new ArrayList<>();
        for (double p : new double[] {0.05, 0.1, 0.2}) {
            double worstShare = 1;
            String where = "";
            double bias = 0;
            double sd = 0;
            for (String pair : PAIRS) {
                List<Double> errors = new ArrayList<>(runs.last("qbar_error_" + pair).values());
                double share = share(errors, p);
                if (share < worstShare || where.isEmpty()) {
                    worstShare = Math.min(worstShare, share);
                    where = pair;
                    bias = QdRuns.mean(errors);
                    sd = QdRuns.sd(errors);
                }
            }
            String name = "T4 (p, r)-accuracy at p = " + p + " (Theorem V.4)";
            String expected = "share of runs with |Qbar(T) - Q*| <= sqrt(2 var / p) >= " + (1 - p) + " on every pair";
            String measured = "smallest share " + format(worstShare) + " (" + where + ": mean error " + format(bias)
                    + ", sd " + format(sd) + ")";
            String pair = where;
            double level = p;
            java.util.Optional<Double> clearShare = clear.map(qd -> share(new ArrayList<>(
                    qd.last("qbar_error_" + pair).values()), level));
            measured += clearShare.map(c -> "; QD-learning on the same seeds: share " + format(c))
                    .orElse("; no QD-learning run on the same seeds");
            // DIFFERS only if QD-learning, without noise, misses 1 - p on that pair too: the bias is Q-learning's.
            boolean shared = clearShare.map(c -> c < 1 - level).orElse(false);
            claims.add(worstShare >= 1 - p || !shared ? Claim.check(PAPER, name, expected, measured,
                    worstShare >= 1 - p)
                    : Claim.differs(PAPER, name, expected, measured + ": the theorem is asymptotic; at this T the"
                    + " Q-learning bias exceeds the Chebyshev radius"));
        }
        return claims;
    }

    private static Claim privacy(ClaimInputs inputs, String spec, double decay) throws IOException {
        List<PrivacyCsv.Row> rows = PrivacyCsv.read(inputs.file(spec, "privacy.csv"));
        long lastStep = rows.stream().mapToLong(PrivacyCsv.Row::step).max().orElseThrow();
        double composed = 0;
        long releases = 0;
        for (PrivacyCsv.Row row : rows) {
            if (row.step() == lastStep && row.key().startsWith("agent/")) {
                composed = Math.max(composed, row.epsilon());
                releases = Math.max(releases, row.releases());
            }
        }
        double perStep = DpQdReproduction.ADJACENCY_BOUND
                / (DpQdReproduction.NOISE_BASE * Math.pow(decay, releases - 1));
        String name = "privacy (" + spec + "): Theorem V.5's per-step epsilon against the composed epsilon";
        String expected = "paper: eps_i(t) = adjBound / (" + DpQdReproduction.NOISE_BASE + " * " + decay
                + "^t) per step, " + format(perStep) + " at t = " + (releases - 1);
        String measured = "accountant (basic composition, largest over agents) after " + releases + " releases: "
                + format(composed);
        return Math.abs(composed - perStep) <= 1e-9 * perStep ? Claim.recorded(PAPER, name, expected, measured)
                : Claim.differs(PAPER, name, expected, measured + ": the paper states a per-release guarantee and does"
                + " not compose it over the T releases of an agent");
    }
}
