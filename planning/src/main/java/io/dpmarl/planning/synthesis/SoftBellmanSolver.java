package io.dpmarl.planning.synthesis;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.planning.occupancy.Occupancy;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.SparseEvaluation;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.Optional;

/**
 * Solves the concave program every step of the minimum-dependency synthesis reduces to (Chen et al., "Differential
 * Privacy in Cooperative Multiagent Planning", eq. 3 after linearising the local entropies):
 * {@code maximise sum x(s, a) r(s, a) + B sum x(s, a) log(x_s / x(s, a))} over occupancy measures of the transient
 * MDP with {@code sum x(s, a) c(s, a) <= L}. The KKT conditions are the soft Bellman equations
 * {@code pi(a|s) = exp((Q(s, a) - V(s)) / B)}, solved by soft policy iteration (Gauss-Seidel policy evaluation, LU
 * as fallback); the cap is a multiplier {@code lambda} on {@code c}, found by doubling, then Illinois regula falsi
 * or bisection (at most 200 trials). Needs the starting policy to be proper. Releases nothing.
 */
public final class SoftBellmanSolver {
    /** Stopping tolerance on the change of V between policy-iteration steps. */
    public static final double TOLERANCE = 1e-10;
    private static final int MAX_ITERATIONS = 500;
    private static final double DIVERGED = 1e8;
    /** The cap is met to this absolute tolerance from below when it binds. */
    public static final double LENGTH_TOLERANCE = 1e-9;
    private final TransientModel model;

    /** A solver for {@code model}. */
    public SoftBellmanSolver(TransientModel model) {
        this.model = model;
    }

    /**
     * The solution of one program.
     *
     * @param occupancy   the optimal occupancy measure and policy
     * @param multiplier  the length multiplier lambda (0 if the cap is slack)
     * @param evaluations number of policy evaluations (LU solves) spent
     */
    public record Solution(Occupancy occupancy, double multiplier, int evaluations) {
    }

    /** Solves with rewards {@code reward[s][a]}, entropy weight {@code entropyWeight > 0} and cap {@code lengthCap}. */
    public Solution solve(double[][] reward, double entropyWeight, double lengthCap, Optional<double[][]> warmStart) {
        Checks.positiveFinite("entropy weight", entropyWeight);
        Checks.positiveFinite("length cap", lengthCap);
        int[] evaluations = {0};
        double[][] start = warmStart.map(SoftBellmanSolver::copy).orElseGet(this::uniform);
        double runaway = Math.max(1e5, 1e3 * lengthCap);
        Optional<Occupancy> free = inner(reward, entropyWeight, 0, start, evaluations, runaway);
        if (free.isPresent() && free.get().expectedLength() <= lengthCap) {
            return new Solution(free.get(), 0, evaluations[0]);
        }
        double lo = 0;
        double hi = 1;
        Optional<Occupancy> atHi = inner(reward, entropyWeight, hi, start, evaluations, runaway);
        while (atHi.isEmpty() || atHi.get().expectedLength() > lengthCap) {
            lo = hi;
            hi *= 2;
            if (hi > 1e12) {
                throw new IllegalArgumentException("length cap " + lengthCap + " cannot be met by any policy");
            }
            atHi = inner(reward, entropyWeight, hi, start, evaluations, runaway);
        }
        // l(lambda) decreases in lambda: Illinois regula falsi on l(lambda) - cap once both ends have a value,
        // bisection while the low end diverges; the feasible (high) end is kept.
        double excessHi = atHi.get().expectedLength() - lengthCap;
        double excessLo = Double.NaN;
        int side = 0;
        double[][] warm = atHi.get().policy();
        for (int step = 0; step < 200 && hi - lo > 1e-13 * Math.max(1, hi)
                && atHi.get().expectedLength() < lengthCap - LENGTH_TOLERANCE; step++) {
            // regula falsi only once the low end's excess is moderate: l(lambda) is very steep near divergence
            boolean interpolate = !Double.isNaN(excessLo) && excessLo < lengthCap;
            double mid = interpolate ? hi - excessHi * (hi - lo) / (excessHi - excessLo) : (lo + hi) / 2;
            if (!(mid > lo && mid < hi)) {
                mid = (lo + hi) / 2;
            }
            Optional<Occupancy> atMid = inner(reward, entropyWeight, mid, warm, evaluations, runaway);
            if (atMid.isPresent() && atMid.get().expectedLength() <= lengthCap) {
                hi = mid;
                atHi = atMid;
                excessHi = atMid.get().expectedLength() - lengthCap;
                warm = atMid.get().policy();
                if (side == 1 && !Double.isNaN(excessLo)) {
                    excessLo /= 2;
                }
                side = 1;
            } else {
                lo = mid;
                excessLo = atMid.isPresent() ? atMid.get().expectedLength() - lengthCap : Double.NaN;
                if (side == -1) {
                    excessHi /= 2;
                }
                side = -1;
            }
        }
        return new Solution(atHi.get(), hi, evaluations[0]);
    }

