package io.dpmarl.planning.synthesis;

import io.dpmarl.planning.occupancy.Occupancy;

/**
 * One iterate of the minimum-dependency synthesis (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", eq. 3 solved by the concave-convex procedure): its occupancy measure (floored), the success
 * probability {@code v}, the expected length {@code l}, the total-correlation surrogate {@code C_hat} (nats), the
 * surrogate objective {@code J = R v - D l - B C_hat} and the length multiplier of its sub-problem.
 *
 * @param iteration        0 for the first CCP step (the initial guess is not an iterate)
 * @param occupancy        the occupancy measure, with the joint policy of the floored measure
 * @param success          {@code v}
 * @param length           {@code l}
 * @param totalCorrelation {@code C_hat}
 * @param objective        {@code J}
 * @param multiplier       lambda
 * @param evaluations      policy evaluations spent on the sub-problem
 */
public record CcpIterate(int iteration, Occupancy occupancy, double success, double length, double totalCorrelation,
                         double objective, double multiplier, int evaluations) {
}
