package io.dpmarl.examples.reproduce.dpqd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.reproduce.BundledSpecRunner;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Algorithm 1 of "Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for Networked Social
 * Systems" (Qiao et al.) starts once from a random state {@code S_0} (line 4) and then moves along one chain
 * ({@code s <- s'}, line 22) for the T = 10000 steps of an execution. The bundled specs run those steps in
 * reporting windows (episodes of {@code step-limit} steps), so the environment of every dp-qd spec, quick and full,
 * must start each window in the state the previous one ended in: over 200 windows of 5 steps with seeds 0..199 the
 * state after a reset equals the last next state. A uniform redraw at every reset would agree with it with
 * probability 1/2 per window, all 200 times with probability 2^-200.
 */
class DpQdOneChainTest {

    @Test
    void everyBundledSpecRunsOneChainAcrossItsWindows() throws IOException {
        Registry registry = Registry.discover();
        DpQdReproduction reproduction = new DpQdReproduction();
        for (boolean full : new boolean[] {false, true}) {
            for (BundledSpec bundled : reproduction.specs(full)) {
                ExperimentSpec spec = ExperimentSpec.parse(BundledSpecRunner.text(bundled.resource()), false,
                        bundled.resource());
                Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                        spec.environment());
                int agents = environment.info().numAgents();
                int state = environment.reset(0)[0].state();
                for (long window = 1; window < 200; window++) {
                    for (int step = 0; step < 5; step++) {
                        int[] common = new int[agents];
                        Arrays.fill(common, (int) ((window + step) % 2));
                        state = environment.step(common).observations()[0].state();
                    }
                    assertEquals(state, environment.reset(window)[0].state(), bundled.resource() + ": window "
                            + window + " does not continue the chain");
                }
            }
        }
    }
}
