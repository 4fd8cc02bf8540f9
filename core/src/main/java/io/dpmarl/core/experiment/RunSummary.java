package io.dpmarl.core.experiment;

import io.dpmarl.core.pipeline.TrialId;
import java.nio.file.Path;
import java.util.List;

/**
 * What a run did.
 *
 * @param directory the run directory
 * @param executed  trials run by this invocation
 * @param skipped   trials found complete on disk and not recomputed ({@code --resume})
 * @param files     the files written (metrics, privacy ledger, aggregate, plots)
 */
public record RunSummary(Path directory, List<TrialId> executed, List<TrialId> skipped, List<Path> files) {
    public RunSummary {
        executed = List.copyOf(executed);
        skipped = List.copyOf(skipped);
        files = List.copyOf(files);
    }
}
