package io.dpmarl.environments.cbmp;

import io.dpmarl.core.model.DiscountedTabularModel;
import io.dpmarl.core.validation.Checks;
import java.util.random.RandomGenerator;

/**
 * The exact model of the Central Bank Monetary Policy (CBMP) networked MDP of Qiao et al., Privacy-preserved Fully
 * Decentralized Multi-agent Reinforcement Learning for Networked Social Systems, Section VI.A: N citizens, two
 * states (the central bank's interest-rate channel rising or falling), two common actions (increase or decrease
 * savings), transition probabilities {@code P(s' | s, a)}, private mean rewards {@code mu_i(s, a)} and Gaussian
 * reward noise of variance {@code rewardVariance} ("Gaussian with variance 20": standard deviation sqrt(20)).
 *
 * <p>{@link #generate} draws the model as the paper describes: for each of the 4 pairs (s, a),
 * {@code P(0 | s, a) ~ U[0, 1]} and {@code P(1 | s, a) = 1 - P(0 | s, a)} (8 numbers, each row summing to 1),
 * and {@code mu_i(s, a) ~ U[meanLow, meanHigh]} independently (80 numbers for N = 20, range [50, 400]).
 */
public final class CbmpModel implements DiscountedTabularModel {
    /** States of CBMP. */
    public static final int STATES = 2;
    /** Actions of CBMP. */
    public static final int ACTIONS = 2;

    private final double[][][] transitions;
    private final double[][][] meanRewards;
    private final double discount;
    private final double rewardVariance;

    /**
     * A model from its tables.
     *
     * @param transitions    {@code [s][a][s']}, each row a distribution over the 2 states
     * @param meanRewards    {@code [agent][s][a]}
     * @param discount       gamma in [0, 1)
     * @param rewardVariance variance of each reward around its mean, at least 0
     */
    public CbmpModel(double[][][] transitions, double[][][] meanRewards, double discount, double rewardVariance) {
        Checks.atLeast("numAgents", meanRewards.length, 1);
        if (!(discount >= 0 && discount < 1)) {
            throw new IllegalArgumentException("gamma must be in [0, 1), got " + discount);
        }
        Checks.nonNegativeFinite("reward-variance", rewardVariance);
        if (transitions.length != STATES) {
            throw new IllegalArgumentException("transitions must have " + STATES + " states, got "
                    + transitions.length);
        }
        this.transitions = new double[STATES][ACTIONS][];
        for (int s = 0; s < STATES; s++) {
            for (int a = 0; a < ACTIONS; a++) {
                double[] row = transitions[s][a].clone();
                double sum = 0;
                for (double p : row) {
                    Checks.probability("transition probability", p);
                    sum += p;
                }
                if (row.length != STATES || Math.abs(sum - 1) > 1e-12) {
                    throw new IllegalArgumentException("P(. | " + s + ", " + a + ") must be a distribution over "
                            + STATES + " states");
                }
                this.transitions[s][a] = row;
            }
        }
        this.meanRewards = new double[meanRewards.length][STATES][];
        for (int i = 0; i < meanRewards.length; i++) {
            for (int s = 0; s < STATES; s++) {
                this.meanRewards[i][s] = meanRewards[i][s].clone();
                for (double mu : this.meanRewards[i][s]) {
                    Checks.finite("mean reward", mu);
                }
            }
        }
        this.discount = discount;
        this.rewardVariance = rewardVariance;
    }

    /** Draws a model as the paper describes (see the class comment). */
    public static CbmpModel generate(int agents, double discount, double rewardVariance, double meanLow,
                                     double meanHigh, RandomGenerator random) {
        Checks.atLeast("agents", agents, 1);
        Checks.finite("mean-low", meanLow);
        if (!(meanHigh >= meanLow) || Double.isInfinite(meanHigh)) {
            throw new IllegalArgumentException("mean-high must be in [" + meanLow + ", inf), got " + meanHigh);
        }
        double[][][] p = new double[STATES][ACTIONS][];
        for (int s = 0; s < STATES; s++) {
            for (int a = 0; a < ACTIONS; a++) {
                double stay = random.nextDouble();
                p[s][a] = new double[] {stay, 1 - stay};
            }
        }
        double[][][] mu = new double[agents][STATES][ACTIONS];
        for (int i = 0; i < agents; i++) {
            for (int s = 0; s < STATES; s++) {
                for (int a = 0; a < ACTIONS; a++) {
                    mu[i][s][a] = meanLow + (meanHigh - meanLow) * random.nextDouble();
                }
            }
        }
        return new CbmpModel(p, mu, discount, rewardVariance);
    }

    @Override
    public int numAgents() {
        return meanRewards.length;
    }

    @Override
    public int numStates() {
        return STATES;
    }

    @Override
    public int numActions() {
        return ACTIONS;
    }

    @Override
    public double discount() {
        return discount;
    }

    @Override
    public double[] transition(int state, int action) {
        return transitions[state][action];
    }

    @Override
    public double meanReward(int agent, int state, int action) {
        return meanRewards[agent][state][action];
    }

    /** The variance of each reward around its mean. */
    public double rewardVariance() {
        return rewardVariance;
    }

    /** Samples the next state from {@code P(. | s, a)}. */
    public int sampleNext(int state, int action, RandomGenerator random) {
        return random.nextDouble() < transitions[state][action][0] ? 0 : 1;
    }

    /**
     * Samples every agent's reward {@code r_i ~ Normal(mu_i(s, a), rewardVariance)} into {@code out}. This is the
     * environment's own randomness (the private data the agents protect), drawn from the trial's environment stream;
     * it is not privacy noise, which comes only from the mechanisms' exact samplers.
     */
    public void sampleRewards(int state, int action, RandomGenerator random, double[] out) {
        double sd = Math.sqrt(rewardVariance);
        for (int i = 0; i < out.length; i++) {
            out[i] = meanRewards[i][state][action] + sd * random.nextGaussian();
        }
    }
}
