package io.dpmarl.examples.reproduce.maldp;

import io.dpmarl.core.experiment.Claim;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The claims of the MA-LDP reproduction ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning", Section 8). Comparisons are paired (trial i has the same seed in every experiment of a
 * run, and every bundled spec uses the same seed) and measured in standard errors of the paired differences.
 *
 * <ul>
 *   <li>RECORDED, not gated: the paper's two orderings (Laplace eps 0.1 above 0.2, Gaussian eps 0.05 above 0.2)
 *       and Gaussian vs Laplace at eps 0.2 (Theorem 10), with their separation. At the paper's noise scales
 *       (per-entry std of order 10^3 - 10^4 against statistics of order 10) no private configuration learns within
 *       the episodes run, so these orderings are decided by seed noise; they are reported, not tuned.</li>
 *   <li>GATED (epsilon sweep, Theorem 9): mean final cumulative regret non-increasing in epsilon, each adjacent pair
 *       (no noise = infinite epsilon last) within 2 standard errors of the paired difference. Threshold from the
 *       reproduction plan (2 SE, pre-registered); under equal means the false-rejection rate is about 2.3% per pair
 *       under normality, higher with few trials (t with n - 1 degrees of freedom: 5.8% at n = 5, 3.8% at n = 10).</li>
 *   <li>GATED (baseline): the non-private learner with the joint-greedy rule learns: the trial mean of the
 *       per-episode regret over the last 10% of episodes is below half the uniform-random policy's exact regret
 *       0.1874137247 (pre-registered margin), and regret grows sublinearly: the trial mean of R_K - R_{K/2} is below
 *       that of R_{K/2}.</li>
 *   <li>GATED (baseline and paper runs): the non-private maxmin learner's regret over the common episodes is below
 *       half the smallest private configuration's (pre-registered margin of the reproduction plan).</li>
 *   <li>RECORDED: maxmin next to joint-greedy; bounded Laplace (B = b) next to Laplace at equal epsilon
 *       (Theorem 11); the four mechanisms at epsilon 0.2; per configuration the final regret, the clipped
 *       norm-assumption violations and the eigenvalue-floor activations.</li>
 *   <li>Accountant rows ({@link MaLdpPrivacyRows}).</li>
 * </ul>
 */
final class MaLdpClaims {
    static final String PAPER = "ma-ldp";
    /** The exact per-episode regret of the uniform-random joint policy on the default network MDP. */
    static final double RANDOM_REGRET = 0.1874137247;

    private MaLdpClaims() {
    }

    static List<Claim> evaluate(Map<String, List<MaLdpSeries>> runs, boolean quick) {
        List<Claim> claims = new ArrayList<>();
        List<MaLdpSeries> paper = runs.getOrDefault("paper", List.of());
        ordering(claims, paper, "laplace", 0.1, "laplace", 0.2, "A1 ordering: Laplace eps=0.1 above eps=0.2");
        ordering(claims, paper, "gaussian", 0.05, "gaussian", 0.2, "A2 ordering: Gaussian eps=0.05 above eps=0.2");
        ordering(claims, paper, "gaussian", 0.2, "laplace", 0.2, "A3 Gaussian above Laplace at eps=0.2 (Theorem 10)");
        List<MaLdpSeries> sweep = runs.getOrDefault("epsilon-sweep", List.of());
        if (sweep.size() >= 2) {
            claims.add(monotone(sweep));
        }
        List<MaLdpSeries> baseline = runs.getOrDefault("baseline", List.of());
        find(baseline, "none joint-greedy").ifPresent(greedy -> claims.add(learns(greedy)));
        Optional<MaLdpSeries> maxmin = find(baseline, "none maxmin");
        if (maxmin.isPresent() && !paper.isEmpty()) {
            claims.add(baselineBelowPrivate(maxmin.get(), paper, quick));
        }
        if (maxmin.isPresent()) {
            find(baseline, "none joint-greedy").ifPresent(greedy -> claims.add(Claim.recorded(PAPER,
                    "maxmin (paper, line 17) vs joint-greedy (regret proof, App. E) without noise",
                    "maxmin may leave teammates uncoordinated", "final regret maxmin " + Stats.meanSe(
                            maxmin.get().regretAt(maxmin.get().episodes())) + ", joint-greedy " + Stats.meanSe(
                            greedy.regretAt(greedy.episodes())))));
        }
        List<MaLdpSeries> mechanisms = runs.getOrDefault("mechanisms", List.of());
        ordering(claims, mechanisms, "laplace", 0.1, "bounded-laplace", 0.1,
                "Theorem 11: Laplace eps=0.1 vs bounded Laplace (B=b)");
        ordering(claims, mechanisms, "laplace", 0.2, "bounded-laplace", 0.2,
                "Theorem 11: Laplace eps=0.2 vs bounded Laplace (B=b)");
        for (Map.Entry<String, List<MaLdpSeries>> run : runs.entrySet()) {
            for (MaLdpSeries series : run.getValue()) {
                claims.add(configurationRow(run.getKey(), series));
            }
        }
        claims.addAll(MaLdpPrivacyRows.rows(runs));
        return claims;
    }

    static Optional<MaLdpSeries> find(List<MaLdpSeries> series, String shortLabel) {
        return series.stream().filter(s -> s.shortLabel().equals(shortLabel)).findFirst();
    }

    private static Optional<MaLdpSeries> find(List<MaLdpSeries> series, String mechanism, double epsilon) {
        return series.stream().filter(s -> s.mechanism().equals(mechanism) && s.epsilon() == epsilon).findFirst();
    }

