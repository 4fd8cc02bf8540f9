package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.counters.BinaryTreeCounter;

/**
 * Laplace scales of DP-Nash-VI's privatizers (the paper's Sections 5.1-5.2, with the sensitivity factor 2 under
 * replacement, Chan et al.'s per-node reading and the rigorous level count floor(log2 K) + 1 fixed here) and the
 * epsilon each actually guarantees.
 *
 * <p>Under the paper's replacement neighbouring (Definitions 2.2 and 2.3) one user changes, per count
 * family ({@code (h,s,a,b)} and {@code (h,s,a,b,s')}), at most {@code 2H} indicators, and each stream item
 * lies in at most {@code L = floor(log2 K) + 1} tree nodes. So the L1 sensitivity is {@code 2H} (local)
 * and {@code 2HL} (central, all released nodes) per family, and the guarantee is the sum over the two
 * families of sensitivity / scale.
 * <ul>
 *   <li>{@link #RIGOROUS} (default, sound): {@code b_C = 4HL/epsilon}, {@code b_L = 4H/epsilon}; guarantees
 *       exactly epsilon.</li>
 *   <li>{@link #PAPER_A} (paper-literal text, not the stated epsilon: Chan's Algorithm 2 run with
 *       {@code epsilon' = epsilon/(2H log K)}): {@code b_C = 2H (log2 K)^2/epsilon}, {@code b_L = 2H/epsilon};
 *       central guarantees {@code 2L epsilon/(log2 K)^2}, local {@code 2 epsilon}.</li>
 *   <li>{@link #PAPER_B} (paper-literal, per-node reading of {@code epsilon'}, also
 *       not epsilon):
 *       {@code b_C = 2H log2 K/epsilon}, {@code b_L = 2H/epsilon}; central guarantees
 *       {@code 2L epsilon/log2 K} (about 2 epsilon), local {@code 2 epsilon}.</li>
 * </ul>
 */
public enum NoiseCalibration {
    /** Sound calibration: exactly epsilon under replacement neighbours. */
    RIGOROUS,
    /** Paper-literal, double log factor in the central scale; local scale off by 2. */
    PAPER_A,
    /** Paper-literal, per-node reading; both scales off by about 2. */
    PAPER_B;

    /** Per-node Laplace scale of the central privatizer. */
    public double centralScale(int horizon, int episodes, double epsilon) {
        Checks.atLeast("H", horizon, 1);
        Checks.atLeast("K", episodes, 1);
        Checks.positiveFinite("epsilon", epsilon);
        int levels = BinaryTreeCounter.levels(episodes);
        double log2K = Math.log(episodes) / Math.log(2);
        return switch (this) {
            case RIGOROUS -> 4.0 * horizon * levels / epsilon;
            case PAPER_A -> 2.0 * horizon * requirePositiveLog(log2K) * log2K / epsilon;
            case PAPER_B -> 2.0 * horizon * requirePositiveLog(log2K) / epsilon;
        };
    }

    /** Per-entry Laplace scale of the local privatizer. */
    public double localScale(int horizon, double epsilon) {
        Checks.atLeast("H", horizon, 1);
        Checks.positiveFinite("epsilon", epsilon);
        return this == RIGOROUS ? 4.0 * horizon / epsilon : 2.0 * horizon / epsilon;
    }

    /** The epsilon the central privatizer actually guarantees: {@code 2 * (2HL) / b_C}. */
    public double centralGuarantee(int horizon, int episodes, double epsilon) {
        int levels = BinaryTreeCounter.levels(episodes);
        return 2.0 * (2.0 * horizon * levels) / centralScale(horizon, episodes, epsilon);
    }

    /** The epsilon the local privatizer actually guarantees: {@code 2 * (2H) / b_L}. */
    public double localGuarantee(int horizon, double epsilon) {
        return 2.0 * (2.0 * horizon) / localScale(horizon, epsilon);
    }

    private static double requirePositiveLog(double log2K) {
        if (!(log2K > 0)) {
            throw new IllegalArgumentException("K must be in [2, inf) for the paper-literal calibrations");
        }
        return log2K;
    }

    /** The plugin's label of this calibration: {@code rigorous}, {@code paper-a} or {@code paper-b}. */
    public String label() {
        return switch (this) {
            case RIGOROUS -> "rigorous";
            case PAPER_A -> "paper-a";
            case PAPER_B -> "paper-b";
        };
    }

    /** How {@link #centralScale} derives from the parameters, for a message. */
    String centralFormula() {
        return switch (this) {
            case RIGOROUS -> "4 H L / epsilon (L = floor(log2 K) + 1 tree levels)";
            case PAPER_A -> "2 H (log2 K)^2 / epsilon";
            case PAPER_B -> "2 H log2 K / epsilon";
        };
    }

    /** How {@link #localScale} derives from the parameters, for a message. */
    String localFormula() {
        return this == RIGOROUS ? "4 H / epsilon" : "2 H / epsilon";
    }

    /** The enum value of a label such as {@code rigorous} or {@code paper-a}. */
    public static NoiseCalibration fromLabel(String label) {
        return switch (label) {
            case "rigorous" -> RIGOROUS;
            case "paper-a" -> PAPER_A;
            case "paper-b" -> PAPER_B;
            default -> throw new IllegalArgumentException("calibration must be one of rigorous, paper-a, paper-b, got "
                    + label);
        };
    }
}
