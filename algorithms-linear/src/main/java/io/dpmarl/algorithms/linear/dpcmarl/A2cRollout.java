package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.algorithms.linear.nn.DenseNetwork;
import io.dpmarl.algorithms.linear.nn.PolicyGradientLoss;
import org.ejml.data.DMatrixRMaj;

/**
 * The part of a DPC-MARL A2C update ("Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for
 * Networked Social Systems", Section VI.C, Table II) that does not depend on the agent's network shape, shared by
 * {@link A2cAgent} and {@link SharedTrunkAgent}: the rollout's own actions and rewards (the agent's private data),
 * the n-step returns {@code R_t = r_t + gamma R_{t+1}} bootstrapped from {@code V(s_n)}, the advantages (temporal
 * difference {@code R_t - V_t}, or for an action-value critic the counterfactual
 * {@code Q(o_t, a_t, a_N) - sum_b pi(b | o_t) Q(o_t, b, a_N)} or {@code R_t - sum_b pi(b | o_t) Q(o_t, b, a_N)}), their
 * optional normalisation to mean 0 and standard deviation 1, and the actor and critic losses with their output
 * gradients. The agent supplies the network outputs (values, logits, counterfactual {@code Q}s); all buffers are
 * sized once for the rollout capacity, so an update allocates nothing.
 */
final class A2cRollout {
    private final boolean normalise;
    private final boolean actionValueCritic;
    private final boolean returnAdvantage;
    private final int actionCount;
    private final int[] actions;
    private final double[] rewards;
    private final double[] returns;
    private final double[] advantages;
    private final double[] probabilities;

    A2cRollout(A2cSettings settings, int actionCount) {
        this.normalise = settings.normaliseAdvantages();
        this.actionValueCritic = settings.advantage().actionValueCritic();
        this.returnAdvantage = settings.advantage() == A2cAdvantage.RETURN_MINUS_EXPECTED_Q;
        this.actionCount = actionCount;
        int capacity = settings.rollout();
        this.actions = new int[capacity];
        this.rewards = new double[capacity];
        this.returns = new double[capacity];
        this.advantages = new double[capacity];
        this.probabilities = new double[actionCount];
    }

    /** True when the critic reads the own action, so advantages are counterfactual. */
    boolean actionValueCritic() {
        return actionValueCritic;
    }

    /** Stores the own action of step {@code n}. */
    void action(int n, int action) {
        actions[n] = action;
    }

    /** Stores the (scaled) reward of step {@code n}. */
    void reward(int n, double reward) {
        rewards[n] = reward;
    }

    /** The n-step returns of the {@code n} stored steps, bootstrapped from {@code bootstrap}. */
    void computeReturns(int n, double gamma, double bootstrap) {
        PolicyGradientLoss.returns(rewards, n, gamma, bootstrap, returns);
    }

    /** {@code A_t = R_t - V_t} from the critic's pre-update values (after {@link #computeReturns}). */
    void temporalDifferenceAdvantages(int n, double[] values) {
        for (int t = 0; t < n; t++) {
            advantages[t] = returns[t] - values[t];
        }
    }

    /**
     * {@code A_t = Q(o_t, a_t, a_N) - sum_b pi(b | o_t) Q(o_t, b, a_N)} from the pre-update networks, or
     * {@code R_t - sum_b pi(b | o_t) Q(o_t, b, a_N)} for {@link A2cAdvantage#RETURN_MINUS_EXPECTED_Q}; {@code q}
     * holds {@code Q(o_t, b, a_N)} at {@code t * actionCount + b}, {@code logits} the actor's row {@code t}.
     */
    void counterfactualAdvantages(int n, DMatrixRMaj logits, double[] q) {
        for (int t = 0; t < n; t++) {
            PolicyGradientLoss.softmax(logits, t, probabilities);
            double expected = 0;
            for (int b = 0; b < actionCount; b++) {
                expected += probabilities[b] * q[t * actionCount + b];
            }
            advantages[t] = (returnAdvantage ? returns[t] : q[t * actionCount + actions[t]]) - expected;
        }
    }

    /**
     * When normalisation is on and {@code n > 1}: {@code A_t <- (A_t - mean) / (sd + 1e-8)}, the mean and the
     * (population) variance each summed as {@code sum_t x_t / n}.
     */
    void normaliseAdvantages(int n) {
        if (normalise && n > 1) {
            double mean = 0;
            for (int t = 0; t < n; t++) {
                mean += advantages[t] / n;
            }
            double variance = 0;
            for (int t = 0; t < n; t++) {
                variance += (advantages[t] - mean) * (advantages[t] - mean) / n;
            }
            double scale = 1 / (Math.sqrt(variance) + 1e-8);
            for (int t = 0; t < n; t++) {
                advantages[t] = (advantages[t] - mean) * scale;
            }
        }
    }

    /** The critic loss {@code (1/n) sum (1/2)(R_t - V_t)^2}; writes its gradient into {@code valueGradient}. */
    double criticLoss(DMatrixRMaj values, DMatrixRMaj valueGradient) {
        return PolicyGradientLoss.critic(values, returns, valueGradient);
    }

    /** The actor loss on the stored actions and advantages; writes its gradient into {@code logitGradient}. */
    double actorLoss(DMatrixRMaj logits, double entropyWeight, DMatrixRMaj logitGradient) {
        return PolicyGradientLoss.actor(logits, actions, advantages, entropyWeight, logitGradient, probabilities);
    }

    /** True while every weight and bias of every network in {@code networks} is finite. */
    static boolean finite(DenseNetwork[] networks) {
        for (DenseNetwork network : networks) {
            for (int l = 0; l < network.layers(); l++) {
                if (!allFinite(network.weights(l).data) || !allFinite(network.biases(l).data)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean allFinite(double[] values) {
        for (double value : values) {
            if (!Double.isFinite(value)) {
                return false;
            }
        }
        return true;
    }
}
