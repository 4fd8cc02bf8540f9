package io.dpmarl.environments.fedtd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code restart}: with {@code uniform} (the default) every reset reseeds the trajectory, so the same seed gives the
 * same episode; with {@code continue} only the first reset does, and later resets keep the state and the random
 * stream, so that episodes of L steps are the windows of one chain: the concatenated steps of N episodes equal, bit
 * for bit, the N L steps of one episode started from the first seed. Both facts are identities, no statistics.
 */
class FederatedCostChainRestartTest {
    private static final int AGENTS = 3;
    private static final int STATES = 7;

    private static FederatedCostModel model() {
        return RandomFederatedCostChain.generate(AGENTS, STATES, 2, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                new SplittableRandom(5));
    }

    /** The states visited and costs drawn by {@code episodes} episodes of {@code length} steps, seeds 100, 101, ... */
    private static double[] trajectory(Environment environment, int episodes, int length) {
        double[] out = new double[episodes * length * (AGENTS + 1)];
        int at = 0;
        for (int episode = 0; episode < episodes; episode++) {
            environment.reset(100 + episode);
            for (int t = 0; t < length; t++) {
                StepResult result = environment.step(new int[AGENTS]);
                out[at++] = result.observations()[0].state();
                for (double cost : result.rewards()) {
                    out[at++] = cost;
                }
            }
        }
        return out;
    }

    @Test
    void continuingEpisodesAreWindowsOfOneChain() {
        double[] windows = trajectory(new FederatedCostChainEnvironment(model(), "c", true), 5, 20);
        double[] oneEpisode = trajectory(new FederatedCostChainEnvironment(model(), "c", true), 1, 100);
        assertArrayEquals(oneEpisode, windows, 0.0);
        // with the reset contract the later episodes are reseeded, so the trajectories differ
        double[] restarted = trajectory(new FederatedCostChainEnvironment(model(), "u", false), 5, 20);
        assertFalse(java.util.Arrays.equals(oneEpisode, restarted));
        // ... but its first episode is the continuing chain's first window (the first reset seeds both alike)
        assertArrayEquals(java.util.Arrays.copyOf(oneEpisode, 20 * (AGENTS + 1)),
                java.util.Arrays.copyOf(restarted, 20 * (AGENTS + 1)), 0.0);
    }

    @Test
    void aContinuingResetKeepsTheStateAndAUniformResetRedrawsIt() {
        FederatedCostChainEnvironment continuing = new FederatedCostChainEnvironment(model(), "c", true);
        assertTrue(continuing.continuesChain());
        continuing.reset(1);
        for (int t = 0; t < 3; t++) {
            continuing.step(new int[AGENTS]);
        }
        int reached = continuing.state();
        assertEquals(reached, continuing.reset(2)[0].state());
        assertEquals(reached, continuing.state());
        // the uniform environment's reset(seed) is the first draw of SplittableRandom(seed), whatever came before
        FederatedCostChainEnvironment uniform = new FederatedCostChainEnvironment(model(), "u", false);
        assertFalse(uniform.continuesChain());
        for (long seed = 0; seed < 20; seed++) {
            int expected = new SplittableRandom(seed).nextInt(STATES);
            assertEquals(expected, uniform.reset(seed)[0].state());
            uniform.step(new int[AGENTS]);
            assertEquals(expected, uniform.reset(seed)[0].state());
        }
        // the first reset of a continuing environment draws s_0 from its seed too
        assertEquals(new SplittableRandom(9).nextInt(STATES),
                new FederatedCostChainEnvironment(model(), "c", true).reset(9)[0].state());
    }

    @Test
    void thePluginParameterSelectsTheMode() {
        Registry registry = Registry.discover();
        PluginContext context = PluginContext.standalone(registry);
        FederatedCostChainEnvironment byDefault = (FederatedCostChainEnvironment) registry.create(
                PluginKind.ENVIRONMENT, Environment.class, "federated-cost-chain(agents=2, states=5, features=2)",
                context);
        assertFalse(byDefault.continuesChain());
        FederatedCostChainEnvironment continuing = (FederatedCostChainEnvironment) registry.create(
                PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=5, features=2, restart=continue)", context);
        assertTrue(continuing.continuesChain());
        assertNotEquals(byDefault.info().name(), continuing.info().name());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.ENVIRONMENT, Environment.class, "federated-cost-chain(restart=never)", context));
        assertTrue(bad.getMessage().contains("restart"), bad.getMessage());
    }
}
