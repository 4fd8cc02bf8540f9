package io.dpmarl.examples.reproduce.planning;

import io.dpmarl.core.experiment.Claim;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The claims of "Differential Privacy in Cooperative Multiagent Planning" (Chen et al. 2023) on the dp-planning
 * runs. Gridworld checks A1-A7 and SysAdmin checks S1-S5 are defined in {@code examples/README.md}; each states its
 * threshold and its source: the paper's text, the authors' published figure data, or a margin registered before
 * any run (about 3 standard errors of a 1000-episode Monte Carlo estimate, 0.03). Claims whose runs are absent are
 * left out; checks of the final minimum-dependency policy are RECORDED in the quick setting, whose synthesis stops
 * after a few iterations, and A3 is RECORDED when a run has a single iterate (nothing to compare).
 */
public final class PlanningClaims {
    static final String PAPER = PlanningReproduction.PAPER;
    /** Figure data: v of the joint iterate and C_hat at iterations 0 and 79, baseline v. */
    static final double V0 = 0.347271607775356;
    static final double C0 = 5.15263533412278;
    static final double V79 = 0.963473262975383;
    static final double C79 = 2.45338142918318;
    static final double BASE_V = 0.998639397021477;
    static final Map<String, Double> SYSADMIN_V = Map.of("0001", 0.99973651515644, "0022", 0.999744877312207,
            "2233", 0.992880614958785);
    static final Map<String, Double> SYSADMIN_PRIVATE = Map.of("0001", 0.866, "0022", 0.876, "2233", 0.884);

    private PlanningClaims() {
    }

    /** The claims of whichever runs are present. */
    public static List<Claim> evaluate(Map<String, PlanningRuns> runs, boolean quick) {
        List<Claim> claims = new ArrayList<>();
        Optional<Double> basePrivate = Optional.empty();
        Optional<Double> baseTruthful = Optional.empty();
        if (runs.containsKey("gridworld-baseline")) {
            PlanningRuns base = runs.get("gridworld-baseline");
            String label = base.labels().get(0);
            baseTruthful = base.first(label, "planner_success");
            baseTruthful.ifPresent(v -> claims.add(Claim.check(PAPER, "A1 baseline max-reach success",
                    "|v - 0.998639| <= 1e-4 (paper 0.99; figure data 0.998639)", fmt(v),
                    Math.abs(v - BASE_V) <= 1e-4)));
            basePrivate = base.mean(label, "episode_return");
            basePrivate.ifPresent(v -> claims.add(Claim.check(PAPER, "A4 baseline private success (eps 1, k 3)",
                    "in [0.09, 0.16] (paper 0.13; figure 0.125; band registered before any run, about 3 standard"
                            + " errors of a 1000-episode estimate)", fmt(v), v >= 0.09 && v <= 0.16)));
            if (basePrivate.isPresent() && baseTruthful.isPresent()) {
                double drop = (baseTruthful.get() - basePrivate.get()) / baseTruthful.get();
                claims.add(Claim.check(PAPER, "A5 baseline relative drop", ">= 0.80 (paper: roughly 86 percent)",
                        fmt(drop), drop >= 0.80));
            }
        }
        if (runs.containsKey("gridworld-md")) {
            gridworld(runs.get("gridworld-md"), basePrivate, quick, claims);
        }
        if (runs.containsKey("gridworld-epsilon")) {
            PlanningSweepClaims.epsilonSweep(runs.get("gridworld-epsilon"), claims);
        }
        if (runs.containsKey("sysadmin-md")) {
            PlanningSweepClaims.sysAdmin(runs.get("sysadmin-md"), Optional.ofNullable(runs.get("sysadmin-baseline")),
                    claims);
        }
        return claims;
    }

