package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.learn.Learner;

/**
 * Plays one episode of a learner in an environment with the {@link Learner} call order
 * ({@code beginEpisode}, per stage {@code act} and {@code observe}, {@code endEpisode}). The seed fixes the
 * environment's transitions for the episode (non-private randomness).
 */
public final class EpisodeLoop {
    private EpisodeLoop() {
    }

    /** Runs episode {@code episode} (from 0); returns the max player's (agent 0's) return. */
    public static double run(Environment environment, Learner learner, int episode, long environmentSeed) {
        Observation[] observations = environment.reset(environmentSeed);
        learner.beginEpisode(episode, observations);
        double total = 0;
        int horizon = environment.info().horizon();
        for (int stage = 0; stage < horizon; stage++) {
            int[] action = learner.act(stage, observations);
            StepResult result = environment.step(action);
            learner.observe(stage, action, result);
            total += result.rewards()[0];
            observations = result.observations();
            if (result.done()) {
                break;
            }
        }
        learner.endEpisode(episode);
        return total;
    }
}
