package io.dpmarl.planning.synthesis;

import io.dpmarl.core.solve.LinearProgramSolver;
import io.dpmarl.core.solve.LpSolution;
import io.dpmarl.core.solve.Relation;
import io.dpmarl.core.solve.SparseLinearProgram;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline program of Chen et al., "Differential Privacy in Cooperative Multiagent Planning" (eq. 3 with
 * delta = beta = 0) as a linear program over occupancy measures: maximise {@code sum x(s, a) P_T(s, a)} subject to
 * flow balance on the active states ({@code sum_a x(s, a) - sum x(s', a) T(s', a, s) = 1[s = s_I]}), the length cap
 * {@code sum x c <= L} and {@code x >= 0}. Solved through the core {@link LinearProgramSolver} interface. Releases
 * nothing.
 */
public final class MaxReachLinearProgram {
    private MaxReachLinearProgram() {
    }

    /** The optimal occupancy measure {@code x[s][a]} and its reach probability. */
    public record Result(double value, double[][] occupancy) {
    }

    /** Solves the program on {@code model} with cap {@code lengthCap}. */
    public static Result solve(TransientModel model, double lengthCap, LinearProgramSolver solver) {
        int n = model.activeStates();
        int actions = model.actions();
        double[] objective = new double[n * actions];
        List<List<int[]>> inflowIndex = new ArrayList<>();
        List<List<Double>> inflow = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            inflowIndex.add(new ArrayList<>());
            inflow.add(new ArrayList<>());
        }
        double[] lengthRow = new double[n * actions];
        int[] all = new int[n * actions];
        for (int s = 0; s < n; s++) {
            for (int a = 0; a < actions; a++) {
                int column = s * actions + a;
                all[column] = column;
                objective[column] = -model.targetProbability(s, a);
                lengthRow[column] = model.lengthWeight(s, a);
                int[] next = model.successors(s, a);
                double[] probability = model.probabilities(s, a);
                for (int k = 0; k < next.length; k++) {
                    inflowIndex.get(next[k]).add(new int[] {column});
                    inflow.get(next[k]).add(probability[k]);
                }
            }
        }
        SparseLinearProgram program = new SparseLinearProgram(objective);
        for (int s = 0; s < n; s++) {
            java.util.Map<Integer, Double> row = new java.util.TreeMap<>();
            for (int a = 0; a < actions; a++) {
                row.merge(s * actions + a, 1.0, Double::sum);
            }
            for (int k = 0; k < inflow.get(s).size(); k++) {
                row.merge(inflowIndex.get(s).get(k)[0], -inflow.get(s).get(k), Double::sum);
            }
            program.addConstraint(row.keySet().stream().mapToInt(Integer::intValue).toArray(),
                    row.values().stream().mapToDouble(Double::doubleValue).toArray(), Relation.EQUAL,
                    s == model.initial() ? 1 : 0);
        }
        program.addConstraint(all, lengthRow, Relation.LESS_OR_EQUAL, lengthCap);
        LpSolution solution = solver.solve(program);
        if (!solution.optimal()) {
            throw new IllegalStateException("max-reach LP: " + solution.status());
        }
        double[][] x = new double[n][actions];
        for (int s = 0; s < n; s++) {
            for (int a = 0; a < actions; a++) {
                x[s][a] = solution.point()[s * actions + a];
            }
        }
        return new Result(-solution.objective(), x);
    }
}
