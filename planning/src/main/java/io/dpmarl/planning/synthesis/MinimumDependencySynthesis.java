package io.dpmarl.planning.synthesis;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.planning.occupancy.Occupancy;
import io.dpmarl.planning.occupancy.TotalCorrelation;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Minimum-dependency policy synthesis (Chen et al., "Differential Privacy in Cooperative Multiagent Planning",
 * Section 6, eq. 3): maximise {@code R v - D l - B C_hat} over occupancy measures by the concave-convex procedure.
 * The initial guess maximises {@code v - 0.1 l + 0.1 (H_joint + sum x H(T))} with length cap {@code initialLengthCap}
 * (default {@value #INITIAL_LENGTH_CAP}, the authors' code; a game whose shortest expected length exceeds it needs a
 * larger one, which the planner checks when it is built);
 * each iteration linearises the concave local entropies at the floored current iterate, which leaves
 * {@code R v - D l + B <G, x> + B H_joint}, solved exactly by {@link SoftBellmanSolver} with length cap
 * {@code lengthCap}. The surrogate {@code J} never decreases (a CCP property, checked by the tests). Every iterate is
 * floored at {@code floor} (default 1e-10, as the authors' code). Releases nothing.
 */
public final class MinimumDependencySynthesis {
    /** The coefficients {@code R, D, B} of the objective (only the ratios {@code delta = D/R, beta = B/R} matter). */
    public record Coefficients(double reward, double lengthPenalty, double correlationPenalty) {
        public Coefficients {
            Checks.positiveFinite("reward coefficient R", reward);
            Checks.nonNegativeFinite("length coefficient D", lengthPenalty);
            Checks.positiveFinite("total-correlation coefficient B", correlationPenalty);
        }
    }

    /** The authors' length cap of the initial guess. */
    public static final double INITIAL_LENGTH_CAP = 20;

    private final TransientModel model;
    private final SoftBellmanSolver solver;
    private final Coefficients coefficients;
    private final double lengthCap;
    private final double initialLengthCap;
    private final double floor;

    /** A synthesis on {@code model} whose initial guess has the authors' cap {@value #INITIAL_LENGTH_CAP}. */
    public MinimumDependencySynthesis(TransientModel model, Coefficients coefficients, double lengthCap, double floor) {
        this(model, coefficients, lengthCap, INITIAL_LENGTH_CAP, floor);
    }

    /** A synthesis on {@code model} whose initial guess has length cap {@code initialLengthCap}. */
    public MinimumDependencySynthesis(TransientModel model, Coefficients coefficients, double lengthCap,
                                      double initialLengthCap, double floor) {
        this.model = model;
        this.solver = new SoftBellmanSolver(model);
        this.coefficients = coefficients;
        this.lengthCap = Checks.positiveFinite("length cap", lengthCap);
        this.initialLengthCap = Checks.positiveFinite("initial length cap", initialLengthCap);
        this.floor = Checks.nonNegativeFinite("floor", floor);
    }

    /** The initial guess (maximum-entropy program, cap {@code initialLengthCap}, weights 0.1), floored. */
    public CcpIterate initialGuess() {
        int n = model.activeStates();
        double[][] reward = new double[n][model.actions()];
        for (int s = 0; s < n; s++) {
            for (int a = 0; a < model.actions(); a++) {
                reward[s][a] = model.targetProbability(s, a) - 0.1 * model.lengthWeight(s, a)
                        + 0.1 * model.transitionEntropy(s, a);
            }
        }
        SoftBellmanSolver.Solution solution = solver.solve(reward, 0.1, initialLengthCap, Optional.empty());
        return iterate(-1, solution);
    }

    /** Runs {@code iterations} CCP steps from the initial guess; {@code listener} sees each iterate as it is made. */
    public List<CcpIterate> run(int iterations, Consumer<CcpIterate> listener) {
        Checks.atLeast("iterations", iterations, 1);
        CcpIterate current = initialGuess();
        List<CcpIterate> iterates = new ArrayList<>();
        for (int k = 0; k < iterations; k++) {
            current = step(k, current);
            iterates.add(current);
            listener.accept(current);
        }
        return iterates;
    }

    /** One CCP step from {@code current}. */
    public CcpIterate step(int iteration, CcpIterate current) {
        TotalCorrelation linearisation = new TotalCorrelation(current.occupancy(), floor);
        int n = model.activeStates();
        double r = coefficients.reward();
        double d = coefficients.lengthPenalty();
        double b = coefficients.correlationPenalty();
        double[][] reward = new double[n][model.actions()];
        for (int s = 0; s < n; s++) {
            for (int a = 0; a < model.actions(); a++) {
                double absorbing = 0;
                int[] next = model.absorbingSuccessors(s, a);
                double[] probability = model.absorbingProbabilities(s, a);
                for (int k = 0; k < next.length; k++) {
                    absorbing += probability[k] * linearisation.absorbingGradient(next[k]);
                }
                reward[s][a] = r * model.targetProbability(s, a) - d * model.lengthWeight(s, a)
                        + b * linearisation.gradient(s, a) + b * absorbing;
            }
        }
        SoftBellmanSolver.Solution solution = solver.solve(reward, b, lengthCap,
                Optional.of(current.occupancy().policy()));
        return iterate(iteration, solution);
    }

    /** The floored iterate of a solution: policy from {@code max(x, floor)}, statistics of that measure. */
    private CcpIterate iterate(int iteration, SoftBellmanSolver.Solution solution) {
        Occupancy exact = solution.occupancy();
        double[][] policy = flooredPolicy(exact, floor);
        Occupancy floored = new Occupancy(model, exact.visits(), policy, exact.absorbed());
        double v = floored.successProbability();
        double l = floored.expectedLength();
        double c = new TotalCorrelation(floored, floor).value();
        double j = coefficients.reward() * v - coefficients.lengthPenalty() * l - coefficients.correlationPenalty() * c;
        return new CcpIterate(iteration, floored, v, l, c, j, solution.multiplier(), solution.evaluations());
    }

    /** {@code pi(a|s) proportional to max(y_s pi(a|s), floor)}: uniform where the state is (almost) never visited. */
    public static double[][] flooredPolicy(Occupancy occupancy, double floor) {
        int n = occupancy.visits().length;
        int actions = occupancy.model().actions();
        double[][] policy = new double[n][actions];
        for (int s = 0; s < n; s++) {
            double total = 0;
            for (int a = 0; a < actions; a++) {
                policy[s][a] = Math.max(occupancy.x(s, a), floor);
                total += policy[s][a];
            }
            if (total <= 0) {
                java.util.Arrays.fill(policy[s], 1.0 / actions);
            } else {
                for (int a = 0; a < actions; a++) {
                    policy[s][a] /= total;
                }
            }
        }
        return policy;
    }

    /** The surrogate {@code J} of an arbitrary occupancy measure (statistics of the floored measure). */
    public double objective(Occupancy occupancy) {
        return coefficients.reward() * occupancy.successProbability()
                - coefficients.lengthPenalty() * occupancy.expectedLength()
                - coefficients.correlationPenalty() * new TotalCorrelation(occupancy, floor).value();
    }
}
