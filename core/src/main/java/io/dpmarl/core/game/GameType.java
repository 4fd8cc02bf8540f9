package io.dpmarl.core.game;

/**
 * Game-theoretic metadata in the manner of OpenSpiel's {@code GameType}; algorithms check it before
 * they accept an environment (a zero-sum solver refuses a general-sum game).
 */
public record GameType(Dynamics dynamics, Utility utility, HorizonKind horizonKind) {

    /** How agents move. */
    public enum Dynamics {
        /** All agents act at once each step. */
        SIMULTANEOUS,
        /** Agents take turns. */
        SEQUENTIAL
    }

    /** How the agents' rewards relate. */
    public enum Utility {
        /** One agent (a Markov decision process). */
        SINGLE_AGENT,
        /** Two players whose rewards sum to a constant; player 0 maximises. */
        ZERO_SUM,
        /** All agents share one team reward (or are scored on its average). */
        COOPERATIVE,
        /** No structure. */
        GENERAL_SUM
    }

    /** How episodes end. */
    public enum HorizonKind {
        /** Episodes have a fixed horizon H. */
        FINITE,
        /** Episodes end in absorbing states. */
        ABSORBING,
        /** One infinite, discounted or average-cost run. */
        CONTINUING
    }

    /** A simultaneous-move finite-horizon game of the given utility. */
    public static GameType finite(Utility utility) {
        return new GameType(Dynamics.SIMULTANEOUS, utility, HorizonKind.FINITE);
    }
}
