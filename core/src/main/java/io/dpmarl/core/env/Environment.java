package io.dpmarl.core.env;

import java.util.Optional;

/**
 * A multi-agent environment with simultaneous moves (the parallel API of PettingZoo, in Java).
 *
 * <p>Contract: {@link #reset(long)} must be called before the first {@link #step}; after a step whose
 * result is {@link StepResult#done()} the next call must be a reset. The same seed and the same action
 * sequence give the same observations, rewards and flags. Actions are discrete: agent {@code i} picks
 * an index in {@code info().actionSpaces().get(i)}.
 *
 * <p>An environment that knows its exact model offers it as a capability (for example
 * {@link io.dpmarl.core.model.TabularModel}); exact planners and regret oracles ask for it with
 * {@link #capability(Class)}, learners must not. Implementations are plugins of kind
 * {@link io.dpmarl.core.spi.PluginKind#ENVIRONMENT}; {@code io.dpmarl.core.conformance.EnvironmentConformance} in
 * the {@code dpmarl-testkit} artifact checks the contract (and, for a {@link io.dpmarl.core.model.TabularModel},
 * {@code step} against the model).
 *
 * <p>The run loop calls {@link #reset(long)} before every episode with a fresh seed drawn from the trial's random
 * streams, so an environment that takes all its randomness from that seed replays exactly at any thread count.
 * Environments release nothing and are not charged. A worked third-party environment plugin (with its exact model,
 * provider and conformance test) is {@code examples/custom-learner-plugin} in the dpmarl repository.
 */
public interface Environment {

    /** Static metadata: agents, spaces, horizon, game type. */
    EnvironmentInfo info();

    /** Starts an episode; the seed fixes all randomness of the episodes that follow. Returns per-agent observations. */
    Observation[] reset(long seed);

    /**
     * Applies one joint action (one action per agent).
     *
     * @throws IllegalStateException    if called before {@link #reset(long)} or after the episode ended
     * @throws IllegalArgumentException if the joint action has the wrong length or an action out of range
     */
    StepResult step(int[] jointAction);

    /** The capability of the given type, if this environment offers it (by default: if it implements it). */
    default <C> Optional<C> capability(Class<C> type) {
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }
}
