package io.dpmarl.algorithms.tabular.nashvi;

import java.util.Arrays;

/**
 * The post-processing step of DP-Nash-VI (Qiao and Wang 2024, Section 5.3, eqs. 8-9, Remark 5.7, Lemma 5.8),
 * solved in closed form instead of by a general LP.
 *
 * <p>For one {@code (h,s,a,b)} with noisy counts {@code n_{s'} = N^(s,a,b,s')}, {@code N^(s,a,b)} and width
 * E, eq. 8 is {@code min_x max_{s'} |x_{s'} - n_{s'}|} subject to {@code |sum x - N^(s,a,b)| <= E/4},
 * {@code x >= 0}. With {@code lo = N^ - E/4}, {@code hi = N^ + E/4} its optimal value is
 * {@code t* = max(t1, t2, t3)}: {@code t1 = max(0, max(-n))} (non-empty boxes), {@code t2 = min t >= 0 with
 * sum max(0, n - t) <= hi} (found on the sorted counts), {@code t3 = max(0, (lo - sum n)/S)}. The canonical
 * minimiser is the projection {@code x = clip(n + lambda, max(0, n - t*), n + t*)} with {@code lambda = 0} if
 * the sum already lies in {@code [lo, hi]}, else the {@code lambda} that puts the sum on the nearer end
 * (exact, on the breakpoints of the piecewise-linear sum). The LP is infeasible iff {@code hi < 0}
 * (outside the good event); then {@code x = 0} and the fallback is reported. Eq. 9 then adds
 * {@code E/(2S)} to each {@code x_{s'}} and {@code E/2} to their sum, so {@code N~(s,a,b) = sum_{s'}
 * N~(s,a,b,s')} exactly (up to rounding) and {@code N~(s,a,b,s') >= E/(2S)}.
 */
public final class CountPostProcessor {
    private CountPostProcessor() {
    }

    /**
     * The optimal value {@code t*} of eq. 8, or {@code NaN} if infeasible ({@code hi < 0}).
     *
     * @param noisy      {@code n}, length S (not modified)
     * @param noisyTotal {@code N^(s,a,b)}
     * @param width      E, at least 0
     */
    public static double optimalValue(double[] noisy, double noisyTotal, double width) {
        return optimalValue(noisy, noisyTotal, width, new Workspace(noisy.length));
    }

    private static double optimalValue(double[] noisy, double noisyTotal, double width, Workspace workspace) {
        int size = noisy.length;
        double lo = noisyTotal - width / 4;
        double hi = noisyTotal + width / 4;
        if (hi < 0) {
            return Double.NaN;
        }
        double t1 = 0;
        double sum = 0;
        double positiveSum = 0;
        for (double n : noisy) {
            t1 = Math.max(t1, -n);
            sum += n;
            positiveSum += Math.max(0, n);
        }
        double t2 = 0;
        workspace.sortedValid = false;
        if (positiveSum > hi) {
            double[] sorted = workspace.sorted;
            System.arraycopy(noisy, 0, sorted, 0, size);
            Arrays.sort(sorted, 0, size);
            workspace.sortedValid = true;
            double prefix = 0;
            boolean found = false;
            for (int m = 1; m <= size && !found; m++) {
                prefix += sorted[size - m];
                double candidate = (prefix - hi) / m;
                double next = m < size ? Math.max(sorted[size - m - 1], 0) : 0;
                if (candidate >= next - 1e-15 * Math.max(1, Math.abs(next)) && candidate <= sorted[size - m]) {
                    t2 = Math.max(candidate, 0);
                    found = true;
                }
            }
            if (!found) {
                t2 = excessRoot(noisy, hi, sorted[size - 1]);
            }
        }
        double t3 = Math.max(0, (lo - sum) / size);
        return Math.max(t1, Math.max(t2, t3));
    }

