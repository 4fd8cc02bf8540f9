package io.dpmarl.core.env;

import java.util.Map;

/**
 * The outcome of one simultaneous step of all agents (PettingZoo parallel API).
 *
 * @param observations per-agent observations after the step
 * @param rewards      per-agent rewards of the step (costs are negative rewards unless the environment
 *                     documents otherwise)
 * @param terminated   the episode reached a terminal state of the model
 * @param truncated    the episode was cut by the horizon or a time limit
 * @param info         diagnostic values; never needed to learn
 */
public record StepResult(Observation[] observations, double[] rewards, boolean terminated, boolean truncated,
                         Map<String, Object> info) {

    /** True if the episode is over, by termination or truncation. */
    public boolean done() {
        return terminated || truncated;
    }
}
