package io.dpmarl.core.env;

import io.dpmarl.core.game.GameType;
import java.util.List;

/**
 * Static metadata of an environment.
 *
 * @param name              the plugin name with its parameters: a provider passes {@code params.toSpec()}, for
 *                          example {@code relay-chain(length=4, slip=0.1, horizon=6)}; error messages and
 *                          {@code config.json} show it
 * @param numAgents         number of agents, at least 1
 * @param observationSpaces per-agent observation spaces
 * @param actionSpaces      per-agent action spaces (discrete)
 * @param horizon           episode length H (steps per episode); {@link Integer#MAX_VALUE} if unbounded
 * @param gameType          the game-theoretic type (cooperative, zero-sum, ...)
 */
public record EnvironmentInfo(String name, int numAgents, List<Space> observationSpaces,
                              List<Space.Discrete> actionSpaces, int horizon, GameType gameType) {
    public EnvironmentInfo {
        if (numAgents < 1) {
            throw new IllegalArgumentException("numAgents must be in [1, inf), got " + numAgents);
        }
        if (observationSpaces.size() != numAgents || actionSpaces.size() != numAgents) {
            throw new IllegalArgumentException("one observation and one action space per agent are required");
        }
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be in [1, inf), got " + horizon);
        }
        observationSpaces = List.copyOf(observationSpaces);
        actionSpaces = List.copyOf(actionSpaces);
    }

    /** Number of actions of agent {@code agent}. */
    public int numActions(int agent) {
        return actionSpaces.get(agent).size();
    }
}
