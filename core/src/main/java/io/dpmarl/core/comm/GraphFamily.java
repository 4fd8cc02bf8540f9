package io.dpmarl.core.comm;

import io.dpmarl.core.validation.Checks;
import java.util.Locale;

/**
 * The communication-graph families a plugin can name in a spec ({@code graph=watts-strogatz}, ...), each turned
 * into a {@link GraphGenerator}; the random families are redrawn until connected.
 */
public enum GraphFamily {
    /** Watts-Strogatz small world: lattice degree {@code meanDegree}, rewiring probability {@code probability}. */
    WATTS_STROGATZ,
    /** Erdos-Renyi G(n, p) with edge probability {@code probability}. */
    ERDOS_RENYI,
    /** Barabasi-Albert with {@code meanDegree / 2} edges per new agent (mean degree about {@code meanDegree}). */
    BARABASI_ALBERT,
    /** The path 0 - 1 - ... - (n-1). */
    PATH,
    /** The ring (cycle). */
    RING,
    /** The complete graph. */
    COMPLETE;

    /** Redraws allowed before a random family is declared unable to produce a connected graph. */
    public static final int MAX_CONNECTIVITY_ATTEMPTS = 1000;

    /**
     * Parses {@code watts-strogatz}, {@code erdos-renyi}, {@code barabasi-albert}, {@code path}, {@code ring},
     * {@code complete}.
     */
    public static GraphFamily parse(String parameter, String value) {
        String normalised = value.toUpperCase(Locale.ROOT).replace('-', '_');
        for (GraphFamily family : values()) {
            if (family.name().equals(normalised)) {
                return family;
            }
        }
        throw new IllegalArgumentException(parameter + " must be one of watts-strogatz, erdos-renyi, "
                + "barabasi-albert, path, ring, complete, got " + value);
    }

    /** The spec name ({@code watts-strogatz}, ...). */
    public String specName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The generator of this family on {@code numAgents} agents; random families are conditioned on connectivity
     * ({@link GraphGenerator#connected(int)}).
     *
     * @param meanDegree  lattice degree (Watts-Strogatz) or twice the edges per new agent (Barabasi-Albert)
     * @param probability rewiring probability (Watts-Strogatz) or edge probability (Erdos-Renyi), in [0, 1]
     */
    public GraphGenerator generator(int numAgents, int meanDegree, double probability) {
        Checks.atLeast("numAgents", numAgents, 1);
        return switch (this) {
            case WATTS_STROGATZ -> GraphGenerators.wattsStrogatz(numAgents, meanDegree, probability)
                    .connected(MAX_CONNECTIVITY_ATTEMPTS);
            case ERDOS_RENYI -> GraphGenerators.erdosRenyi(numAgents, probability).connected(MAX_CONNECTIVITY_ATTEMPTS);
            case BARABASI_ALBERT -> GraphGenerators.barabasiAlbert(numAgents, Math.max(1, meanDegree / 2));
            case PATH -> random -> CommunicationGraph.path(numAgents);
            case RING -> random -> CommunicationGraph.ring(numAgents);
            case COMPLETE -> random -> CommunicationGraph.complete(numAgents);
        };
    }
}
