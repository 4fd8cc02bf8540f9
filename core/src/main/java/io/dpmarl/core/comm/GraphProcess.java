package io.dpmarl.core.comm;

import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.validation.Checks;
import java.util.Locale;

/**
 * The communication graph over time, {@code G_t} of a networked multi-agent MDP (Qiao et al., Privacy-preserved
 * Fully Decentralized Multi-agent Reinforcement Learning for Networked Social Systems, Definition 1): fixed, or
 * redrawn from a random graph model every episode or every step.
 *
 * <p>A process is a pure function of (episode, step): the graph of an episode is drawn from its own named stream of
 * the trial's {@link RandomStreams}, so an environment and a learner that build the same process from the same
 * streams and name see the same graphs, in any order and at any thread count. Graph randomness is non-private.
 */
public interface GraphProcess {

    /** How often a redrawn process draws a new graph. */
    enum Redraw {
        /** One graph for the whole trial. */
        NEVER,
        /** A new graph at the start of every episode (the CBMP protocol). */
        PER_EPISODE,
        /** A new graph at every step (switching topologies). */
        PER_STEP;

        /** Parses {@code never}, {@code episode} / {@code per-episode}, {@code step} / {@code per-step}. */
        public static Redraw parse(String parameter, String value) {
            return switch (value.toLowerCase(Locale.ROOT).replace('_', '-')) {
                case "never", "fixed" -> NEVER;
                case "episode", "per-episode" -> PER_EPISODE;
                case "step", "per-step" -> PER_STEP;
                default -> throw new IllegalArgumentException(parameter
                        + " must be one of never, episode, step, got " + value);
            };
        }
    }

    /** Number of agents (the same at every time). */
    int numAgents();

    /** The graph in force at {@code step} (from 0 within the run) of {@code episode} (from 0). */
    CommunicationGraph graphAt(int episode, long step);

    /** The same graph at every time. */
    static GraphProcess fixed(CommunicationGraph graph) {
        return new GraphProcess() {
            @Override
            public int numAgents() {
                return graph.numAgents();
            }

            @Override
            public CommunicationGraph graphAt(int episode, long step) {
                return graph;
            }

            @Override
            public String toString() {
                return "fixed " + graph;
            }
        };
    }

    /**
     * Graphs drawn from {@code model}, one per episode or step (or once), each from the stream
     * {@code name + "/episode/" + e (+ "/step/" + t)} of {@code streams}.
     */
    static GraphProcess redrawn(GraphGenerator model, int numAgents, RandomStreams streams, String name,
                                Redraw redraw) {
        Checks.atLeast("numAgents", numAgents, 1);
        return new RedrawnGraphProcess(model, numAgents, streams, name, redraw);
    }
}
