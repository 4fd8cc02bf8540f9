package io.dpmarl.examples.reproduce.planning;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.Reproduction;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
        String setting = full ? "full" : "quick";
        List<BundledSpec> specs = new ArrayList<>();
        for (String name : QUICK) {
            specs.add(new BundledSpec(name, "specs/dp-planning/" + name + "-" + setting + ".yaml"));
        }
        if (full) {
            specs.add(new BundledSpec("gridworld-epsilon", "specs/dp-planning/gridworld-epsilon-full.yaml"));
        } else {
            // A shorter sweep for the Fig. 3 figure only; the claims judge the full sweep.
            specs.add(new BundledSpec(PlanningFigures.EPSILON_FIGURE,
                    "specs/dp-planning/gridworld-epsilon-figure-quick.yaml"));
        }
        return specs;
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        Map<String, PlanningRuns> runs = new LinkedHashMap<>();
        for (String name : List.of("gridworld-md", "gridworld-baseline", "sysadmin-md", "sysadmin-baseline",
                "gridworld-epsilon")) {
            if (inputs.has(name)) {
                runs.put(name, new PlanningRuns(inputs.metrics(name)));
            }
        }
        List<Claim> claims = PlanningClaims.evaluate(runs, inputs.quick());
        PlanningFigures.draw(inputs);
        return claims;
    }
}
