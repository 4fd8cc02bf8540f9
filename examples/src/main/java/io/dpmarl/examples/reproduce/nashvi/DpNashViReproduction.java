package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.examples.reproduce.BundledSpecs;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The reproduction {@code dpmarl reproduce dp-nash-vi} ("Differentially Private Reinforcement Learning with
 * Self-Play"; the paper has no experiments, so this is a proposed protocol): bundled specs that run the
 * {@code dp-nash-vi} learner with the {@code nashvi-non-private}, {@code nashvi-central-counts} (epsilon-JDP) and
 * {@code nashvi-local-counts} (epsilon-LDP) privatizers on RZ-tiny, matching pennies and rock-paper-scissors, plus
 * an E-multiplier sweep on RZ-tiny, with the {@code zero-sum-regret} and {@code nash-gap} evaluators; and a claims
 * step ({@link NashViClaims}) that reads their run directories. Any subset of the specs may be given.
 */
public final class DpNashViReproduction implements Reproduction {
    static final String PAPER = NashViClaims.PAPER;
    static final List<String> INSTANCES = List.of("rz-tiny", "matching-pennies", "rock-paper-scissors", "e-scale");

    @Override
    public String paperId() {
        return PAPER;
    }

    @Override
    public List<BundledSpec> specs(boolean full) {
        return BundledSpecs.inSetting(PAPER, INSTANCES, full);
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        Map<String, List<Series>> runs = BundledSpecs.present(inputs, INSTANCES,
                instance -> Series.of(instance, inputs.metrics(instance)));
        return NashViClaims.evaluate(runs, inputs.quick());
    }
}
