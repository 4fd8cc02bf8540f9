package io.dpmarl.core.solve;

import io.dpmarl.core.validation.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * A sparse linear program {@code minimise c . x subject to row_i . x REL_i rhs_i, x >= 0}, for programs with
 * thousands of variables (occupancy-measure LPs) that {@link LinearProgram}'s dense rows do not suit. Solved by a
 * {@link LinearProgramSolver}; the solver library lives outside core. Releases nothing.
 */
public final class SparseLinearProgram {
    private final double[] objective;
    private final List<int[]> indices = new ArrayList<>();
    private final List<double[]> coefficients = new ArrayList<>();
    private final List<Relation> relations = new ArrayList<>();
    private final List<Double> rightHandSides = new ArrayList<>();

    /** A program over {@code objective.length} non-negative variables minimising {@code objective . x}. */
    public SparseLinearProgram(double[] objective) {
        Checks.atLeast("numVariables", objective.length, 1);
        for (double coefficient : objective) {
            Checks.finite("objective coefficient", coefficient);
        }
        this.objective = objective.clone();
    }

    /** Adds {@code sum_j values[j] x[columns[j]] REL rhs}; returns this program. */
    public SparseLinearProgram addConstraint(int[] columns, double[] values, Relation relation, double rhs) {
        if (columns.length != values.length) {
            throw new IllegalArgumentException("columns and values must have the same length");
        }
        for (int column : columns) {
            if (column < 0 || column >= objective.length) {
                throw new IllegalArgumentException("column must be in [0, " + (objective.length - 1) + "], got "
                        + column);
            }
        }
        for (double value : values) {
            Checks.finite("constraint coefficient", value);
        }
        Checks.finite("rhs", rhs);
        indices.add(columns.clone());
        coefficients.add(values.clone());
        relations.add(relation);
        rightHandSides.add(rhs);
        return this;
    }

    /** Number of variables. */
    public int numVariables() {
        return objective.length;
    }

    /** Number of constraints. */
    public int numConstraints() {
        return indices.size();
    }

    /** Objective coefficient of variable {@code j}. */
    public double objective(int j) {
        return objective[j];
    }

    /** The columns of constraint {@code i} (a copy). */
    public int[] columns(int i) {
        return indices.get(i).clone();
    }

    /** The coefficients of constraint {@code i} (a copy). */
    public double[] values(int i) {
        return coefficients.get(i).clone();
    }

    /** Relation of constraint {@code i}. */
    public Relation relation(int i) {
        return relations.get(i);
    }

    /** Right-hand side of constraint {@code i}. */
    public double rhs(int i) {
        return rightHandSides.get(i);
    }
}
