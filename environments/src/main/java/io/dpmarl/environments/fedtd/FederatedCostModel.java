package io.dpmarl.environments.fedtd;

import io.dpmarl.core.validation.Checks;
import java.util.random.RandomGenerator;

/**
 * The exact model of a federated Markov cost process (the DP federated TD(lambda) paper, Section 3 and Section 6): a
 * row-stochastic transition matrix P over S global states (the fixed policies are already folded in), each agent's
 * private mean cost R^i(s, s'), the half-width of the uniform noise on instantaneous costs, and the public features
 * Phi.
 *
 * <p>Instantaneous cost of agent i on the transition (s, s'): r^i ~ U[R^i(s, s') - w, R^i(s, s') + w]
 * (the paper's Section 6, w = 0.05). Costs are bounded by the public design bound {@link #costBound()}, the R of Lemma
 * 7. Sampling uses non-private randomness only (this is the simulated world).
 *
 * <p>The mean costs are either given (N x S x S, copied) or generated on demand ({@link CounterMeanCosts}, what
 * {@link RandomFederatedCostChain} uses): then the model holds O(S^2 + S K) doubles whatever N, so N = 10^5 agents
 * at S = 200 fit in memory.
 */
public final class FederatedCostModel {
    private final double[][] transitions;
    private final double[][][] meanCosts;
    private final CounterMeanCosts counterCosts;
    private final int numAgents;
    private final double costHalfWidth;
    private final FeatureMatrix features;
    private final double[][] cumulative;
    private final double costBound;

    /**
     * A model from its parts (all copied).
     *
     * @param transitions   P, S x S, non-negative, rows summing to 1 within 1e-9
     * @param meanCosts     R[agent][s][s'], N x S x S, finite
     * @param costHalfWidth w >= 0, half-width of the uniform cost noise
     * @param features      Phi with S rows
     * @param costBound     the public bound R on every instantaneous cost, |r| &lt;= R (Assumption 1; fixed by
     *                      design, never computed from the private costs); max |R^i| + w must not exceed it
     */
    public FederatedCostModel(double[][] transitions, double[][][] meanCosts, double costHalfWidth,
                              FeatureMatrix features, double costBound) {
        this(transitions, copy(transitions.length, meanCosts), null, costHalfWidth, features, costBound);
    }

    /**
     * A model whose mean costs are generated on demand ({@link CounterMeanCosts}): memory O(S^2 + S K), whatever N.
     *
     * @param transitions   P, S x S, non-negative, rows summing to 1 within 1e-9 (copied)
     * @param meanCosts     the generator of R[agent][s][s']
     * @param costHalfWidth w >= 0
     * @param features      Phi with S rows
     * @param costBound     the public bound R; max |R^i| + w (over the generator's range) must not exceed it
     */
    public FederatedCostModel(double[][] transitions, CounterMeanCosts meanCosts, double costHalfWidth,
                              FeatureMatrix features, double costBound) {
        this(transitions, null, java.util.Objects.requireNonNull(meanCosts, "meanCosts"), costHalfWidth, features,
                costBound);
    }

    private static double[][][] copy(int states, double[][][] meanCosts) {
        Checks.atLeast("numAgents", meanCosts.length, 1);
        double[][][] copy = new double[meanCosts.length][states][];
        for (int agent = 0; agent < meanCosts.length; agent++) {
            if (meanCosts[agent].length != states) {
                throw new IllegalArgumentException("mean costs of agent " + agent + " must be S x S");
            }
            for (int s = 0; s < states; s++) {
                if (meanCosts[agent][s].length != states) {
                    throw new IllegalArgumentException("mean costs of agent " + agent + " must be S x S");
                }
                for (double value : meanCosts[agent][s]) {
                    Checks.finite("mean cost", value);
                }
                copy[agent][s] = meanCosts[agent][s].clone();
            }
        }
        return copy;
    }

