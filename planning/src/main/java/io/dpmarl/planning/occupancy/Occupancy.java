package io.dpmarl.planning.occupancy;

/**
 * The occupancy measure of a stationary joint policy on a {@link TransientModel}: {@code y[i]} is the expected
 * number of visits to active state {@code i}, {@code policy[i][a]} the joint policy there, so
 * {@code x(s, a) = y[s] policy[s][a]}; {@code absorbed[s]} (indexed by joint state, 0 for active states) is the
 * probability of ending in absorbing state {@code s}, the occupancy of its dummy action (Chen et al., "Differential
 * Privacy in Cooperative Multiagent Planning", Section 6). Arrays are not copied.
 *
 * @param model    the model
 * @param visits   {@code y}, per active state
 * @param policy   the joint policy, per active state and true joint action
 * @param absorbed the absorption probabilities, per joint state
 */
public record Occupancy(TransientModel model, double[] visits, double[][] policy, double[] absorbed) {

    /** {@code x(s, a)} for active index {@code i} and true joint action {@code a}. */
    public double x(int i, int a) {
        return visits[i] * policy[i][a];
    }

    /** The success probability {@code v = sum x(s, a) P_T(s, a)}. */
    public double successProbability() {
        double v = 0;
        for (int i = 0; i < visits.length; i++) {
            for (int a = 0; a < model.actions(); a++) {
                v += x(i, a) * model.targetProbability(i, a);
            }
        }
        return v;
    }

    /** The expected length {@code l = sum x(s, a) c(s, a)}, counting the final absorbing state. */
    public double expectedLength() {
        double l = 0;
        for (int i = 0; i < visits.length; i++) {
            for (int a = 0; a < model.actions(); a++) {
                l += x(i, a) * model.lengthWeight(i, a);
            }
        }
        return l;
    }

    /** The total absorption probability (1 for a proper policy, Assumption 1). */
    public double absorptionProbability() {
        double total = 0;
        for (double p : absorbed) {
            total += p;
        }
        return total;
    }
}
