package io.dpmarl.examples.reproduce.fedtd;

import static io.dpmarl.examples.reproduce.fedtd.FedTdClaims.format;

import io.dpmarl.algorithms.federated.evaluate.JDeviationEvaluator;
import io.dpmarl.algorithms.federated.privacy.CalibratedNoise;
import io.dpmarl.algorithms.federated.privacy.FederatedTdCalibrator;
import io.dpmarl.algorithms.federated.privacy.NoiseCalibration;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.mechanisms.accounting.paper003.Paper003Bound;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The noise claims of the paper (Algorithm 2, Figures 4-7) on the private runs. Dev(calibration, epsilon) is the
 * mean over trials and recorded episodes of |Jbar_t - Jbar*| (the runs of different epsilons have independent
 * seeds, hence independent noise streams and trajectories). Gates (thresholds from the paper's claims, no margin):
 * <ul>
 *   <li>A4 (C4/C5, "the deviation decreases as epsilon grows") for the two sound calibrations: Dev(10) &gt;
 *       Dev(100) &gt; Dev(200) on independent streams; the paper-literal calibrations are recorded;</li>
 *   <li>A7 (C6, "Gaussian outperforms Laplace"), sound Gaussian against Laplace with global composition: at each
 *       epsilon a smaller per-coordinate variance and a smaller Dev. Under the paper's LITERAL Laplace calibration
 *       (b = Delta / epsilon per round, no composition) the claim reverses: DIFFERS, with the numbers.</li>
 * </ul>
 * Recorded: A5 (Dev(10) / |J*| of the paper's Gaussian), A6 (Dev / |J*| of every calibration), A8 (the deltas
 * e^{-nu epsilon / 2} the paper's exponents were fitted to with nu = 3: not a gate), and per calibration the
 * claimed against the sound whole-run guarantee. Rows whose specs were not run are left out.
 */
final class FedTdPrivacyClaims {
    static final String PAPER = FederatedTdReproduction.PAPER;
    /** Moment order of the paper's Theorem 3 used by the specs. */
    static final int NU = 3;
    /** T of the private specs. */
    static final int ROUNDS = 1000;
    /** K of the private specs. */
    static final int FEATURES = 10;
    private static final Map<String, NoiseCalibration> CALIBRATIONS = Map.of(
            "gaussian-sound", NoiseCalibration.SOUND_MOMENTS, "gaussian-paper", NoiseCalibration.PAPER_THEOREM_3,
            "laplace-global", NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
            "laplace-literal", NoiseCalibration.LAPLACE_LITERAL);

    private FedTdPrivacyClaims() {
    }

    /** The noise the {@code federated-td} learner calibrates for a private spec (R = 0.5, (t+1)^-0.65, T, K, nu). */
    static CalibratedNoise noise(String calibration, int epsilon) {
        NoiseCalibration rule = CALIBRATIONS.get(calibration);
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), ROUNDS);
        PrivacyBudget budget = new PrivacyBudget(epsilon, rule.mechanism() == NoiseMechanism.GAUSSIAN
                ? Math.exp(-NU * epsilon / 2.0) : 0.0);
        return FederatedTdCalibrator.calibrate(rule, budget, run, FEATURES, NU);
    }

    private static boolean has(ClaimInputs inputs, String calibration) {
        return FederatedTdReproduction.EPSILONS.stream()
                .allMatch(e -> inputs.has(FederatedTdReproduction.privateSpec(calibration, e)));
    }

    /** Dev of a private spec. */
    static double deviation(ClaimInputs inputs, String calibration, int epsilon) throws IOException {
        FedTdRun run = FedTdRun.of(inputs.metrics(FederatedTdReproduction.privateSpec(calibration, epsilon)),
                FederatedTdReproduction.PRIVATE_STEP_LIMIT);
        return FedTdRun.mean(run.meanAbsolute(run.onlyLabel(), JDeviationEvaluator.J_DEVIATION));
    }

    private static double fixedPoint(ClaimInputs inputs, String calibration) throws IOException {
        FedTdRun run = FedTdRun.of(inputs.metrics(FederatedTdReproduction.privateSpec(calibration, 10)),
                FederatedTdReproduction.PRIVATE_STEP_LIMIT);
        return Math.abs(run.constant(run.onlyLabel(), JDeviationEvaluator.J_FIXED_POINT));
    }

    static List<Claim> evaluate(ClaimInputs inputs) throws IOException {
        List<Claim> claims = new ArrayList<>();
        StringBuilder relative = new StringBuilder();
        for (String calibration : FederatedTdReproduction.CALIBRATIONS) {
            if (!has(inputs, calibration)) {
                continue;
            }
            double d10 = deviation(inputs, calibration, 10);
            double d100 = deviation(inputs, calibration, 100);
            double d200 = deviation(inputs, calibration, 200);
            double scale = fixedPoint(inputs, calibration);
            relative.append(calibration).append(": ").append(format(d10 / scale)).append(' ')
                    .append(format(d100 / scale)).append(' ').append(format(d200 / scale)).append("; ");
            String claim = "A4 " + calibration + ": deviation decreases as epsilon grows";
            String measured = "Dev " + format(d10) + " > " + format(d100) + " > " + format(d200);
            boolean holds = d10 > d100 && d100 > d200;
            if (calibration.equals("gaussian-sound") || calibration.equals("laplace-global")) {
                claims.add(Claim.check(PAPER, claim, "C4/C5; gate: Dev(10) > Dev(100) > Dev(200) on independent"
                        + " noise streams", measured, holds));
            } else {
                claims.add(Claim.recorded(PAPER, claim + " (paper-literal calibration)", "C4/C5", measured));
            }
            if (calibration.equals("gaussian-paper")) {
                claims.add(Claim.recorded(PAPER, "A5 J value varies sharply at epsilon = 10 (paper's Gaussian)",
                        "C4 'varies sharply'", "Dev(10)/|J*| = " + format(d10 / scale)));
            }
        }
        if (relative.length() > 0) {
            claims.add(Claim.recorded(PAPER, "A6 at large epsilon J keeps tight with the noiseless value",
                    "C5 'keeps tight'", "Dev/|J*| at epsilon 10, 100, 200: " + relative));
        }
        if (has(inputs, "gaussian-sound") && has(inputs, "laplace-global")) {
            claims.add(gaussianBeatsLaplace(inputs, "laplace-global"));
        }
        if (has(inputs, "gaussian-sound") && has(inputs, "laplace-literal")) {
            claims.add(gaussianBeatsLaplace(inputs, "laplace-literal"));
        }
        claims.add(Claim.recorded(PAPER, "A8 the paper's Gaussian deltas are exp(-nu epsilon / 2) with nu = 3",
                "printed budgets (10, 1e-7), (100, 1e-66), (200, 0); nu = 3 was fitted to these exponents, so"
                        + " this is no test of the paper",
                "delta(10) = " + format(Paper003Bound.deltaAtBoundary(10, NU)) + ", delta(100) = "
                        + format(Paper003Bound.deltaAtBoundary(100, NU)) + ", delta(200) = "
                        + format(Paper003Bound.deltaAtBoundary(200, NU))));
        for (String calibration : FederatedTdReproduction.CALIBRATIONS) {
            if (!has(inputs, calibration)) {
                continue;
            }
            for (int epsilon : FederatedTdReproduction.EPSILONS) {
                CalibratedNoise noise = noise(calibration, epsilon);
                claims.add(Claim.recorded(PAPER, "privacy " + calibration + " epsilon=" + epsilon,
                        "claimed guarantee of the calibration: " + noise.claimed().describe(),
                        "scale " + format(noise.scale()) + "; sound whole-run guarantee (charged up front) "
                                + noise.computed().describe() + "; paper per-round accounting "
                                + noise.paperPerRound().describe()));
            }
        }
        return claims;
    }

    private static Claim gaussianBeatsLaplace(ClaimInputs inputs, String laplace) throws IOException {
        boolean holds = true;
        StringBuilder measured = new StringBuilder();
        for (int epsilon : FederatedTdReproduction.EPSILONS) {
            double gaussianVariance = noise("gaussian-sound", epsilon).perCoordinateVariance();
            double laplaceVariance = noise(laplace, epsilon).perCoordinateVariance();
            double gaussianDev = deviation(inputs, "gaussian-sound", epsilon);
            double laplaceDev = deviation(inputs, laplace, epsilon);
            holds &= gaussianVariance < laplaceVariance && gaussianDev < laplaceDev;
            measured.append(" eps=").append(epsilon).append(": variance ").append(format(gaussianVariance))
                    .append(" vs ").append(format(laplaceVariance)).append(", Dev ").append(format(gaussianDev))
                    .append(" vs ").append(format(laplaceDev)).append(';');
        }
        String claim = "A7 Gaussian (sound) beats Laplace (" + laplace + ")";
        if (laplace.equals("laplace-literal")) {
            return holds ? Claim.recorded(PAPER, claim, "C6 'Gaussian outperforms Laplace'", measured.toString())
                    : Claim.differs(PAPER, claim, "C6 'Gaussian outperforms Laplace'", measured + " Reason: under"
                    + " the paper's literal Laplace calibration (b = Delta / epsilon for the whole run, no composition"
                    + " over the T rounds) the Laplace noise is far smaller than the Gaussian noise calibrated for the"
                    + " whole run, so the claim reverses");
        }
        return Claim.check(PAPER, claim, "C6 'Gaussian outperforms Laplace'; gate: at each epsilon smaller"
                + " per-coordinate variance and smaller Dev", measured.toString(), holds);
    }
}
