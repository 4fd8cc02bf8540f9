package io.dpmarl.core.comm;

import io.dpmarl.core.rng.RandomStreams;

/** A {@link GraphProcess} drawing graphs from a model by episode or step; caches the graph last drawn. */
final class RedrawnGraphProcess implements GraphProcess {
    private final GraphGenerator model;
    private final int numAgents;
    private final RandomStreams streams;
    private final String name;
    private final Redraw redraw;
    private int cachedEpisode = -1;
    private long cachedStep = -1;
    private CommunicationGraph cached;

    RedrawnGraphProcess(GraphGenerator model, int numAgents, RandomStreams streams, String name, Redraw redraw) {
        this.model = model;
        this.numAgents = numAgents;
        this.streams = streams;
        this.name = name;
        this.redraw = redraw;
    }

    @Override
    public int numAgents() {
        return numAgents;
    }

    @Override
    public synchronized CommunicationGraph graphAt(int episode, long step) {
        boolean fresh = switch (redraw) {
            case NEVER -> cached != null;
            case PER_EPISODE -> cached != null && cachedEpisode == episode;
            case PER_STEP -> cached != null && cachedEpisode == episode && cachedStep == step;
        };
        if (!fresh) {
            String key = switch (redraw) {
                case NEVER -> name + "/fixed";
                case PER_EPISODE -> name + "/episode/" + episode;
                case PER_STEP -> name + "/episode/" + episode + "/step/" + step;
            };
            CommunicationGraph graph = model.draw(streams.stream(key));
            if (graph.numAgents() != numAgents) {
                throw new IllegalStateException("the graph model drew " + graph.numAgents() + " agents, expected "
                        + numAgents);
            }
            cached = graph;
            cachedEpisode = episode;
            cachedStep = step;
        }
        return cached;
    }

    @Override
    public String toString() {
        return "graphs redrawn " + redraw.name().toLowerCase(java.util.Locale.ROOT) + " from " + name;
    }
}
