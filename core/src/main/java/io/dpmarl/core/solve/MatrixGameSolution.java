package io.dpmarl.core.solve;

/**
 * The solution of a two-player zero-sum matrix game: its value and a maximin strategy for each player.
 *
 * @param value       {@code max_x min_y x^T Q y = min_y max_x x^T Q y}
 * @param rowStrategy a maximin mixed strategy of the row (maximising) player
 * @param colStrategy a minimax mixed strategy of the column (minimising) player
 */
public record MatrixGameSolution(double value, double[] rowStrategy, double[] colStrategy) {
}
