package io.dpmarl.examples.reproduce.planning;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.examples.reproduce.BundledSpecs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reproduction {@code dpmarl reproduce dp-planning} ("Differential Privacy in Cooperative Multiagent Planning",
 * Chen et al. 2023): bundled specs that plan the minimum-dependency and baseline policies of the two-agent corridor
 * gridworld (Figs. 1-3) and of four-server SysAdmin (Fig. 5) and execute them with private communication, plus the
 * claims step ({@link PlanningClaims}), which also draws the figures that span runs ({@link PlanningFigures}).
 * Any subset of the specs may be given; the epsilon sweep the claims judge runs in the full setting only (the quick
 * setting runs a shorter sweep that only Fig. 3 is drawn from).
 */
public final class PlanningReproduction implements Reproduction {
    static final String PAPER = "dp-planning";
    static final List<String> QUICK = List.of("gridworld-md", "gridworld-baseline", "sysadmin-md",
            "sysadmin-baseline");

    @Override
    public String paperId() {
        return PAPER;
    }

    @Override
    public List<BundledSpec> specs(boolean full) {
        List<BundledSpec> specs = new ArrayList<>(BundledSpecs.inSetting(PAPER, QUICK, full));
        // Full: the epsilon sweep the claims judge. Quick: a shorter sweep for the Fig. 3 figure only.
        String sweep = full ? "gridworld-epsilon" : PlanningFigures.EPSILON_FIGURE;
        specs.add(new BundledSpec(sweep, BundledSpecs.resource(PAPER, sweep, full)));
        return specs;
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        List<String> judged = List.of("gridworld-md", "gridworld-baseline", "sysadmin-md", "sysadmin-baseline",
                "gridworld-epsilon");
        Map<String, PlanningRuns> runs = BundledSpecs.present(inputs, judged,
                name -> new PlanningRuns(inputs.metrics(name)));
        List<Claim> claims = PlanningClaims.evaluate(runs, inputs.quick());
        PlanningFigures.draw(inputs);
        return claims;
    }
}