    /** Soft policy iteration at multiplier {@code lambda}; empty if the policy's values diverge. */
    Optional<Occupancy> inner(double[][] reward, double weight, double lambda, double[][] start, int[] evaluations) {
        return inner(reward, weight, lambda, start, evaluations, Double.POSITIVE_INFINITY);
    }

    /**
     * Soft policy iteration at multiplier {@code lambda}; empty if the values diverge or an intermediate policy's
     * expected length exceeds {@code divergedLength} (the caller treats both as "over the cap").
     */
    Optional<Occupancy> inner(double[][] reward, double weight, double lambda, double[][] start, int[] evaluations,
                              double divergedLength) {
        int n = model.activeStates();
        int actions = model.actions();
        double[][] policy = copy(start);
        double[] previous = null;
        double[] values = null;
        double[][] guess = null;
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double[] rhs = new double[n];
            double[] lengthRhs = new double[n];
            for (int s = 0; s < n; s++) {
                double total = 0;
                double length = 0;
                for (int a = 0; a < actions; a++) {
                    double p = policy[s][a];
                    if (p > 0) {
                        total += p * (reward[s][a] - lambda * model.lengthWeight(s, a) - weight * Math.log(p));
                        length += p * model.lengthWeight(s, a);
                    }
                }
                rhs[s] = total;
                lengthRhs[s] = length;
            }
            evaluations[0]++;
            Optional<double[][]> solved = new SparseEvaluation(model, policy).solve(rhs, lengthRhs, guess);
            if (solved.isEmpty() || solved.get()[1][model.initial()] > divergedLength) {
                return Optional.empty(); // the iteration runs away towards never ending: treat as over the cap
            }
            guess = solved.get();
            values = solved.get()[0];
            for (double v : values) {
                if (Math.abs(v) > DIVERGED) {
                    return Optional.empty();
                }
            }
            if (previous != null && maxDifference(values, previous) < TOLERANCE) {
                break;
            }
            previous = values;
            policy = softGreedy(reward, weight, lambda, values);
        }
        Optional<double[]> visits = new SparseEvaluation(model, policy).visits();
        if (visits.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(PolicyEvaluation.occupancy(model, policy, visits));
    }

    /** {@code pi(a|s) = softmax_a(Q(s, a) / weight)} with {@code Q = r - lambda c + sum T V}. */
    double[][] softGreedy(double[][] reward, double weight, double lambda, double[] values) {
        int n = model.activeStates();
        int actions = model.actions();
        double[][] policy = new double[n][actions];
        double[] q = new double[actions];
        for (int s = 0; s < n; s++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int a = 0; a < actions; a++) {
                double total = reward[s][a] - lambda * model.lengthWeight(s, a);
                int[] next = model.successors(s, a);
                double[] probability = model.probabilities(s, a);
                for (int k = 0; k < next.length; k++) {
                    total += probability[k] * values[next[k]];
                }
                q[a] = total / weight;
                max = Math.max(max, q[a]);
            }
            double sum = 0;
            for (int a = 0; a < actions; a++) {
                policy[s][a] = Math.exp(q[a] - max);
                sum += policy[s][a];
            }
            for (int a = 0; a < actions; a++) {
                policy[s][a] /= sum;
            }
        }
        return policy;
    }

    private double[][] uniform() {
        double[][] policy = new double[model.activeStates()][model.actions()];
        for (double[] row : policy) {
            java.util.Arrays.fill(row, 1.0 / model.actions());
        }
        return policy;
    }

    private static double[][] copy(double[][] policy) {
        double[][] copy = new double[policy.length][];
        for (int s = 0; s < policy.length; s++) {
            copy[s] = policy[s].clone();
        }
        return copy;
    }

    private static double maxDifference(double[] a, double[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }
}
