package io.dpmarl.environments.platoon;

import java.util.Locale;

/**
 * The two cooperative adaptive platoon control (CAPC) scenarios of "Privacy-preserved Fully Decentralized
 * Multi-agent Reinforcement Learning for Networked Social Systems" (Section VI.B), built on the CACC environment
 * of Chu, Chinchali and Katti, "Multi-agent reinforcement learning for networked system control" (ICLR 2020).
 * Not private data: the scenario only fixes the initial state and the leader's speed profile.
 */
public enum PlatoonScenario {
    /**
     * Catch-up: every vehicle starts at the target headway 20 m and speed 15 m/s, except vehicle 2 (index 1),
     * which starts at 10 m/s with headway {@code k * 20} m, {@code k ~ U[3, 4]}; the leader drives at 15 m/s.
     */
    CATCH_UP("catch-up"),
    /**
     * Slow-down: every vehicle starts at headway 20 m and speed {@code k * 15} m/s with one {@code k ~ U[1.5, 2.5]};
     * the leader slows down linearly to 15 m/s in the first 300 steps (30 s) and keeps that speed.
     */
    SLOW_DOWN("slow-down");

    private final String label;

    PlatoonScenario(String label) {
        this.label = label;
    }

    /** The spec-string name ({@code catch-up} or {@code slow-down}). */
    public String label() {
        return label;
    }

    /**
     * The scenario named {@code name}.
     *
     * @throws IllegalArgumentException naming the parameter and the accepted names
     */
    public static PlatoonScenario parse(String name) {
        for (PlatoonScenario scenario : values()) {
            if (scenario.label.equals(name.toLowerCase(Locale.ROOT))) {
                return scenario;
            }
        }
        throw new IllegalArgumentException("scenario must be one of {catch-up, slow-down}, got " + name);
    }
}
