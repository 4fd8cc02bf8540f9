package io.dpmarl.examples.reproduce.fedtd;

import io.dpmarl.algorithms.federated.privacy.CalibratedNoise;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.mechanisms.accounting.paper003.GaussianMomentsBound;
import io.dpmarl.mechanisms.accounting.paper003.Paper003Bound;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The acceptance checks of spec 003 section 6.2 on the seeds' results: A1-A4 and A7-A9 gated (PASS/FAIL), A5-A6
 * recorded, each with the paper's claim and the measured value side by side.
 */
final class FedTdClaims {
    static final String PAPER = FederatedTdReproduction.PAPER;

    private FedTdClaims() {
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.4g", value);
    }

    /** Mean over seeds of relErr(label, checkpoint). */
    static double relativeError(List<FedTdSeedResult> results, String label, int checkpoint) {
        return results.stream().mapToDouble(r -> r.relativeError(label, checkpoint)).average().orElseThrow();
    }

    /** Mean over seeds of Dev. */
    static double deviation(List<FedTdSeedResult> results, String calibration, String schedule, double epsilon) {
        String key = FedTdSeedRun.key(calibration, schedule, epsilon);
        return results.stream().mapToDouble(r -> r.deviations().get(key)).average().orElseThrow();
    }

    static List<Claim> evaluate(List<FedTdSeedResult> results) {
        List<Claim> claims = new ArrayList<>();
        double meanJ = results.stream().mapToDouble(r -> Math.abs(r.fixedPointJ())).average().orElseThrow();
        String fixed = "alpha=0.02";
        String varying = FedTdSeedRun.THEOREM_SCHEDULE;
        // A1 (C1, Fig. 1)
        double fixed10k = relativeError(results, fixed, 2);
        double varying10k = relativeError(results, varying, 2);
        double gap = results.stream().mapToDouble(r -> Math.abs(r.windowMeans().get(fixed)[2]
                - r.windowMeans().get(varying)[2]) / Math.abs(r.fixedPointJ())).average().orElseThrow();
        claims.add(Claim.check(PAPER, "A1 Fig. 1: fixed and time-varying steps converge to the same J value",
                "C1 'converges to a same point'; relErr(t=10^4) <= 0.05 for both, |difference| <= 0.05 |J*|",
                "relErr alpha=0.02 " + format(fixed10k) + ", (t+1)^-0.65 " + format(varying10k) + ", difference "
                        + format(gap) + " |J*|", fixed10k <= 0.05 && varying10k <= 0.05 && gap <= 0.05));
        double[] theorem = new double[3];
        for (FedTdSeedResult r : results) {
            for (int c = 0; c < 3; c++) {
                theorem[c] += r.theoremErrors()[c] / results.size();
            }
        }
        claims.add(Claim.check(PAPER, "A1 Theorem 1: sum_i c^i ||theta_t^i - theta*||^2 decreasing, (t+1)^-0.65",
                "decreasing over t = 10^3, 10^4, 10^5 (prototype 4.44 -> 2.38 -> 0.71)",
                format(theorem[0]) + " -> " + format(theorem[1]) + " -> " + format(theorem[2]),
                theorem[0] > theorem[1] && theorem[1] > theorem[2]));
        // A2 (C2, Fig. 2)
        double slow10k = relativeError(results, "alpha=0.002", 2);
        double medium4k = relativeError(results, fixed, 1);
        double large4k = relativeError(results, "alpha=0.9", 1);
        double large10k = relativeError(results, "alpha=0.9", 2);
        boolean ordering = true;
        StringBuilder order = new StringBuilder();
        for (int c = 0; c < 3; c++) {
            double slow = relativeError(results, "alpha=0.002", c);
            double medium = relativeError(results, fixed, c);
            ordering &= slow > medium;
            order.append(" t=").append(FedTdSeedRun.CHECKPOINTS[c]).append(": ").append(format(slow)).append(" > ")
                    .append(format(medium));
        }
        boolean largeOk = large4k <= 0.12 || Math.abs(large4k - large10k) <= 0.02;
        claims.add(Claim.check(PAPER, "A2 Fig. 2: small fixed step converges slowly",
                "C2: alpha=0.002 [RECON] not converged at t=10^4 (relErr > 0.15); alpha=0.02 and 0.9 converged by"
                        + " t=4000 (relErr <= 0.12, or plateau for 0.9); relErr(0.002) > relErr(0.02)",
                "relErr(0.002, 10^4) " + format(slow10k) + ", relErr(0.02, 4000) " + format(medium4k)
                        + ", relErr(0.9, 4000) " + format(large4k) + " (10^4: " + format(large10k) + "), ordering"
                        + order, slow10k > 0.15 && medium4k <= 0.12 && largeOk && ordering));
        // A3 (C3, Fig. 3)
        double p01 = relativeError(results, "alpha=(t+1)^-0.1", 0);
        double p065 = relativeError(results, varying, 0);
        double p08 = relativeError(results, "alpha=(t+1)^-0.8", 0);
        claims.add(Claim.check(PAPER, "A3 Fig. 3: faster-decaying steps converge more slowly",
                "C3: at t=1000 converged with t^-0.1 and t^-0.65 (relErr <= 0.12), not with t^-0.8 (relErr > 0.15)",
                "relErr(t=1000): p=0.1 " + format(p01) + ", p=0.65 " + format(p065) + ", p=0.8 " + format(p08),
                p01 <= 0.12 && p065 <= 0.12 && p08 > 0.15 && p08 > p065 && p08 > p01));
        // A4 (C4/C5), A5, A6, A7
        for (String calibration : FedTdSeedRun.CALIBRATIONS.keySet()) {
            for (String schedule : List.of("time-varying", "fixed")) {
                double d10 = deviation(results, calibration, schedule, 10);
                double d100 = deviation(results, calibration, schedule, 100);
                double d200 = deviation(results, calibration, schedule, 200);
                claims.add(Claim.check(PAPER, "A4 " + FedTdSeedRun.privateMetric(calibration, schedule)
                                .replace("_j_value", "") + ": deviation decreases as epsilon grows",
                        "C4/C5: Dev(10) > Dev(100) > Dev(200)",
                        "Dev " + format(d10) + " > " + format(d100) + " > " + format(d200), d10 > d100 && d100 > d200));
            }
        }
        double gaussian10 = deviation(results, "gaussian-paper", "time-varying", 10);
        claims.add(Claim.recorded(PAPER, "A5 Fig. 5: J value varies sharply at epsilon = 10 (Gaussian, paper sigma)",
                "C4 'varies sharply'; spec: Dev(10)/|J*| > 1 (prototype ~10^2)",
                "Dev(10)/|J*| = " + format(gaussian10 / meanJ)));
        StringBuilder a6 = new StringBuilder();
        for (String calibration : FedTdSeedRun.CALIBRATIONS.keySet()) {
            a6.append(calibration).append(':');
            for (double epsilon : FedTdProtocol.EPSILONS) {
                a6.append(' ').append(format(deviation(results, calibration, "time-varying", epsilon) / meanJ));
            }
            a6.append("; ");
        }
        claims.add(Claim.recorded(PAPER, "A6 C5: at large epsilon J keeps tight with the noiseless run",
                "C5 'keeps tight'; not reproducible with the paper's own sigma (spec 003 section 6.2)",
                "Dev/|J*| at eps 10, 100, 200 (time-varying): " + a6));
        for (String gaussian : List.of("gaussian-paper", "gaussian-sound")) {
            for (String schedule : List.of("time-varying", "fixed")) {
                boolean holds = true;
                StringBuilder measured = new StringBuilder();
                for (double epsilon : FedTdProtocol.EPSILONS) {
                    CalibratedNoise gauss = FedTdSeedRun.noise(FedTdSeedRun.CALIBRATIONS.get(gaussian), schedule,
                            epsilon);
                    CalibratedNoise laplace = FedTdSeedRun.noise(FedTdSeedRun.CALIBRATIONS.get("laplace-global"),
                            schedule, epsilon);
                    double dGauss = deviation(results, gaussian, schedule, epsilon);
                    double dLaplace = deviation(results, "laplace-global", schedule, epsilon);
                    holds &= gauss.perCoordinateVariance() < laplace.perCoordinateVariance() && dGauss < dLaplace;
                    double dLiteral = deviation(results, "laplace-literal", schedule, epsilon);
                    measured.append(String.format(Locale.ROOT, " eps=%d: var %.4g < %.4g, Dev %.4g < %.4g"
                                    + " (literal Laplace Dev %.4g);", (int) epsilon, gauss.perCoordinateVariance(),
                            laplace.perCoordinateVariance(), dGauss, dLaplace, dLiteral));
                }
                claims.add(Claim.check(PAPER, "A7 Gaussian (" + gaussian + ") beats Laplace (global composition), "
                                + schedule, "C6 'Gaussian outperforms Laplace'; under LITERAL Laplace it reverses",
                        measured.toString(), holds));
            }
        }
        // A8
        double delta10 = Paper003Bound.deltaAtBoundary(10, FedTdProtocol.NU);
        double delta100 = Paper003Bound.deltaAtBoundary(100, FedTdProtocol.NU);
        int exponent10 = (int) Math.floor(Math.log10(delta10));
        int exponent100 = (int) Math.floor(Math.log10(delta100));
        claims.add(Claim.check(PAPER, "A8 Gaussian deltas of the paper are exp(-nu eps/2), nu = 3",
                "printed budgets (10, 1e-7), (100, 1e-66), (200, 0)",
                "delta(10) = " + format(delta10) + ", delta(100) = " + format(delta100) + ", delta(200) = "
                        + format(Paper003Bound.deltaAtBoundary(200, FedTdProtocol.NU)),
                exponent10 == -7 && exponent100 == -66));
        // A9
        double paperRemark = Paper003Bound.claimedEpsilon(4000, 4, 1, 1);
        double soundRemark = GaussianMomentsBound.epsilonRealOrder(1e-5, 4000, 1, 4);
        claims.add(Claim.check(PAPER, "A9 Remark 2 (known discrepancy): no subsampling, T=4000, sigma=4, delta=1e-5",
                "paper Remark 2: epsilon = 1.07 'without subsampling'",
                "paper Theorem 3: " + format(paperRemark) + ", sound moments bound: " + format(soundRemark)
                        + " (both >> 1.07)",
                paperRemark >= 2500 - 1e-9 && Math.abs(soundRemark - 200.87) < 0.01));
        return claims;
    }

    /** The per-calibration privacy statements (claimed versus computed), recorded. */
    static List<Claim> privacy(Map<String, String> statements) {
        List<Claim> claims = new ArrayList<>();
        statements.forEach((label, statement) -> claims.add(Claim.recorded(PAPER, "privacy " + label,
                "claimed guarantee of the calibration", statement)));
        return claims;
    }
}
