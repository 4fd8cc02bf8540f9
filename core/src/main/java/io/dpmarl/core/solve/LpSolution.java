package io.dpmarl.core.solve;

/**
 * The result of {@link DenseSimplex#solve}: status, the optimal point (empty unless optimal) and the
 * objective value at that point ({@code NaN} unless optimal).
 *
 * @param status    optimal, infeasible or unbounded
 * @param point     the optimal values of the decision variables
 * @param objective {@code c . point} for the minimisation as posed
 */
public record LpSolution(LpStatus status, double[] point, double objective) {
    /** True if an optimal point was found. */
    public boolean optimal() {
        return status == LpStatus.OPTIMAL;
    }
}
