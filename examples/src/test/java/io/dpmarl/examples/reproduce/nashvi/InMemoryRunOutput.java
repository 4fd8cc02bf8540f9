package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricSink;
import io.dpmarl.core.experiment.PlotRequest;
import io.dpmarl.core.experiment.RunOutput;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@link RunOutput} that keeps everything in memory, for tests of the reproduction. */
final class InMemoryRunOutput implements RunOutput {
    final List<MetricRecord> records = Collections.synchronizedList(new ArrayList<>());
    final List<PlotRequest> plots = new ArrayList<>();
    final Map<String, String> texts = new LinkedHashMap<>();

    @Override
    public Path directory() {
        return Path.of("in-memory");
    }

    @Override
    public MetricSink metrics() {
        return records::add;
    }

    @Override
    public void plot(PlotRequest request) {
        plots.add(request);
    }

    @Override
    public void writeText(String fileName, String content) {
        texts.put(fileName, content);
    }
}
