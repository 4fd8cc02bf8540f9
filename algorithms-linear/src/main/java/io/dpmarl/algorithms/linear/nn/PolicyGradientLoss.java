package io.dpmarl.algorithms.linear.nn;

import org.ejml.data.DMatrixRMaj;

/**
 * The A2C losses on a batch of {@code n} rows, written as gradients with respect to network outputs (Mnih et al.,
 * "Asynchronous methods for deep reinforcement learning"; the DPC-MARL paper's A2C agents):
 * <ul>
 *   <li>actor: {@code L = -(1/n) sum_t [A_t log pi(a_t|o_t) + c H(pi(.|o_t))]} over softmax logits {@code z}, with
 *       the advantages {@code A_t} held constant; {@code dL/dz_k = (1/n) [A_t (pi_k - 1{k = a_t})
 *       + c pi_k (log pi_k + H)]}, where {@code pi_k log pi_k} takes its limit 0 at {@code pi_k = 0} (a softmax
 *       saturated to an exact 0 in double precision leaves the entropy and its gradient finite);</li>
 *   <li>critic: {@code L = (1/n) sum_t (1/2)(R_t - V_t)^2}; {@code dL/dV_t = (V_t - R_t)/n}.</li>
 * </ul>
 * No allocation; no privacy role.
 */
public final class PolicyGradientLoss {
    private PolicyGradientLoss() {
    }

    /** Softmax of row {@code row} of {@code logits} into {@code probabilities} (numerically stable). */
    public static void softmax(DMatrixRMaj logits, int row, double[] probabilities) {
        int width = logits.numCols;
        int base = row * width;
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < width; k++) {
            max = Math.max(max, logits.data[base + k]);
        }
        double sum = 0;
        for (int k = 0; k < width; k++) {
            probabilities[k] = Math.exp(logits.data[base + k] - max);
            sum += probabilities[k];
        }
        for (int k = 0; k < width; k++) {
            probabilities[k] /= sum;
        }
    }

    /**
     * Writes the actor-loss gradient into {@code gradient} ({@code n x actions}, already shaped) and returns the
     * loss. {@code scratch} has one entry per action.
     */
    public static double actor(DMatrixRMaj logits, int[] actions, double[] advantages, double entropyWeight,
                               DMatrixRMaj gradient, double[] scratch) {
        int rows = logits.numRows;
        int width = logits.numCols;
        double loss = 0;
        for (int t = 0; t < rows; t++) {
            softmax(logits, t, scratch);
            double entropy = 0;
            for (int k = 0; k < width; k++) {
                entropy -= plogp(scratch[k]);
            }
            loss -= advantages[t] * Math.log(scratch[actions[t]]) + entropyWeight * entropy;
            int base = t * width;
            for (int k = 0; k < width; k++) {
                double indicator = k == actions[t] ? 1 : 0;
                gradient.data[base + k] = (advantages[t] * (scratch[k] - indicator)
                        + entropyGradient(entropyWeight, scratch[k], entropy)) / rows;
            }
        }
        return loss / rows;
    }

    /** {@code p ln p}, with its limit 0 at {@code p = 0} (a probability that underflowed at a saturated softmax). */
    private static double plogp(double p) {
        return p > 0 ? p * Math.log(p) : 0;
    }

    /** {@code c p (ln p + H)}, the entropy term's logit gradient, with its limit 0 at {@code p = 0}. */
    private static double entropyGradient(double weight, double p, double entropy) {
        return p > 0 ? weight * p * (Math.log(p) + entropy) : 0;
    }

    /** Writes the critic-loss gradient ({@code n x 1}) and returns the loss. */
    public static double critic(DMatrixRMaj values, double[] returns, DMatrixRMaj gradient) {
        int rows = values.numRows;
        double loss = 0;
        for (int t = 0; t < rows; t++) {
            double error = values.data[t] - returns[t];
            loss += 0.5 * error * error;
            gradient.data[t] = error / rows;
        }
        return loss / rows;
    }

    /**
     * n-step discounted returns, newest to oldest: {@code R <- r_t + gamma R} from {@code bootstrap} (0 if the
     * episode ended), written into {@code returns[0..n-1]}.
     */
    public static void returns(double[] rewards, int n, double gamma, double bootstrap, double[] returns) {
        double running = bootstrap;
        for (int t = n - 1; t >= 0; t--) {
            running = rewards[t] + gamma * running;
            returns[t] = running;
        }
    }
}
