package io.dpmarl.core.solve;

/** The relation of one linear constraint {@code row . x REL rhs} of a {@link LinearProgram}. */
public enum Relation {
    /** {@code row . x <= rhs}. */
    LESS_OR_EQUAL,
    /** {@code row . x >= rhs}. */
    GREATER_OR_EQUAL,
    /** {@code row . x = rhs}. */
    EQUAL
}
