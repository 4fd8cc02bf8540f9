package io.dpmarl.examples.reproduce;

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

/** A {@link RunOutput} that keeps metrics, plot requests and text files in memory, for reproduction tests. */
public final class InMemoryRunOutput implements RunOutput {
    private final List<MetricRecord> records = Collections.synchronizedList(new ArrayList<>());
    private final List<PlotRequest> plots = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, String> texts = Collections.synchronizedMap(new LinkedHashMap<>());

    /** Every metric row received, in arrival order. */
    public List<MetricRecord> records() {
        return records;
    }

    /** Every plot requested. */
    public List<PlotRequest> plots() {
        return plots;
    }

    /** Every text file written, by name. */
    public Map<String, String> texts() {
        return texts;
    }

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
