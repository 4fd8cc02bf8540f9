package io.dpmarl.core.experiment;

/** Receives metric rows as a trial produces them. Implementations must be thread-safe. */
@FunctionalInterface
public interface MetricSink {

    /** Records one row. */
    void accept(MetricRecord record);
}
