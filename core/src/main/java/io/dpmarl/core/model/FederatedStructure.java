package io.dpmarl.core.model;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.validation.Checks;
import java.util.Objects;

/**
 * The public structure of a federated policy-evaluation environment that a learner may read (paper
 * "Differentially private federated temporal difference learning", Section 2 and Assumption 1): the features Phi,
 * the aggregation weights c and the declared bound R on every instantaneous cost (|r_t^i| &lt;= R). An environment
 * offers it as a capability; nothing here depends on private data (the bound is fixed by design, never computed
 * from the costs). The exact model (mean costs, TD fixed point) is NOT part of it: see {@link FederatedCostOracle}.
 *
 * @param features  the public features Phi
 * @param weights   the aggregation weights c, one per agent
 * @param costBound the declared cost bound R in (0, inf)
 */
public record FederatedStructure(FederatedFeatures features, FederatedWeights weights, double costBound) {
    public FederatedStructure {
        Objects.requireNonNull(features, "features");
        Objects.requireNonNull(weights, "weights");
        Checks.positiveFinite("costBound", costBound);
    }

    /**
     * The public structure an environment offers, for a learner: this is the one capability a learner may ask for,
     * because nothing in it depends on private data (the architecture rules forbid learners every other model).
     *
     * @param environment the learner's environment
     * @param plugin      the learner's name, for the error message
     * @throws IllegalArgumentException if the environment offers no federated structure
     */
    public static FederatedStructure of(Environment environment, String plugin) {
        return environment.capability(FederatedStructure.class).orElseThrow(() -> new IllegalArgumentException(
                plugin + " needs an environment with a public federated structure (FederatedStructure), for example"
                        + " federated-cost-chain; " + environment.info().name() + " offers none"));
    }
}
