package io.dpmarl.mechanisms.trajectory;

import io.dpmarl.core.validation.Checks;
import java.util.Arrays;

/**
 * The feasible-transition graph of one agent's local MDP: {@code F(p) = {y : exists a, T(p, a, y) > 0}}, the
 * successors reachable in one step from local state {@code p} (Chen et al., "Differential Privacy in Cooperative
 * Multiagent Planning", Algorithm 1: the feasibility indicator {@code beta(y, p)} and the out-degree
 * {@code rho(p) = |F(p)|}). It is public structure (the teammates know it), not private data.
 *
 * @param successors {@code successors[p]}: the sorted feasible successors of state {@code p}, each non-empty
 */
public record FeasibilityGraph(int[][] successors) {

    public FeasibilityGraph {
        Checks.atLeast("states", successors.length, 1);
        int[][] copy = new int[successors.length][];
        for (int p = 0; p < successors.length; p++) {
            int[] row = successors[p].clone();
            Arrays.sort(row);
            if (row.length == 0) {
                throw new IllegalArgumentException("successors of state " + p + " must be non-empty");
            }
            for (int j = 0; j < row.length; j++) {
                if (row[j] < 0 || row[j] >= successors.length || (j > 0 && row[j] == row[j - 1])) {
                    throw new IllegalArgumentException("successors of state " + p + " must be distinct states in [0, "
                            + (successors.length - 1) + "], got " + Arrays.toString(successors[p]));
                }
            }
            copy[p] = row;
        }
        successors = copy;
    }

    /**
     * The graph of a local kernel {@code kernel[s][a][y] = T(s, a, y)}; every row must be a probability
     * distribution (entries in [0, 1] summing to 1 within 1e-9).
     *
     * @throws IllegalArgumentException naming the offending row if the kernel is not stochastic
     */
    public static FeasibilityGraph fromKernel(double[][][] kernel) {
        int states = Checks.atLeast("states", kernel.length, 1);
        int[][] successors = new int[states][];
        for (int s = 0; s < states; s++) {
            boolean[] feasible = new boolean[states];
            Checks.atLeast("actions", kernel[s].length, 1);
            for (int a = 0; a < kernel[s].length; a++) {
                double[] row = kernel[s][a];
                if (row.length != states) {
                    throw new IllegalArgumentException("kernel row T(" + s + ", " + a + ", .) must have " + states
                            + " entries, got " + row.length);
                }
                double sum = 0;
                for (int y = 0; y < states; y++) {
                    if (!(row[y] >= 0 && row[y] <= 1)) {
                        throw new IllegalArgumentException("kernel entry T(" + s + ", " + a + ", " + y
                                + ") must be in [0, 1], got " + row[y]);
                    }
                    sum += row[y];
                    feasible[y] |= row[y] > 0;
                }
                if (Math.abs(sum - 1) > 1e-9) {
                    throw new IllegalArgumentException("kernel row T(" + s + ", " + a
                            + ", .) must sum to 1 (stochastic), got " + sum);
                }
            }
            successors[s] = java.util.stream.IntStream.range(0, states).filter(y -> feasible[y]).toArray();
        }
        return new FeasibilityGraph(successors);
    }

    /** Number of local states. */
    public int states() {
        return successors.length;
    }

    /** The out-degree {@code rho(p)}. */
    public int outDegree(int p) {
        return successors[p].length;
    }

    /** The largest out-degree over all states, {@code rho_m} of Theorem 1. */
    public int maxOutDegree() {
        int max = 0;
        for (int[] row : successors) {
            max = Math.max(max, row.length);
        }
        return max;
    }

    /** The feasibility indicator {@code beta(y, p)}: true iff {@code y} is in {@code F(p)}. */
    public boolean isFeasible(int p, int y) {
        return indexOf(p, y) >= 0;
    }

    /** The position of {@code y} in {@code successors[p]}, or a negative number if it is not feasible. */
    int indexOf(int p, int y) {
        return Arrays.binarySearch(successors[p], y);
    }

    /** The feasible successors of {@code p} (a copy). */
    public int[] successorsOf(int p) {
        return successors[p].clone();
    }

    /**
     * Parses {@code "0>0 1 2|1>1 2 3|2>0 2|3>2 3"}: for each state, {@code state>successor successor ...}
     * (blanks or commas between successors), states listed in order from 0 and separated by {@code |}.
     */
    public static FeasibilityGraph parse(String text) {
        String[] parts = text.trim().split("\\|");
        int[][] successors = new int[parts.length][];
        for (int p = 0; p < parts.length; p++) {
            String[] sides = parts[p].split(">");
            if (sides.length != 2 || Integer.parseInt(sides[0].trim()) != p) {
                throw new IllegalArgumentException("successors must list 'state>succ succ' for states 0.."
                        + (parts.length - 1) + " in order separated by '|', got '" + parts[p] + "'");
            }
            successors[p] = Arrays.stream(sides[1].trim().split("[\\s,]+")).map(String::trim)
                    .mapToInt(Integer::parseInt).toArray();
        }
        return new FeasibilityGraph(successors);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FeasibilityGraph g && Arrays.deepEquals(successors, g.successors);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(successors);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int p = 0; p < successors.length; p++) {
            text.append(p == 0 ? "" : "|").append(p).append('>');
            for (int j = 0; j < successors[p].length; j++) {
                text.append(j == 0 ? "" : " ").append(successors[p][j]);
            }
        }
        return text.toString();
    }
}
