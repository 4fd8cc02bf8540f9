package io.dpmarl.core.solve;

/**
 * Solves a {@link SparseLinearProgram}. Implementations wrap a well-kept LP library outside core (the planning
 * module's ojAlgo-backed solver); the tiny per-state LPs of game solving keep using {@link DenseSimplex}.
 */
@FunctionalInterface
public interface LinearProgramSolver {

    /** The optimal point and value, or the status explaining why there is none. */
    LpSolution solve(SparseLinearProgram program);
}
