package io.dpmarl.core.comm;

import java.util.random.RandomGenerator;

/**
 * A random graph model: draws one {@link CommunicationGraph} from a generator of non-private randomness (the
 * trial's {@code RandomStreams}, never privacy noise). Deterministic given the generator's state.
 */
@FunctionalInterface
public interface GraphGenerator {

    /** Draws one graph. */
    CommunicationGraph draw(RandomGenerator random);

    /**
     * This model conditioned on connectivity: draws are repeated until one is connected (rejection sampling, so the
     * result has the model's distribution given connectivity). After {@code maxAttempts} disconnected draws the
     * call fails with an error asking for a denser graph.
     */
    default GraphGenerator connected(int maxAttempts) {
        GraphGenerator model = this;
        return random -> {
            for (int attempt = 0; attempt < maxAttempts; attempt++) {
                CommunicationGraph graph = model.draw(random);
                if (graph.isConnected()) {
                    return graph;
                }
            }
            throw new IllegalArgumentException("graph must be connected, but " + maxAttempts
                    + " draws of the graph model were all disconnected: raise its mean degree or edge probability");
        };
    }
}
