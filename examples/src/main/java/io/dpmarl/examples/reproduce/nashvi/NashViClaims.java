package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.core.experiment.Claim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The claims of the DP-Nash-VI reproduction ("Differentially Private Reinforcement Learning with Self-Play"; the
 * paper has no experiments, so the claims test what its theorems imply). Series comparisons are paired (trial i
 * has the same seed in every experiment) and allow two standard errors of the paired difference.
 *
 * <ul>
 *   <li>A11 (gated): non-private regret is sublinear. Threshold: log-log slope below 0.8 over the last decade and
 *       Regret(K')/K' decreasing, a pre-registered margin above the Theorem 4.1 rate sqrt(K) (slope 0.5).</li>
 *   <li>A12 (gated, when a run has two or more epsilons): regret non-increasing in epsilon (the bounds of
 *       Theorems 5.2 and 5.5 decrease in epsilon).</li>
 *   <li>A13 (not gated): non-private &lt;= central &lt;= local at equal epsilon, on every instance; the paper orders
 *       the regret BOUNDS, not realized regret, so where it fails the row is DIFFERS and names the instances.</li>
 *   <li>A14 (gated in the full setting, RECORDED in the quick one whose K is too small for growth rates): over the
 *       last decade the central-minus-non-private regret grows slower than the local one and slower than sqrt(K)
 *       (slope &lt; 0.5): Theorem 5.2's privacy term is K-independent up to logs, Theorem 5.5's grows as
 *       sqrt(K).</li>
 *   <li>RECORDED: the output Nash gap and certified gap per series, the post-processing fallback rate of the
 *       practical mode, and the E-multiplier sweep (regret and fallback rate per value).</li>
 * </ul>
 */
final class NashViClaims {
    static final String PAPER = "dp-nash-vi";

    private NashViClaims() {
    }

    /** All claims over the series of the runs present ({@code instance -> series}). */
    static List<Claim> evaluate(Map<String, List<Series>> runs, boolean quick) {
        List<Claim> claims = new ArrayList<>();
        List<Series> tiny = runs.getOrDefault("rz-tiny", List.of());
        Optional<Series> nonPrivate = find(tiny, "non-private", Double.POSITIVE_INFINITY);
        if (nonPrivate.isPresent() && nonPrivate.get().steps().length > 1) {
            claims.add(sublinear(nonPrivate.get()));
        }
        for (String kind : List.of("central", "local")) {
            List<Double> epsilons = tiny.stream().filter(s -> s.privatizer().equals(kind) && s.eScale() == 0.001)
                    .map(Series::epsilon).distinct().sorted().toList();
            if (epsilons.size() >= 2) {
                claims.add(monotoneInEpsilon(tiny, kind, epsilons));
            }
        }
        ordering(runs).ifPresent(claims::add);
        if (nonPrivate.isPresent()) {
            for (Series central : tiny.stream().filter(s -> s.privatizer().equals("central") && s.eScale() == 0.001)
                    .toList()) {
                find(tiny, "local", central.epsilon()).ifPresent(local ->
                        claims.add(growth(nonPrivate.get(), central, local, quick)));
            }
        }
        for (Map.Entry<String, List<Series>> run : runs.entrySet()) {
            for (Series s : run.getValue()) {
                if (run.getKey().equals("e-scale")) {
                    claims.add(eScaleRow(s));
                } else {
                    claims.add(outputGapRow(s));
                }
            }
        }
        return claims;
    }

    static Optional<Series> find(List<Series> series, String kind, double epsilon) {
        return series.stream().filter(s -> s.privatizer().equals(kind) && s.eScale() == 0.001
                && (kind.equals("non-private") || s.epsilon() == epsilon)).findFirst();
    }

    /** The first step index at or after {@code steps[last] / 10}: the start of the last decade. */
    static int decadeStart(long[] steps) {
        long from = steps[steps.length - 1] / 10;
        for (int i = 0; i < steps.length; i++) {
            if (steps[i] >= from) {
                return i;
            }
        }
        return steps.length - 1;
    }

    static Claim sublinear(Series nonPrivate) {
        long[] steps = nonPrivate.steps();
        int last = nonPrivate.last();
        int start = decadeStart(steps);
        double[] mean = new double[steps.length];
        for (int i = 0; i < steps.length; i++) {
            mean[i] = nonPrivate.meanRegret(i);
        }
        double slope = slope(steps, mean, start, last);
        boolean falling = mean[last] / steps[last] <= mean[start] / steps[start] + 1e-12;
        return Claim.check(PAPER, "A11 non-private regret is sublinear (RZ-tiny)",
                "log-log slope < 0.8 over the last decade and Regret(K)/K below Regret(K/10)/(K/10) (Theorem 4.1 rate "
                        + "sqrt(K), slope 0.5; 0.8 pre-registered margin)",
                String.format(Locale.ROOT, "slope %.3f over K' in [%d, %d]; Regret/K' %.4f -> %.4f", slope,
                        steps[start], steps[last], mean[start] / steps[start], mean[last] / steps[last]),
                slope < 0.8 && falling);
    }

    static Claim monotoneInEpsilon(List<Series> tiny, String kind, List<Double> epsilons) {
        boolean holds = true;
        StringJoiner measured = new StringJoiner(", ");
        Series previous = null;
        for (double epsilon : epsilons) {
            Series s = find(tiny, kind, epsilon).orElseThrow();
            measured.add(String.format(Locale.ROOT, "eps=%s: %.1f", Series.format(epsilon), s.meanRegret(s.last())));
            if (previous != null) {
                double[] difference = pairedDifference(previous, s, s.last());
                holds &= difference[0] >= -2 * difference[1];
            }
            previous = s;
        }
        return Claim.check(PAPER, "A12 " + kind + " regret non-increasing in epsilon (RZ-tiny)",
                "Regret(K) at a larger epsilon <= at the next smaller one + 2 SE, paired (Theorems 5.2, 5.5: the "
                        + "privacy terms fall as 1/epsilon)", measured.toString(), holds);
    }

    /** A13 on every instance that has the three privatizers at some common epsilon. */
    static Optional<Claim> ordering(Map<String, List<Series>> runs) {
        List<String> holds = new ArrayList<>();
        List<String> fails = new ArrayList<>();
        StringJoiner measured = new StringJoiner("; ");
        for (Map.Entry<String, List<Series>> run : runs.entrySet()) {
            Optional<Series> nonPrivate = find(run.getValue(), "non-private", Double.POSITIVE_INFINITY);
            if (nonPrivate.isEmpty()) {
                continue;
            }
            for (Series central : run.getValue().stream().filter(s -> s.privatizer().equals("central")
                    && s.eScale() == 0.001).toList()) {
                Optional<Series> local = find(run.getValue(), "local", central.epsilon());
                if (local.isEmpty()) {
                    continue;
                }
                int last = central.last();
                double[] centralMinusNp = pairedDifference(central, nonPrivate.get(), last);
                double[] localMinusCentral = pairedDifference(local.get(), central, last);
                boolean ok = centralMinusNp[0] >= -2 * centralMinusNp[1]
                        && localMinusCentral[0] >= -2 * localMinusCentral[1];
                String where = run.getKey() + " eps=" + Series.format(central.epsilon()) + " K="
                        + central.steps()[last];
                (ok ? holds : fails).add(where);
                measured.add(String.format(Locale.ROOT, "%s: %.1f / %.1f / %.1f %s", where,
                        nonPrivate.get().meanRegret(last), central.meanRegret(last), local.get().meanRegret(last),
                        ok ? "holds" : "fails"));
            }
        }
        if (holds.isEmpty() && fails.isEmpty()) {
            return Optional.empty();
        }
        String claim = "A13 Regret(non-private) <= Regret(central) <= Regret(local) on every instance";
        String expected = "the ordering of the regret bounds (Theorem 4.1 < Theorem 5.2 < Theorem 5.5), +2 SE paired; "
                + "not gated: the paper orders bounds, not realized regret";
        if (fails.isEmpty()) {
            return Optional.of(Claim.recorded(PAPER, claim, expected, "holds everywhere: " + measured));
        }
        return Optional.of(Claim.differs(PAPER, claim, expected, "fails on " + String.join(", ", fails)
                + (holds.isEmpty() ? "" : "; holds on " + String.join(", ", holds)) + " (" + measured + "). Reason: "
                + "at these K the central privatizer's K-independent term (E over tiny counts) exceeds the local "
                + "sqrt(K) term, so the bound ordering does not show in realized regret"));
    }

    static Claim growth(Series nonPrivate, Series central, Series local, boolean quick) {
        long[] steps = central.steps();
        int last = central.last();
        int start = decadeStart(steps);
        double[] centralGap = gapCurve(central, nonPrivate);
        double[] localGap = gapCurve(local, nonPrivate);
        double centralSlope = slope(steps, centralGap, start, last);
        double localSlope = slope(steps, localGap, start, last);
        boolean holds = centralSlope < localSlope && centralSlope < 0.5;
        String claim = "A14 central privacy cost grows slower than local and than sqrt(K) (RZ-tiny, eps="
                + Series.format(central.epsilon()) + ")";
        String expected = "over the last decade: log-log slope of Regret(central) - Regret(non-private) below that of "
                + "Regret(local) - Regret(non-private) and below 0.5 (Theorem 5.2: additive term independent of K "
                + "up to logs; Theorem 5.5: sqrt(K) term)" + (quick ? "; gated in the full setting only" : "");
        String measured = String.format(Locale.ROOT,
                "central gap %.1f -> %.1f (slope %.2f), local gap %.1f -> %.1f (slope %.2f) over K' in [%d, %d]",
                centralGap[start], centralGap[last], centralSlope, localGap[start], localGap[last], localSlope,
                steps[start], steps[last]);
        return quick ? Claim.recorded(PAPER, claim, expected, measured)
                : Claim.check(PAPER, claim, expected, measured, holds);
    }

    static Claim outputGapRow(Series s) {
        return Claim.recorded(PAPER, "output Nash gap: " + s.instance() + " " + s.label(),
                "g_out(K) <= certified gap Delta_min (PAC certificate, Theorem 4.2)",
                String.format(Locale.ROOT, "g_out %.4f +- %.4f, certified gap %.4f, Regret(K=%d) %.1f, "
                                + "post-processing fallback rate %.2f%%", Series.mean(s.nashGap()),
                        Series.standardError(s.nashGap()), Series.mean(s.certifiedGap()), s.steps()[s.last()],
                        s.meanRegret(s.last()), 100 * Series.mean(s.fallbackRate())));
    }

    static Claim eScaleRow(Series s) {
        double[] regret = s.regretAt(s.last());
        return Claim.recorded(PAPER, "E multiplier " + Series.format(s.eScale()) + ": " + s.instance() + " "
                        + s.privatizer() + " eps=" + Series.format(s.epsilon()),
                "practical mode trades the bonus width for infeasible post-processing problems (fallbacks)",
                String.format(Locale.ROOT, "Regret(K=%d) %.1f +- %.1f, post-processing fallback rate %.2f%%",
                        s.steps()[s.last()], Series.mean(regret), Series.standardError(regret),
                        100 * Series.mean(s.fallbackRate())));
    }

    static double[] gapCurve(Series s, Series baseline) {
        double[] curve = new double[s.steps().length];
        for (int i = 0; i < curve.length; i++) {
            curve[i] = pairedDifference(s, baseline, i)[0];
        }
        return curve;
    }

    /** Mean and standard error of the paired difference {@code first - second} of cumulative regret at index i. */
    static double[] pairedDifference(Series first, Series second, int index) {
        int n = Math.min(first.trials(), second.trials());
        double[] differences = new double[n];
        for (int t = 0; t < n; t++) {
            differences[t] = first.regret()[t][index] - second.regret()[t][index];
        }
        return new double[] {Series.mean(differences), Series.standardError(differences)};
    }

    /** Least-squares slope of log(y) against log(x) over indices [from, to], skipping y <= 0. */
    static double slope(long[] x, double[] y, int from, int to) {
        int n = 0;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (int i = from; i <= to; i++) {
            if (y[i] <= 0) {
                continue;
            }
            double lx = Math.log(x[i]);
            double ly = Math.log(y[i]);
            n++;
            sx += lx;
            sy += ly;
            sxx += lx * lx;
            sxy += lx * ly;
        }
        double denominator = n * sxx - sx * sx;
        return denominator == 0 ? Double.NaN : (n * sxy - sx * sy) / denominator;
    }
}
