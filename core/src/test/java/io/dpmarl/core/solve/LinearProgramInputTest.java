package io.dpmarl.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The two program builders, {@link LinearProgram} (dense) and {@link SparseLinearProgram}: they keep what was added
 * (in order, as copies the caller cannot change afterwards) and refuse malformed rows with a message naming the
 * parameter, the accepted range and the value.
 */
class LinearProgramInputTest {

    private static String message(Runnable action) {
        return assertThrows(IllegalArgumentException.class, action::run).getMessage();
    }

    @Test
    void aDenseProgramKeepsCopiesOfItsRowsInOrder() {
        double[] objective = {1, -2, 3};
        double[] first = {4, 5, 6};
        double[] second = {-7, 0, 8};
        LinearProgram program = new LinearProgram(objective)
                .addConstraint(first, Relation.LESS_OR_EQUAL, 9)
                .addConstraint(second, Relation.EQUAL, -1.5);
        objective[0] = 100;
        first[0] = 100;
        assertEquals(3, program.numVariables());
        assertEquals(2, program.numConstraints());
        assertArrayEquals(new double[] {1, -2, 3}, program.objective(), 0.0);
        assertArrayEquals(new double[] {4, 5, 6}, program.row(0), 0.0);
        assertArrayEquals(new double[] {-7, 0, 8}, program.row(1), 0.0);
        assertEquals(Relation.LESS_OR_EQUAL, program.relation(0));
        assertEquals(Relation.EQUAL, program.relation(1));
        assertEquals(9.0, program.rhs(0));
        assertEquals(-1.5, program.rhs(1));
        program.objective()[1] = 100;
        program.row(1)[2] = 100;
        assertArrayEquals(new double[] {1, -2, 3}, program.objective(), 0.0, "objective() returns a copy");
        assertArrayEquals(new double[] {-7, 0, 8}, program.row(1), 0.0, "row(i) returns a copy");
    }

    @Test
    void aDenseProgramRefusesMalformedInput() {
        assertEquals("numVariables must be in [1, inf), got 0", message(() -> new LinearProgram(new double[0])));
        assertEquals("objective coefficient must be a finite number, got NaN",
                message(() -> new LinearProgram(new double[] {0, Double.NaN})));
        LinearProgram program = new LinearProgram(new double[] {1, 1});
        assertEquals("constraint row must have 2 entries, got 3",
                message(() -> program.addConstraint(new double[] {1, 1, 1}, Relation.EQUAL, 1)));
        assertEquals("constraint row must have 2 entries, got 1",
                message(() -> program.addConstraint(new double[] {1}, Relation.EQUAL, 1)));
        assertEquals("constraint coefficient must be a finite number, got Infinity",
                message(() -> program.addConstraint(new double[] {1, Double.POSITIVE_INFINITY}, Relation.EQUAL, 1)));
        assertEquals("rhs must be a finite number, got -Infinity",
                message(() -> program.addConstraint(new double[] {1, 1}, Relation.EQUAL, Double.NEGATIVE_INFINITY)));
        assertEquals(0, program.numConstraints(), "a refused row is not added");
    }

    @Test
    void aSparseProgramKeepsCopiesOfItsRowsInOrder() {
        double[] objective = {0.5, 0, -1};
        int[] columns = {2, 0};
        double[] values = {3, -4};
        SparseLinearProgram program = new SparseLinearProgram(objective)
                .addConstraint(columns, values, Relation.GREATER_OR_EQUAL, 2)
                .addConstraint(new int[] {1}, new double[] {1}, Relation.LESS_OR_EQUAL, 0.25);
        objective[0] = 100;
        columns[0] = 1;
        values[0] = 100;
        assertEquals(3, program.numVariables());
        assertEquals(2, program.numConstraints());
        assertEquals(0.5, program.objective(0));
        assertEquals(-1.0, program.objective(2));
        assertArrayEquals(new int[] {2, 0}, program.columns(0));
        assertArrayEquals(new double[] {3, -4}, program.values(0), 0.0);
        assertArrayEquals(new int[] {1}, program.columns(1));
        assertEquals(Relation.GREATER_OR_EQUAL, program.relation(0));
        assertEquals(Relation.LESS_OR_EQUAL, program.relation(1));
        assertEquals(2.0, program.rhs(0));
        assertEquals(0.25, program.rhs(1));
        program.columns(0)[0] = 7;
        program.values(0)[0] = 7;
        assertArrayEquals(new int[] {2, 0}, program.columns(0), "columns(i) returns a copy");
        assertArrayEquals(new double[] {3, -4}, program.values(0), 0.0, "values(i) returns a copy");
    }

    /** Columns must be in [0, numVariables - 1] = [0, 2]: -1 and 3 are refused, the ends 0 and 2 accepted. */
    @Test
    void aSparseProgramRefusesMalformedInput() {
        assertEquals("numVariables must be in [1, inf), got 0", message(() -> new SparseLinearProgram(new double[0])));
        assertEquals("objective coefficient must be a finite number, got Infinity",
                message(() -> new SparseLinearProgram(new double[] {Double.POSITIVE_INFINITY})));
        SparseLinearProgram program = new SparseLinearProgram(new double[3]);
        assertEquals("columns and values must have the same length",
                message(() -> program.addConstraint(new int[] {0, 1}, new double[] {1}, Relation.EQUAL, 1)));
        assertEquals("column must be in [0, 2], got 3",
                message(() -> program.addConstraint(new int[] {0, 3}, new double[] {1, 1}, Relation.EQUAL, 1)));
        assertEquals("column must be in [0, 2], got -1",
                message(() -> program.addConstraint(new int[] {-1}, new double[] {1}, Relation.EQUAL, 1)));
        assertEquals("constraint coefficient must be a finite number, got NaN",
                message(() -> program.addConstraint(new int[] {1}, new double[] {Double.NaN}, Relation.EQUAL, 1)));
        assertEquals("rhs must be a finite number, got NaN",
                message(() -> program.addConstraint(new int[] {1}, new double[] {1}, Relation.EQUAL, Double.NaN)));
        assertEquals(0, program.numConstraints(), "a refused row is not added");
        program.addConstraint(new int[] {0, 2}, new double[] {1, 1}, Relation.EQUAL, 1);
        assertEquals(1, program.numConstraints());
    }
}