    /**
     * Bisection for {@code min t >= 0 with sum max(0, n - t) <= hi} on {@code [0, max n]}: a guard for the
     * (round-off) case where no segment of the sorted search matched; the function is continuous and
     * non-increasing, so 200 halvings reach the double resolution.
     */
    static double excessRoot(double[] noisy, double hi, double maximum) {
        double low = 0;
        double high = Math.max(0, maximum);
        for (int iteration = 0; iteration < 200 && high - low > 0; iteration++) {
            double middle = 0.5 * (low + high);
            double excess = 0;
            for (double n : noisy) {
                excess += Math.max(0, n - middle);
            }
            if (excess <= hi) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high;
    }

    /**
     * Solves eq. 8 for one {@code (h,s,a,b)} and writes the canonical minimiser into {@code solution}.
     *
     * @return true if the LP was feasible; false if {@code hi < 0}, in which case {@code solution = 0}
     */
    public static boolean solve(double[] noisy, double noisyTotal, double width, double[] solution) {
        return solve(noisy, noisyTotal, width, solution, new Workspace(noisy.length));
    }

    private static boolean solve(double[] noisy, double noisyTotal, double width, double[] solution,
                                 Workspace workspace) {
        double t = optimalValue(noisy, noisyTotal, width, workspace);
        int size = noisy.length;
        if (Double.isNaN(t)) {
            Arrays.fill(solution, 0, size, 0.0);
            return false;
        }
        double lo = noisyTotal - width / 4;
        double hi = noisyTotal + width / 4;
        double zeroShiftSum = clippedSum(noisy, t, 0.0);
        double target;
        if (zeroShiftSum >= lo && zeroShiftSum <= hi) {
            target = Double.NaN;
        } else {
            target = zeroShiftSum < lo ? lo : hi;
        }
        double lambda = Double.isNaN(target) ? 0.0 : shiftFor(noisy, t, target, workspace);
        for (int i = 0; i < size; i++) {
            solution[i] = clip(noisy[i] + lambda, Math.max(0, noisy[i] - t), noisy[i] + t);
        }
        return true;
    }

    private static double clip(double value, double lower, double upper) {
        return Math.min(upper, Math.max(lower, value));
    }

    private static double clippedSum(double[] noisy, double t, double lambda) {
        double sum = 0;
        for (double n : noisy) {
            sum += clip(n + lambda, Math.max(0, n - t), n + t);
        }
        return sum;
    }

    /**
     * The shift lambda in [-t, t] with clipped sum equal to target, exact on the breakpoints. The clipped sum is
     * non-decreasing in lambda, also as computed (each term is, and a floating-point sum in a fixed order is
     * monotone in each term), so the first breakpoint whose sum reaches the target is found by bisection:
     * {@code O(S log S)} with the sort, and the same breakpoint, hence the same bits, as a scan.
     */
    private static double shiftFor(double[] noisy, double t, double target, Workspace workspace) {
        int size = noisy.length;
        int count = 2 * size;
        double[] breakpoints = workspace.breakpoints;
        // The breakpoints are max(0, n_i - t) - n_i, each at most t (it is -n_i <= t1 <= t, or about -t), and S copies
        // of t: sorting the first S and appending the copies gives the sorted 2S values (never -0.0, so no
        // signed-zero reordering). The first S are -min(n_i, t) up to rounding, non-decreasing as n_i decreases: when
        // the counts were sorted for t*, they are written in that order and only checked (a sorted array of these
        // values is unique); the rare rounding that breaks the order falls back to sorting.
        boolean ordered = workspace.sortedValid;
        if (ordered) {
            double[] sorted = workspace.sorted;
            for (int k = 0; k < size; k++) {
                double n = sorted[size - 1 - k];
                breakpoints[k] = Math.max(0, n - t) - n;
                if (k > 0 && breakpoints[k] < breakpoints[k - 1]) {
                    ordered = false;
                }
            }
        } else {
            for (int i = 0; i < size; i++) {
                breakpoints[i] = Math.max(0, noisy[i] - t) - noisy[i];
            }
        }
        if (!ordered) {
            Arrays.sort(breakpoints, 0, size);
        }
        Arrays.fill(breakpoints, size, count, t);
        if (clippedSum(noisy, t, breakpoints[0]) >= target) {
            return breakpoints[0];
        }
        if (clippedSum(noisy, t, breakpoints[count - 1]) < target) {
            return breakpoints[count - 1];
        }
        int below = 0;          // sum(breakpoints[below]) < target
        int reached = count - 1; // sum(breakpoints[reached]) >= target
        while (reached - below > 1) {
            int middle = (below + reached) >>> 1;
            if (clippedSum(noisy, t, breakpoints[middle]) >= target) {
                reached = middle;
            } else {
                below = middle;
            }
        }
        double previousLambda = breakpoints[reached - 1];
        double previousSum = clippedSum(noisy, t, previousLambda);
        double lambda = breakpoints[reached];
        double sum = clippedSum(noisy, t, lambda);
        if (sum == previousSum) {
            return lambda;
        }
        return previousLambda + (target - previousSum) * (lambda - previousLambda) / (sum - previousSum);
    }

    /** The scratch arrays of one problem size, reused across problems (no allocation per problem). */
    static final class Workspace {
        final double[] sorted;
        final double[] breakpoints;
        final double[] row;
        final double[] solution;
        /** Whether {@link #sorted} holds the current problem's counts in ascending order. */
        boolean sortedValid;

        Workspace(int numStates) {
            this.sorted = new double[numStates];
            this.breakpoints = new double[2 * numStates];
            this.row = new double[numStates];
            this.solution = new double[numStates];
        }
    }

    /**
     * Post-processes the whole count tables in place: for each {@code (h,s,a,b)}, eq. 8 then eq. 9.
     * {@code pairs} holds {@code N^(h,s,a,b)} on entry and {@code N~(h,s,a,b)} on exit; {@code transitions}
     * likewise for {@code (h,s,a,b,s')}.
     *
     * @return the number of infeasible (fallback) problems
     */
    public static int apply(double[] pairs, double[] transitions, int numStates, double width) {
        return apply(pairs, transitions, numStates, width, new Workspace(numStates));
    }

    /** {@link #apply(double[], double[], int, double)} with the caller's scratch arrays (of size S). */
    static int apply(double[] pairs, double[] transitions, int numStates, double width, Workspace workspace) {
        double[] row = workspace.row;
        double[] solution = workspace.solution;
        double stateShift = width / (2.0 * numStates);
        int fallbacks = 0;
        for (int pair = 0; pair < pairs.length; pair++) {
            int base = pair * numStates;
            System.arraycopy(transitions, base, row, 0, numStates);
            if (!solve(row, pairs[pair], width, solution, workspace)) {
                fallbacks++;
            }
            double total = 0;
            for (int next = 0; next < numStates; next++) {
                double value = solution[next] + stateShift;
                transitions[base + next] = value;
                total += solution[next];
            }
            pairs[pair] = total + width / 2;
        }
        return fallbacks;
    }
}
