package io.dpmarl.environments.platoon;

/**
 * How a CAPC episode's initial state is drawn. The DPC-MARL paper ("Privacy-preserved Fully Decentralized
 * Multi-agent Reinforcement Learning for Networked Social Systems", Section VI.B) describes the catch-up start in
 * its text; the published CACC environment of Chu et al. ("Multi-agent reinforcement learning for networked system
 * control", ICLR 2020), in its version with {@code (alpha, beta)} actions, starts catch-up differently. Slow-down
 * starts the same way in both. Not private data: the start only fixes the initial state.
 * <ul>
 *   <li>{@link #PAPER} (default): catch-up with vehicle 2 (agent index 1) at 10 m/s and headway {@code k * 20} m,
 *       {@code k ~ U[3, 4]}, everyone else at 20 m and 15 m/s.</li>
 *   <li>{@link #REFERENCE_CODE}: catch-up with the first vehicle (agent index 0) at headway {@code (1.5 + U) * 20}
 *       m, {@code U ~ U[0, 1]} (30 to 50 m), everyone else at 20 m, and every vehicle at 15 m/s (Chu et al.'s
 *       {@code _init_catchup}; their special case of seed 0, 40 m, is not reproduced). Slow-down: the same start
 *       as {@link #PAPER} (their {@code _init_slowdown} draws the common speed {@code (1.5 + U) * 15} and slows
 *       the leader linearly to 15 m/s over 300 steps, as the paper writes).</li>
 * </ul>
 */
public enum PlatoonStart {
    /** The DPC-MARL paper's text. */
    PAPER("paper"),
    /** Chu et al.'s published CACC environment with {@code (alpha, beta)} actions. */
    REFERENCE_CODE("reference-code");

    private final String label;

    PlatoonStart(String label) {
        this.label = label;
    }

    /** The parameter value: {@code paper} or {@code reference-code}. */
    public String label() {
        return label;
    }

    /**
     * Parses {@code paper} or {@code reference-code}.
     *
     * @throws IllegalArgumentException naming the parameter and the accepted values
     */
    public static PlatoonStart parse(String label) {
        for (PlatoonStart value : values()) {
            if (value.label.equals(label)) {
                return value;
            }
        }
        throw new IllegalArgumentException("start must be one of paper, reference-code, got " + label);
    }
}
