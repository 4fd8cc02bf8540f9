package io.dpmarl.examples.reproduce.fedtd;

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

/** Test fixture: a {@link RunOutput} that keeps metric rows, plot requests and text files in memory. */
final class MemoryRunOutput implements RunOutput {
    final List<MetricRecord> records = Collections.synchronizedList(new ArrayList<>());
    final List<PlotRequest> plots = new ArrayList<>();
    final Map<String, String> files = new LinkedHashMap<>();

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
        files.put(fileName, content);
    }
}
