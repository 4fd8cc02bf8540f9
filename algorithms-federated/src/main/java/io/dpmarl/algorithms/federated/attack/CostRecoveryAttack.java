package io.dpmarl.algorithms.federated.attack;

import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.model.FederatedFeatures;

/**
 * Cost-recovery attacks on federated TD(lambda) (the threat model of the DP federated TD(lambda) paper, Section 5.1:
 * the private data are the agents' costs r_t^i). The attacker knows the
 * public data: states, features, gamma, lambda, alpha_t, hence the trace z_t and d_t = gamma phi(s_{t+1}) - phi(s_t).
 *
 * <p><b>Uplink observer</b> ({@link #fromUplink}): sees theta_t^i, theta_{t+1}^i and the broadcast v_t the worker
 * started from, and solves the worker's update theta_{t+1}^i = v_t + alpha_t l z_t:
 * l = z_t^T (theta_{t+1}^i - v_t) / (alpha_t ||z_t||^2), r_t^i = l - d_t^T theta_t^i. This is exact with or without
 * Algorithm 2's noise, because the worker's update uses the very broadcast the observer sees: the noise protects
 * the released downlink, not the uplink (which the paper assumes confidential; the paper's Algorithm 2 adds noise only
 * to the broadcast).
 *
 * <p><b>Downlink observer</b> ({@link #fromDownlink}), the adversary of the DP guarantee: sees only the broadcasts
 * v_{t} = theta-hat_{t+1}^0 and v_{t+1} = theta-hat_{t+2}^0 and knows every other agent's cost. Since
 * v_{t+1} = v_t + alpha_t (sum_i c^i l_t^i) z_t + u_{t+2} and
 * sum_i c^i l_t^i = d_t^T (v_t - u_{t+1}) + sum_i c^i r_t^i,
 * <pre>
 *   rbar-hat = z_t^T (v_{t+1} - v_t) / (alpha_t ||z_t||^2) - d_t^T v_t,
 *   r-hat_t^i = (rbar-hat - sum_{j != i} c^j r_t^j) / c^i
 * </pre>
 * Without noise this is exact. With noise the error is (z_t^T u_{t+2} / (alpha_t ||z_t||^2) - d_t^T u_{t+1}) / c^i,
 * of variance v (1 / (alpha_t^2 ||z_t||^2) + ||d_t||^2) / (c^i)^2 for per-coordinate noise variance v
 * ({@link #downlinkErrorVariance}).
 */
public final class CostRecoveryAttack {
    private final FederatedFeatures features;
    private final double gamma;

    /** An attacker who knows the public features and discount. */
    public CostRecoveryAttack(FederatedFeatures features, double gamma) {
        this.features = features;
        this.gamma = gamma;
    }

    private double differenceDot(double[] theta, int state, int next) {
        double value = 0;
        for (int k = 0; k < theta.length; k++) {
            value += (gamma * features.get(next, k) - features.get(state, k)) * theta[k];
        }
        return value;
    }

    private static double temporalDifference(double[] before, double[] after, double[] trace, double alpha) {
        double projection = 0;
        double squaredNorm = 0;
        for (int k = 0; k < trace.length; k++) {
            projection += trace[k] * (after[k] - before[k]);
            squaredNorm += trace[k] * trace[k];
        }
        if (squaredNorm == 0) {
            throw new IllegalArgumentException("the trace z_t is zero: round t carries no information on the cost");
        }
        return projection / (alpha * squaredNorm);
    }

    /**
     * Uplink observer: r_t^i from theta_t^i, the broadcast v_t of round t and theta_{t+1}^i.
     *
     * @param thetaBefore theta_t^i
     * @param broadcast   the vector the worker's update started from (downlink of round t)
     * @param thetaAfter  theta_{t+1}^i
     * @param trace       z_t
     * @param state       s_t
     * @param next        s_{t+1}
     * @param alpha       alpha_t
     */
    public double fromUplink(double[] thetaBefore, double[] broadcast, double[] thetaAfter, double[] trace, int state,
                             int next, double alpha) {
        return temporalDifference(broadcast, thetaAfter, trace, alpha) - differenceDot(thetaBefore, state, next);
    }

    /** {@link #fromUplink} on the observed messages. */
    public double fromUplink(Message uplinkBefore, Message downlink, Message uplinkAfter, double[] trace, int state,
                             int next, double alpha) {
        return fromUplink(vector(uplinkBefore), vector(downlink), vector(uplinkAfter), trace, state, next, alpha);
    }

    /**
     * Downlink observer: r_t^i from two consecutive broadcasts and the other agents' costs.
     *
     * @param broadcast          v_t, the broadcast of round t
     * @param nextBroadcast      v_{t+1}, the broadcast of round t + 1
     * @param trace              z_t
     * @param state              s_t
     * @param next               s_{t+1}
     * @param alpha              alpha_t
     * @param weight             c^i of the target agent
     * @param othersWeightedCost sum_{j != i} c^j r_t^j (known to the adversary)
     */
    public double fromDownlink(double[] broadcast, double[] nextBroadcast, double[] trace, int state, int next,
                               double alpha, double weight, double othersWeightedCost) {
        double teamCost = temporalDifference(broadcast, nextBroadcast, trace, alpha)
                - differenceDot(broadcast, state, next);
        return (teamCost - othersWeightedCost) / weight;
    }

    /** The variance of the downlink observer's error: v (1/(alpha^2 ||z||^2) + ||d||^2) / c^2. */
    public double downlinkErrorVariance(double perCoordinateVariance, double[] trace, int state, int next, double alpha,
                                        double weight) {
        double traceNorm = 0;
        double differenceNorm = 0;
        for (int k = 0; k < trace.length; k++) {
            traceNorm += trace[k] * trace[k];
            double difference = gamma * features.get(next, k) - features.get(state, k);
            differenceNorm += difference * difference;
        }
        return perCoordinateVariance * (1 / (alpha * alpha * traceNorm) + differenceNorm) / (weight * weight);
    }

    private static double[] vector(Message message) {
        return ((Statistic.Vector) message.payload()).values();
    }
}