    private FederatedCostModel(double[][] transitions, double[][][] storedCosts, CounterMeanCosts counterCosts,
                               double costHalfWidth, FeatureMatrix features, double costBound) {
        int states = transitions.length;
        Checks.atLeast("numStates", states, 1);
        Checks.nonNegativeFinite("costHalfWidth", costHalfWidth);
        if (features.numStates() != states) {
            throw new IllegalArgumentException("features must have one row per state (" + states + "), got "
                    + features.numStates());
        }
        this.transitions = new double[states][];
        this.cumulative = new double[states][states];
        for (int s = 0; s < states; s++) {
            if (transitions[s].length != states) {
                throw new IllegalArgumentException("transition matrix must be S x S = " + states + " x " + states);
            }
            double sum = 0;
            for (int next = 0; next < states; next++) {
                double p = transitions[s][next];
                if (!(p >= 0) || Double.isInfinite(p)) {
                    throw new IllegalArgumentException("transition probability P[" + s + "][" + next
                            + "] must be in [0, 1], got " + p);
                }
                sum += p;
                cumulative[s][next] = sum;
            }
            if (!(Math.abs(sum - 1) <= 1e-9)) {
                throw new IllegalArgumentException("row " + s + " of the transition matrix must sum to 1, got " + sum);
            }
            this.transitions[s] = transitions[s].clone();
        }
        double maxAbs = 0;
        if (storedCosts != null) {
            for (double[][] agentCosts : storedCosts) {
                for (double[] row : agentCosts) {
                    for (double value : row) {
                        maxAbs = Math.max(maxAbs, Math.abs(value));
                    }
                }
            }
            this.numAgents = storedCosts.length;
        } else {
            maxAbs = counterCosts.maxAbs();
            this.numAgents = counterCosts.numAgents();
        }
        this.meanCosts = storedCosts;
        this.counterCosts = counterCosts;
        this.costHalfWidth = costHalfWidth;
        this.features = features;
        Checks.positiveFinite("costBound", costBound);
        if (maxAbs + costHalfWidth > costBound * (1 + 1e-12)) {
            throw new IllegalArgumentException("costBound must be in [max |R| + w, inf) = [" + (maxAbs + costHalfWidth)
                    + ", inf), got " + costBound);
        }
        this.costBound = costBound;
    }

    /** Number of worker agents N. */
    public int numAgents() {
        return numAgents;
    }

    /** Number of states S. */
    public int numStates() {
        return transitions.length;
    }

    /** The public features Phi. */
    public FeatureMatrix features() {
        return features;
    }

    /** Half-width w of the uniform noise on instantaneous costs. */
    public double costHalfWidth() {
        return costHalfWidth;
    }

    /** The public cost bound R >= sup |r_t^i| of Assumption 1, used by Lemma 7 (0.5 in the paper's setting). */
    public double costBound() {
        return costBound;
    }

    /** P[s][s']. */
    public double transition(int state, int next) {
        return transitions[state][next];
    }

    /** A copy of P. */
    public double[][] transitionMatrix() {
        double[][] copy = new double[transitions.length][];
        for (int s = 0; s < copy.length; s++) {
            copy[s] = transitions[s].clone();
        }
        return copy;
    }

    /** Mean cost R^i(s, s') of agent index {@code agent} (0-based). */
    public double meanCost(int agent, int state, int next) {
        return meanCosts != null ? meanCosts[agent][state][next] : counterCosts.get(agent, state, next);
    }

    /** Expected one-step cost vector r_i(s) = sum_{s'} P[s][s'] R^i(s, s') (paper Section 3). */
    public double[] expectedCosts(int agent) {
        int states = numStates();
        double[] r = new double[states];
        for (int s = 0; s < states; s++) {
            double sum = 0;
            for (int next = 0; next < states; next++) {
                sum += transitions[s][next] * meanCost(agent, s, next);
            }
            r[s] = sum;
        }
        return r;
    }

    /** Samples s' ~ P(s, .) by inversion of the cumulative row (non-private randomness). */
    public int sampleNext(int state, RandomGenerator random) {
        double u = random.nextDouble();
        double[] row = cumulative[state];
        for (int next = 0; next < row.length - 1; next++) {
            if (u < row[next]) {
                return next;
            }
        }
        return row.length - 1;
    }

    /** Samples agent i's instantaneous cost r ~ U[R^i(s, s') - w, R^i(s, s') + w]. */
    public double sampleCost(int agent, int state, int next, RandomGenerator random) {
        double mean = meanCost(agent, state, next);
        return mean + costHalfWidth * (2 * random.nextDouble() - 1);
    }

    /** Samples every agent's instantaneous cost into {@code costs} (length N). */
    public void sampleCosts(int state, int next, RandomGenerator random, double[] costs) {
        for (int agent = 0; agent < costs.length; agent++) {
            costs[agent] = sampleCost(agent, state, next, random);
        }
    }
}
