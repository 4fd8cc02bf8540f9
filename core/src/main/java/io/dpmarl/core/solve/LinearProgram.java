package io.dpmarl.core.solve;

import io.dpmarl.core.validation.Checks;

import java.util.ArrayList;
import java.util.List;

/**
 * A small dense linear program in the form {@code minimise c . x subject to row_i . x REL_i rhs_i,
 * x >= 0}. Built incrementally ({@link #addConstraint}) and solved with {@link DenseSimplex}. Meant for
 * the tiny LPs of game solving (a CCE over {@code A*B} joint actions, a matrix game's maximin strategy),
 * where a general-purpose solver's set-up cost dominates.
 */
public final class LinearProgram {
    private final int numVariables;
    private final double[] objective;
    private final List<double[]> rows = new ArrayList<>();
    private final List<Relation> relations = new ArrayList<>();
    private final List<Double> rightHandSides = new ArrayList<>();

    /**
     * A program over {@code objective.length} non-negative variables minimising {@code objective . x}.
     *
     * @throws IllegalArgumentException if there is no variable or a coefficient is not finite
     */
    public LinearProgram(double[] objective) {
        Checks.atLeast("numVariables", objective.length, 1);
        for (double coefficient : objective) {
            Checks.finite("objective coefficient", coefficient);
        }
        this.numVariables = objective.length;
        this.objective = objective.clone();
    }

    /** Adds the constraint {@code row . x REL rhs}; returns this program. */
    public LinearProgram addConstraint(double[] row, Relation relation, double rhs) {
        if (row.length != numVariables) {
            throw new IllegalArgumentException("constraint row must have " + numVariables + " entries, got "
                    + row.length);
        }
        for (double coefficient : row) {
            Checks.finite("constraint coefficient", coefficient);
        }
        Checks.finite("rhs", rhs);
        rows.add(row.clone());
        relations.add(relation);
        rightHandSides.add(rhs);
        return this;
    }

    /** Number of decision variables. */
    public int numVariables() {
        return numVariables;
    }

    /** Number of constraints (bounds {@code x >= 0} not included). */
    public int numConstraints() {
        return rows.size();
    }

    /** The objective coefficients (a copy). */
    public double[] objective() {
        return objective.clone();
    }

    /** Row {@code i} of the constraint matrix (a copy). */
    public double[] row(int i) {
        return rows.get(i).clone();
    }

    /** Relation of constraint {@code i}. */
    public Relation relation(int i) {
        return relations.get(i);
    }

    /** Right-hand side of constraint {@code i}. */
    public double rhs(int i) {
        return rightHandSides.get(i);
    }

    double[] rowView(int i) {
        return rows.get(i);
    }

    double[] objectiveView() {
        return objective;
    }
}
