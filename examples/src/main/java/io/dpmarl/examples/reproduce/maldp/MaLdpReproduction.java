package io.dpmarl.examples.reproduce.maldp;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.examples.reproduce.BundledSpecs;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reproduction {@code dpmarl reproduce ma-ldp} ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Section 8): bundled specs that run the {@code ma-ldp} learner on the
 * {@code network-mdp} with the {@code ma-ldp-regret} evaluator (the paper's run matrix, all mechanisms at equal
 * epsilon, the non-private baseline with both action rules, and an epsilon sweep), and a claims step
 * ({@link MaLdpClaims}) that reads their run directories. Any subset of the specs may be given.
 */
public final class MaLdpReproduction implements Reproduction {
    static final List<String> SPECS = List.of("paper", "mechanisms", "baseline", "epsilon-sweep");

    @Override
    public String paperId() {
        return MaLdpClaims.PAPER;
    }

    @Override
    public List<BundledSpec> specs(boolean full) {
        return BundledSpecs.inSetting(paperId(), SPECS, full);
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        Map<String, List<MaLdpSeries>> runs = BundledSpecs.present(inputs, SPECS, spec -> {
            // Streamed: a full run has millions of rows; only the regret curves and last values are kept.
            MaLdpSeries.Collector collector = new MaLdpSeries.Collector();
            inputs.forEachMetric(spec, Set.of(), collector::accept);
            return collector.series();
        });
        return MaLdpClaims.evaluate(runs, inputs.quick());
    }
}