    private static void gridworld(PlanningRuns md, Optional<Double> basePrivate, boolean quick, List<Claim> claims) {
        String label = md.labels().get(0);
        TreeMap<Long, Double> success = md.series(label, "planner_success");
        TreeMap<Long, Double> correlation = md.series(label, "total_correlation");
        TreeMap<Long, Double> objective = md.series(label, "planner_objective");
        if (!success.isEmpty()) {
            double v0 = success.firstEntry().getValue();
            double c0 = correlation.firstEntry().getValue();
            claims.add(Claim.check(PAPER, "A2 iteration 0 (v, C)", "within 1e-3 of figure data (" + fmt(V0) + ", "
                    + fmt(C0) + ")", fmt(v0) + ", " + fmt(c0), Math.abs(v0 - V0) <= 1e-3 && Math.abs(c0 - C0) <= 1e-3));
            if (success.containsKey(80L)) {
                double v79 = success.get(80L);
                double c79 = correlation.get(80L);
                claims.add(Claim.check(PAPER, "A2 iteration 79 (v, C)", "within 1e-3 of figure data (" + fmt(V79)
                        + ", " + fmt(C79) + ")", fmt(v79) + ", " + fmt(c79),
                        Math.abs(v79 - V79) <= 1e-3 && Math.abs(c79 - C79) <= 1e-3));
            }
            boolean decreasing = true;
            boolean nonDecreasing = true;
            Double previousC = null;
            Double previousJ = null;
            for (long step : correlation.keySet()) {
                double c = correlation.get(step);
                double j = objective.get(step);
                decreasing &= previousC == null || c < previousC;
                nonDecreasing &= previousJ == null || j >= previousJ - 1e-9;
                previousC = c;
                previousJ = j;
            }
            String a3 = "A3 C strictly decreasing, J non-decreasing over " + correlation.size() + " iterations";
            String measured = "C decreasing: " + decreasing + ", J non-decreasing: " + nonDecreasing;
            // One iterate gives nothing to compare: the gate would hold for any value.
            claims.add(correlation.size() < 2 ? Claim.recorded(PAPER, a3, "both (figure data; CCP property);"
                    + " needs at least 2 iterates", measured + " (one iterate: not gated)")
                    : Claim.check(PAPER, a3, "both (figure data; CCP property)", measured,
                    decreasing && nonDecreasing));
        }
        Optional<Double> privateMd = md.mean(label, "episode_return");
        Optional<Double> truthful = md.last(label, "planner_success");
        if (privateMd.isPresent() && truthful.isPresent()) {
            double p = privateMd.get();
            double drop = (truthful.get() - p) / truthful.get();
            if (quick) {
                claims.add(Claim.recorded(PAPER, "A4 MD private success (eps 1, k 3), quick: iterate "
                        + success.size(), "paper 0.92 after 80 iterations", fmt(p)));
            } else {
                claims.add(Claim.check(PAPER, "A4 MD private success (eps 1, k 3)",
                        "in [0.89, 0.95] (paper 0.92; figure 0.936)", fmt(p), p >= 0.89 && p <= 0.95));
                claims.add(Claim.check(PAPER, "A5 MD relative drop", "<= 0.07 (paper: only 3 percent)", fmt(drop),
                        drop <= 0.07));
                basePrivate.ifPresent(b -> claims.add(Claim.check(PAPER, "A5 MD minus baseline private success",
                        ">= 0.70 (paper: 80 percent more performant)", fmt(p - b), p - b >= 0.70)));
            }
        }
        TreeMap<Long, Double> privateByIteration = md.series(label, "planner_private_success");
        if (privateByIteration.size() >= 3) {
            double[] c = new double[privateByIteration.size()];
            double[] s = new double[c.length];
            int index = 0;
            for (long step : privateByIteration.keySet()) {
                c[index] = correlation.get(step);
                s[index++] = privateByIteration.get(step);
            }
            double rho = Ranks.spearman(c, s);
            claims.add(Claim.check(PAPER, "A7 Spearman(C, private success) over iterations",
                    "<= -0.8 (figure data -0.900)", fmt(rho), rho <= -0.8));
        }
        md.first(label, "theorem2_bound").ifPresent(t -> claims.add(Claim.recorded(PAPER,
                "Theorem 2 bound of the final MD (eps 1, k 3)", "vacuous (< 0.02) at eps <= 10", fmt(t))));
    }

    static String fmt(double value) {
        return String.format(Locale.ROOT, "%.6f", value);
    }
}
