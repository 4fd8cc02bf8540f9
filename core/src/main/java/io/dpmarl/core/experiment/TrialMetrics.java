package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.TrialId;
import java.util.Objects;

/**
 * The metric sink plugins see: learners and evaluators record named values at the run loop's current step
 * (the episode, counted from 1), and the loop tags them with its trial. Handed to plugins through
 * {@link io.dpmarl.core.spi.PluginContext#metrics()}.
 */
public final class TrialMetrics {
    private final MetricSink sink;
    private TrialId trial = new TrialId("standalone", 0, 0);
    private long step;

    /** Metrics that go to {@code sink}. */
    public TrialMetrics(MetricSink sink) {
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** Metrics that go nowhere (plugins created outside a run). */
    public static TrialMetrics discarding() {
        return new TrialMetrics(record -> { });
    }

    /** Called by the run loop when a trial starts. */
    public void begin(TrialId id) {
        this.trial = Objects.requireNonNull(id, "trial");
        this.step = 0;
    }

    /** Called by the run loop: the step that later records carry. */
    public void step(long current) {
        this.step = current;
    }

    /** The current step. */
    public long step() {
        return step;
    }

    /** Records {@code value} for {@code metric} at the current step. */
    public void record(String metric, double value) {
        record(metric, step, value);
    }

    /** Records {@code value} for {@code metric} at {@code atStep}. */
    public void record(String metric, long atStep, double value) {
        sink.accept(new MetricRecord(trial.experiment(), trial.trial(), trial.seed(), atStep, metric, value));
    }
}
