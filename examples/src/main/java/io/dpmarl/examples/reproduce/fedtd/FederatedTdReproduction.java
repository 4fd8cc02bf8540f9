package io.dpmarl.examples.reproduce.fedtd;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.examples.reproduce.BundledSpecs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code dpmarl reproduce federated-td}: the experiments of "Differentially private federated temporal difference
 * learning" (Zeng et al. 2022) as bundled specs run by the ordinary runner, plus a claims step over their run
 * directories. Specs: Algorithm 1 with fixed steps alpha in {0.002, 0.02, 0.2, 0.9} and time-varying steps
 * (t+1)^-p, p in {0.1, 0.65, 0.8}, to t = 10^4 (Figures 1-3); Algorithm 2 with time-varying steps (t+1)^-0.65,
 * T = 1000, under four noise calibrations (sound Gaussian, the paper's Theorem 3 Gaussian, Laplace with global
 * composition, the paper's literal Laplace) at epsilon 10, 100, 200, each epsilon with its own seed (Figures 4-5).
 * The claims are {@link FedTdClaims} (convergence), {@link FedTdPrivacyClaims} (noise) and
 * {@link FedTdTheoryClaims} (Theorem 2's admissible steps, recorded).
 */
public final class FederatedTdReproduction implements Reproduction {
    /** The paper id. */
    public static final String PAPER = "federated-td";
    /** The non-private specs (grids over the step-size schedule). */
    public static final List<String> CLEAR_SPECS = List.of("clear-fixed", "clear-power");
    /** The noise calibrations of the private specs, as spec-name prefixes. */
    public static final List<String> CALIBRATIONS = List.of("gaussian-sound", "gaussian-paper", "laplace-global",
            "laplace-literal");
    /** The epsilons of the private specs. */
    public static final List<Integer> EPSILONS = List.of(10, 100, 200);
    /** The step limit (rounds per recorded episode) of the non-private specs. */
    static final int CLEAR_STEP_LIMIT = 100;
    /** The step limit of the private specs. */
    static final int PRIVATE_STEP_LIMIT = 50;

    @Override
    public String paperId() {
        return PAPER;
    }

    /** The name of the private spec of a calibration and epsilon, for example {@code gaussian-sound-eps10}. */
    public static String privateSpec(String calibration, int epsilon) {
        return calibration + "-eps" + epsilon;
    }

    /** Every bundled spec name, non-private first. */
    public static List<String> specNames() {
        List<String> names = new ArrayList<>(CLEAR_SPECS);
        for (String calibration : CALIBRATIONS) {
            for (int epsilon : EPSILONS) {
                names.add(privateSpec(calibration, epsilon));
            }
        }
        return names;
    }

    @Override
    public List<BundledSpec> specs(boolean full) {
        return BundledSpecs.inSetting(PAPER, specNames(), full);
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        List<Claim> claims = new ArrayList<>(FedTdClaims.evaluate(inputs));
        claims.addAll(FedTdPrivacyClaims.evaluate(inputs));
        claims.addAll(FedTdTheoryClaims.evaluate(inputs));
        return claims;
    }
}
