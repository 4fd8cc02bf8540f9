package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.occupancy.Occupancy;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.Optional;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import org.junit.jupiter.api.Test;

/**
 * The soft-Bellman sub-problem solver against an independent solver on a tiny instance (one agent, two active
 * states, two actions; {@link TinyGames#twoStates}). The independent solver writes the objective
 * {@code sum_s y_s [sum_a pi r + B H(pi_s)]} in closed form (the 2 x 2 visit equations solved by Cramer's rule) and
 * maximises it over the two action probabilities with commons-math3's Nelder-Mead; the length-capped problem is
 * solved through its Lagrange dual {@code min_lambda max_pi [f(pi) - lambda (l(pi) - L)]} with Brent's method.
 */
class SoftBellmanSolverTest {
    private static final double[][] REWARD = {{0.4, 1.1}, {1.3, -0.2}};
    private static final double WEIGHT = 0.3;
    // T restricted to the active states and c = 1 + P(absorbed), read off TinyGames.twoStates
    private static final double[][][] ACTIVE = {{{0.5, 0.5}, {0.5, 0}}, {{0.4, 0}, {0, 0.7}}};
    private static final double[][] LENGTH = {{1, 1.5}, {1.6, 1.3}};

    /** {value, length} of the policy with P(action 0) = p0 at state 0 and p1 at state 1. */
    private static double[] closedForm(double p0, double p1, double lambda) {
        double[][] pi = {{p0, 1 - p0}, {p1, 1 - p1}};
        double[][] m = new double[2][2];
        for (int s = 0; s < 2; s++) {
            for (int t = 0; t < 2; t++) {
                m[s][t] = (s == t ? 1 : 0) - pi[s][0] * ACTIVE[s][0][t] - pi[s][1] * ACTIVE[s][1][t];
            }
        }
        // y^T M = e_0: y0 = M11 / det, y1 = -M01 / det
        double det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
        double[] y = {m[1][1] / det, -m[0][1] / det};
        double value = 0;
        double length = 0;
        for (int s = 0; s < 2; s++) {
            for (int a = 0; a < 2; a++) {
                double p = pi[s][a];
                if (p > 0) {
                    value += y[s] * p * (REWARD[s][a] - lambda * LENGTH[s][a] - WEIGHT * Math.log(p));
                    length += y[s] * p * LENGTH[s][a];
                }
            }
        }
        return new double[] {value, length};
    }

    private static double logistic(double z) {
        return 1 / (1 + Math.exp(-z));
    }

    private static PointValuePair independentMaximum(double lambda) {
        SimplexOptimizer optimizer = new SimplexOptimizer(1e-15, 1e-15);
        return optimizer.optimize(new MaxEval(200_000), GoalType.MAXIMIZE, new InitialGuess(new double[] {0, 0}),
                new NelderMeadSimplex(2), new ObjectiveFunction(z -> closedForm(logistic(z[0]), logistic(z[1]),
                        lambda)[0]));
    }

    private static double[][] reward(TransientModel model) {
        double[][] reward = new double[model.activeStates()][2];
        for (int s = 0; s < 2; s++) {
            int state = model.game().decode(model.jointState(s))[0];
            reward[s] = REWARD[state].clone();
        }
        return reward;
    }

    private static double primal(Occupancy occupancy) {
        double value = 0;
        for (int s = 0; s < 2; s++) {
            int state = occupancy.model().game().decode(occupancy.model().jointState(s))[0];
            for (int a = 0; a < 2; a++) {
                double p = occupancy.policy()[s][a];
                value += occupancy.x(s, a) * (REWARD[state][a] - WEIGHT * Math.log(p));
            }
        }
        return value;
    }

    @Test
    void modelMatchesTheHandWrittenTransitions() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        for (int s = 0; s < 2; s++) {
            for (int a = 0; a < 2; a++) {
                assertEquals(LENGTH[s][a], model.lengthWeight(s, a), 1e-15);
            }
        }
    }

    @Test
    void unconstrainedOptimumMatchesNelderMead() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        SoftBellmanSolver.Solution solution = new SoftBellmanSolver(model).solve(reward(model), WEIGHT, 1e6,
                Optional.empty());
        assertEquals(0, solution.multiplier());
        double expected = independentMaximum(0).getValue();
        assertEquals(expected, primal(solution.occupancy()), 1e-6);
    }

    @Test
    void cappedOptimumMatchesTheLagrangeDual() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        double free = new SoftBellmanSolver(model).solve(reward(model), WEIGHT, 1e6, Optional.empty()).occupancy()
                .expectedLength();
        double cap = 0.8 * free;
        SoftBellmanSolver.Solution solution = new SoftBellmanSolver(model).solve(reward(model), WEIGHT, cap,
                Optional.empty());
        assertTrue(solution.multiplier() > 0, "the cap must bind");
        assertEquals(cap, solution.occupancy().expectedLength(), 1e-8);
        double dual = new BrentOptimizer(1e-12, 1e-14).optimize(new MaxEval(10_000), GoalType.MINIMIZE,
                new SearchInterval(0, 20), new UnivariateObjectiveFunction(lambda ->
                        independentMaximum(lambda).getValue() + lambda * cap)).getValue();
        assertEquals(dual, primal(solution.occupancy()), 1e-6);
    }

    /** A mutant that ignores the entropy weight in the policy update (greedy argmax) misses the optimum. */
    @Test
    void theIndependentCheckRejectsAGreedyPolicy() {
        double expected = independentMaximum(0).getValue();
        double best = Double.NEGATIVE_INFINITY;
        for (double p0 : new double[] {0, 1}) {
            for (double p1 : new double[] {0, 1}) {
                if (p0 == 1 && p1 == 1) {
                    continue; // never absorbs
                }
                best = Math.max(best, closedForm(p0, p1, 0)[0]);
            }
        }
        assertTrue(expected - best > 1e-3, "deterministic policies are not optimal here: " + expected + " vs " + best);
    }
}
