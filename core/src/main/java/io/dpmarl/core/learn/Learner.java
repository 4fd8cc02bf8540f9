package io.dpmarl.core.learn;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;

/**
 * An agent, or a team of agents, that acts, observes and updates. A per-agent learner controls one
 * agent; a team learner (a self-play learner, a consensus network) controls several and returns their
 * joint action.
 *
 * <p>Call order in an episode: {@link #beginEpisode}, then per stage {@link #act} and {@link #observe},
 * then {@link #endEpisode}. {@link #observe} receives the step's result, not the observations before it: a
 * learner that needs them keeps them from {@link #beginEpisode} and the previous {@link #observe}.
 *
 * <p>Whatever the learner releases about private data goes through a
 * {@link io.dpmarl.core.privacy.ReleaseStream} of a {@link io.dpmarl.core.privacy.Privatizer}. The usual way, in
 * the learner's {@link io.dpmarl.core.spi.PluginProvider#create}: declare the privatizer as a plugin parameter
 * ({@code Param.plugin("privatizer", PluginKind.PRIVATIZER, ...).withDefault(Param.NONE)}, which the spec key
 * {@code privatizer} sets), create it with {@code context.privatizer(params, "privatizer", name(),
 * Statistic.Scalar.class)} (empty for {@code none}; refused if it cannot release the statistic), and open a stream
 * per protected unit with {@code privatizer.openStream(StreamRequest.of(context.ledger(), key, context.noise(),
 * privatizer.name()).withLength(n))}, declaring the number of releases {@code n} from {@code context.schedule()}
 * when it is known, for example {@code schedule.trainingSteps(info)} for one release per training step
 * (privatizers that account up front refuse a stream without it). The stream charges the ledger before it draws
 * noise; a learner never calls the ledger itself. Non-private randomness (exploration) comes from
 * {@code context.streams().stream(name)}, never from the privacy noise source. Implementations are plugins of
 * kind {@link io.dpmarl.core.spi.PluginKind#LEARNER}; a worked third-party learner plugin is
 * {@code examples/custom-learner-plugin} in the dpmarl repository.
 */
public interface Learner {

    /** Starts episode {@code episode} (from 0) with the agents' initial observations. */
    void beginEpisode(int episode, Observation[] observations);

    /** The joint action at {@code stage} (one entry per agent the environment has). */
    int[] act(int stage, Observation[] observations);

    /** Observes the outcome of the joint action taken at {@code stage}. */
    void observe(int stage, int[] jointAction, StepResult result);

    /** Ends the current episode (most learners update here). */
    void endEpisode(int episode);

    /**
     * Switches evaluation mode on or off. In evaluation mode the loop calls only {@link #act} (no begin, observe
     * or end), and the learner acts by its current policy without exploring, updating or releasing anything.
     */
    default void evaluationMode(boolean on) {
    }

    /** The current policy (for a self-play learner: its output policy). */
    Policy policy();

    /**
     * Releases what the learner holds beyond the trial (for example worker threads); the pipeline calls it when a
     * run ends, normally or not. The learner must still answer {@link #policy()} and {@link #act} afterwards (on
     * the calling thread). Nothing by default.
     */
    default void close() {
    }
}