    /** RECORDED: mean final regret of {@code first} above {@code second}? with the paired separation. */
    private static void ordering(List<Claim> claims, List<MaLdpSeries> series, String firstMechanism,
                                 double firstEpsilon, String secondMechanism, double secondEpsilon, String claim) {
        Optional<MaLdpSeries> first = find(series, firstMechanism, firstEpsilon);
        Optional<MaLdpSeries> second = find(series, secondMechanism, secondEpsilon);
        if (first.isEmpty() || second.isEmpty()) {
            return;
        }
        long k = Math.min(first.get().episodes(), second.get().episodes());
        double[] a = first.get().regretAt(k);
        double[] b = second.get().regretAt(k);
        double[] difference = Stats.difference(b, a);
        claims.add(Claim.recorded(PAPER, claim, "R_K(" + first.get().shortLabel() + ") > R_K("
                + second.get().shortLabel() + ")", String.format(java.util.Locale.ROOT,
                "R_%d %s vs %s; difference %s = %s SE (paired); direction %s", k, Stats.meanSe(a), Stats.meanSe(b),
                Stats.format(Stats.mean(difference)), Stats.format(Stats.separation(difference)),
                Stats.mean(difference) > 0 ? "as the paper says" : "reversed")));
    }

    /** GATED: non-increasing in epsilon within 2 SE of each adjacent paired difference. */
    static Claim monotone(List<MaLdpSeries> sweep) {
        List<MaLdpSeries> sorted = sweep.stream().sorted(Comparator.comparingDouble(MaLdpSeries::epsilon)).toList();
        long k = sorted.stream().mapToLong(MaLdpSeries::episodes).min().orElse(0);
        StringBuilder measured = new StringBuilder();
        boolean holds = true;
        for (int j = 0; j < sorted.size(); j++) {
            double[] regret = sorted.get(j).regretAt(k);
            measured.append(j == 0 ? "" : "; ").append(sorted.get(j).shortLabel()).append(": ")
                    .append(Stats.format(Stats.mean(regret)));
            if (j > 0) {
                double[] difference = Stats.difference(sorted.get(j - 1).regretAt(k), regret);
                double excess = Stats.mean(difference) - 2 * Stats.se(difference);
                if (excess > 0) {
                    holds = false;
                    measured.append(" (rises by ").append(Stats.format(Stats.separation(difference))).append(" SE)");
                }
            }
        }
        return Claim.check(PAPER, "A5 epsilon sweep: final regret non-increasing in epsilon (Theorem 9)",
                "each step up in epsilon: mean paired change of R_" + k + " <= 2 SE", measured.toString(), holds);
    }

    /** GATED: the non-private joint-greedy learner learns and its regret grows sublinearly. */
    static Claim learns(MaLdpSeries greedy) {
        long k = greedy.episodes();
        double late = Stats.mean(greedy.lateRate());
        double[] half = greedy.regretAt(k / 2);
        double[] end = greedy.regretAt(k);
        double secondHalf = Stats.mean(Stats.difference(half, end));
        double firstHalf = Stats.mean(half);
        boolean holds = late < 0.5 * RANDOM_REGRET && secondHalf < firstHalf;
        return Claim.check(PAPER, "non-private learner learns (joint-greedy, no noise)",
                "last-10% per-episode regret < 0.5 x " + RANDOM_REGRET + " (uniform random) and R_K - R_K/2 < R_K/2",
                "last-10% per-episode regret " + Stats.format(late) + "; R_K/2 " + Stats.format(firstHalf)
                        + ", R_K - R_K/2 " + Stats.format(secondHalf), holds);
    }

    /** GATED: the non-private maxmin learner's regret is below half the smallest private one's. */
    static Claim baselineBelowPrivate(MaLdpSeries none, List<MaLdpSeries> privateSeries, boolean quick) {
        long k = privateSeries.stream().mapToLong(MaLdpSeries::episodes).min().orElse(0);
        k = Math.min(k, none.episodes());
        double baseline = Stats.mean(none.regretAt(k));
        double smallest = Double.POSITIVE_INFINITY;
        String which = "";
        for (MaLdpSeries series : privateSeries) {
            double mean = Stats.mean(series.regretAt(k));
            if (mean < smallest) {
                smallest = mean;
                which = series.shortLabel();
            }
        }
        String claim = "A6 non-private baseline far below every private curve";
        String expected = "R_" + k + "(none, maxmin) < 0.5 x min over the paper's configurations";
        String measured = "none " + Stats.format(baseline) + " vs smallest private " + Stats.format(smallest) + " ("
                + which + ")";
        return quick ? Claim.recorded(PAPER, claim, expected + " (gated in the full setting, K = 8500)", measured)
                : Claim.check(PAPER, claim, expected, measured, baseline < 0.5 * smallest);
    }

    private static Claim configurationRow(String spec, MaLdpSeries series) {
        long k = series.episodes();
        String counters = "";
        double[] violations = series.last().get("norm_violations");
        double[] floors = series.last().get("psd_floor_activations");
        if (violations != null) {
            counters += "; clipped releases (||phi_V|| > H or V outside [0, H]) "
                    + Stats.format(Stats.mean(violations));
        }
        if (floors != null) {
            counters += "; eigenvalue-floor activations " + Stats.format(Stats.mean(floors));
        }
        return Claim.recorded(PAPER, spec + ": " + series.shortLabel() + " final cumulative regret", "-",
                "R_" + k + " " + Stats.meanSe(series.regretAt(k)) + " (uniform random: "
                        + Stats.format(RANDOM_REGRET * k) + ")" + counters);
    }
}
