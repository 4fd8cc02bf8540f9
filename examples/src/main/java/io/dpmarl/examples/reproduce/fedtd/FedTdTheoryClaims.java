package io.dpmarl.examples.reproduce.fedtd;

import static io.dpmarl.examples.reproduce.fedtd.FedTdClaims.format;

import io.dpmarl.algorithms.federated.theory.FederatedTdBounds;
import io.dpmarl.algorithms.federated.theory.FederatedTdTheorem2;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FeatureScaling;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import io.dpmarl.environments.fedtd.TdLambdaOracle;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A recorded row on the paper's Theorem 2 (1) for the bundled chain of the fixed-step runs: sigma_max and sigma_min
 * (the extreme eigenvalues of the Lyapunov solution of the exact TD(lambda) matrix A, Srikant and Ying's reading),
 * Psi_1, and the largest constant step the theorem admits for any mixing time (min{0.05/sigma_max, Psi_1}),
 * against the steps the experiments use. Not a gate: it shows that the theorem does not cover the paper's own
 * experiments. Computed from the model (no run data); shown when the fixed-step spec was run.
 */
final class FedTdTheoryClaims {
    static final String PAPER = FederatedTdReproduction.PAPER;
    /**
     * The environment of the bundled specs (mirrored in the spec files, checked by the test); {@code restart} does not
     * change the model the theorem reads.
     */
    static final String ENVIRONMENT = "federated-cost-chain(agents=20, states=20, features=10, model-seed=2022,"
            + " restart=continue)";
    /** The fixed steps of the {@code clear-fixed} spec. */
    static final List<Double> FIXED_STEPS = List.of(0.002, 0.02, 0.2, 0.9);
    private static final int AGENTS = 20;
    private static final int STATES = 20;
    private static final int FEATURES = 10;
    private static final long MODEL_SEED = 2022;
    private static final double COST_BOUND = 0.5;
    private static final double GAMMA = 0.9;
    private static final double LAMBDA = 0.5;

    private FedTdTheoryClaims() {
    }

    /** Theorem 2 (1)'s constants for the bundled chain (uniform weights, c_min = 1/N). */
    static FederatedTdTheorem2 theorem() {
        FederatedCostModel model = RandomFederatedCostChain.generate(AGENTS, STATES, FEATURES,
                FeatureScaling.UNIT_MAX_ROW_NORM, GAMMA, LAMBDA, new SplittableRandom(MODEL_SEED));
        TdLambdaOracle oracle = new TdLambdaOracle(model, AggregationWeights.uniform(AGENTS), GAMMA, LAMBDA);
        FederatedTdBounds bounds = new FederatedTdBounds(AGENTS, FEATURES, COST_BOUND, GAMMA, LAMBDA,
                1.0 / AGENTS, FederatedTdBounds.Variant.SOUND);
        return new FederatedTdTheorem2(bounds, oracle.lyapunovSigmaMax(), oracle.lyapunovSigmaMin(),
                FederatedTdTheorem2.Reading.SOUND);
    }

    static List<Claim> evaluate(ClaimInputs inputs) {
        if (!inputs.has("clear-fixed")) {
            return List.of();
        }
        FederatedTdTheorem2 theorem = theorem();
        double supremum = theorem.constantStepSupremum();
        long covered = FIXED_STEPS.stream().filter(step -> step < supremum).count();
        return List.of(Claim.recorded(PAPER, "T2 Theorem 2 (1): admissible constant steps for the bundled chain",
                "finite-time bound for a constant alpha < min{1/(4 tau), 0.05/(Psi_3 tau + sigma_max), Psi_1}; the"
                        + " experiments use alpha in " + FIXED_STEPS,
                "sigma_max " + format(theorem.sigmaMax()) + ", sigma_min " + format(theorem.sigmaMin())
                        + " (Lyapunov solution of the exact A), Psi_1 " + format(theorem.constants().psi1())
                        + "; admissible alpha < " + format(supremum) + " for every mixing time tau ("
                        + format(theorem.constantStepLimit(1)) + " at tau = 1): " + covered + " of "
                        + FIXED_STEPS.size() + " experimental steps covered"));
    }
}
