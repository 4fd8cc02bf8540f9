package io.dpmarl.core.learn;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.game.Policy;

/**
 * Offline policy synthesis over an exact model (for example the total-correlation planner of paper
 * 004). The planner asks the environment for the model capability it needs and fails with
 * {@link IllegalArgumentException} if it is absent. Implementations are plugins of kind
 * {@link io.dpmarl.core.spi.PluginKind#PLANNER}.
 */
public interface Planner {

    /** Synthesises a joint policy for the environment's exact model. */
    Policy plan(Environment environment);
}
