package io.dpmarl.examples.reproduce.dpcmarl;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.Reproduction;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code dpmarl reproduce dpc-marl}: the CAPC experiments of "Privacy-preserved Fully Decentralized Multi-agent
 * Reinforcement Learning for Networked Social Systems" (Table III, Fig. 6) as bundled specs run by the ordinary
 * runner, plus a claims step ({@link DpcMarlClaims}). Specs: ConsensusMARL ({@code consensus}, sGain 0) and DPC-MARL
 * at sGain 0.01, 0.1 and 1 (the paper's data-dependent noise, no formal guarantee) on the catch-up and slow-down
 * scenarios, plus the sound clipped alternative ({@code clipped}, pure epsilon-DP per exchange, each release charged
 * to every agent's key) on catch-up. The full setting is the paper's: 1,000,000 steps (1667 episodes of 600) and 5
 * seeds per spec, Table II networks.
 */
public final class DpcMarlReproduction implements Reproduction {
    /** The paper id. */
    public static final String PAPER = "dpc-marl";
    /** The scenarios. */
    public static final List<String> SCENARIOS = List.of("catch-up", "slow-down");
    /** The noise levels, as spec-name suffixes: ConsensusMARL and the paper's three gains. */
    public static final List<String> LEVELS = List.of("consensus", "sgain-0-01", "sgain-0-1", "sgain-1");
    /** The sound alternative's spec. */
    public static final String CLIPPED = "catch-up-clipped";

    @Override
    public String paperId() {
        return PAPER;
    }

    /** The spec of a scenario and level, for example {@code catch-up-sgain-0.01}. */
    public static String spec(String scenario, String level) {
        return scenario + "-" + level;
    }

    /** Every bundled spec name. */
    public static List<String> specNames() {
        List<String> names = new ArrayList<>();
        for (String scenario : SCENARIOS) {
            for (String level : LEVELS) {
                names.add(spec(scenario, level));
            }
        }
        names.add(CLIPPED);
        return names;
    }

    @Override
    public List<BundledSpec> specs(boolean full) {
        List<BundledSpec> specs = new ArrayList<>();
        for (String name : specNames()) {
            specs.add(new BundledSpec(name, "specs/dpc-marl/" + name + (full ? "-full" : "-quick") + ".yaml"));
        }
        return specs;
    }

    @Override
    public List<Claim> claims(ClaimInputs inputs) throws IOException {
        return DpcMarlClaims.evaluate(inputs);
    }
}
