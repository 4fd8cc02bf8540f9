package io.dpmarl.environments.fedtd;

/**
 * How a random feature matrix Phi is scaled after sampling. The federated TD(lambda) paper's
 * Assumption 2 bounds ||phi|| by sqrt((1 - gamma lambda)/(1 + gamma)), its proofs use ||phi|| &lt;= 1 and its
 * experiments leave the scaling unspecified; we scale to max row norm 1 by default. Scaling
 * the whole matrix by one positive constant keeps its column rank.
 */
public enum FeatureScaling {
    /**
     * Scale so that the largest row norm max_s ||phi(s)||_2 is 1 up to rounding and never above it: the factor and
     * the entries are rounded down, so the exact norm of every stored row is at most 1 (default; the bound all proofs
     * use).
     */
    UNIT_MAX_ROW_NORM,
    /**
     * Scale so that max_s ||phi(s)||_2 = sqrt((1 - gamma lambda) / (1 + gamma)), paper Assumption 2 as printed (at
     * most the double computed for that value, in exact arithmetic, as above).
     */
    ASSUMPTION2_STRICT,
    /** Keep the raw U[0, 1] entries. */
    NONE
}
