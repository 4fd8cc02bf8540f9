package io.dpmarl.environments.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.model.RewardRange;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The network MDP declares its per-step reward range ({@link RewardRange}) from its three node rewards (s_in,
 * intermediate, g), so that a learner assuming rewards in [0, 1] can refuse the paper-literal scale: the provider's
 * {@code rewards=normalised} gives 5e-6 / 0 / 1, range [0, 1]; {@code rewards=paper-literal} gives the paper's
 * Section 8 numbers 0.005 / 0 / 1000, range [0, 1000]; the origin names the parameter.
 */
class NetworkRewardRangeTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Environment create(String spec) {
        return REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, spec);
    }

    @Test
    void theProviderDeclaresTheRangeOfEachRewardScaleAndNamesTheParameter() {
        RewardRange normalised = create("network-mdp").capability(RewardRange.class).orElseThrow();
        assertEquals(new RewardRange(0.0, 1.0, "its parameter 'rewards' is normalised"), normalised);
        RewardRange literal = create("network-mdp(rewards=paper-literal)").capability(RewardRange.class)
                .orElseThrow();
        assertEquals(new RewardRange(0.0, 1000.0,
                "its parameter 'rewards' is paper-literal; rewards=normalised gives [0, 1]"), literal);
    }

    @Test
    void theRangeSpansTheSmallestAndLargestNodeRewardWhateverTheirOrder() {
        // each of the three node rewards is in turn the smallest and the largest: the range is their min and max
        assertRange(new double[] {-2, 0.5, 3}, -2, 3);
        assertRange(new double[] {3, -2, 0.5}, -2, 3);
        assertRange(new double[] {0.5, 3, -2}, -2, 3);
        assertRange(new double[] {0.5, -2, 3}, -2, 3);
        assertRange(new double[] {3, 0.5, -2}, -2, 3);
        assertRange(new double[] {-2, 3, 0.5}, -2, 3);
    }

    private static void assertRange(double[] rewards, double lowest, double highest) {
        NetworkMdpConfig uniform = NetworkMdpConfig.paperInstance();
        NetworkMdpConfig config = new NetworkMdpConfig(2, 1, 2, 0.2, uniform.stay(), uniform.forward(), 0.05,
                rewards[0], rewards[1], rewards[2], 5);
        NetworkMdp mdp = new NetworkMdp(config, "network-mdp");
        RewardRange range = mdp.capability(RewardRange.class).orElseThrow();
        assertSame(mdp.rewardRange(), range);
        assertEquals(lowest, range.lowest(), 0.0);
        assertEquals(highest, range.highest(), 0.0);
        // the two-argument constructor quotes the configured node rewards
        assertEquals("its node rewards are " + rewards[0] + " at s_in, " + rewards[1] + " at nodes 1..q and "
                + rewards[2] + " at g", range.origin());
    }

    @Test
    void everyObservedRewardLiesInTheDeclaredRangeAndBothEndsAreReached() {
        // 400 episodes of uniformly random joint actions on the paper-literal instance; the agents reach g (reward
        // 1000) and sit at intermediate nodes (reward 0): the declared range is attained, not only a bound
        for (String scale : new String[] {"normalised", "paper-literal"}) {
            Environment environment = create("network-mdp(rewards=" + scale + ")");
            RewardRange range = environment.capability(RewardRange.class).orElseThrow();
            SplittableRandom random = new SplittableRandom(7);
            boolean lowest = false;
            boolean highest = false;
            for (int episode = 0; episode < 400; episode++) {
                environment.reset(episode);
                for (int h = 0; h < environment.info().horizon(); h++) {
                    StepResult result = environment.step(new int[] {random.nextInt(2), random.nextInt(2)});
                    for (double reward : result.rewards()) {
                        assertTrue(range.contains(reward), scale + ": reward " + reward + " outside "
                                + range.interval());
                        lowest |= reward == range.lowest();
                        highest |= reward == range.highest();
                    }
                }
            }
            assertTrue(lowest && highest, scale + ": both ends of " + range.interval() + " observed");
        }
    }

    @Test
    void aBlankOriginIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new NetworkMdp(NetworkMdpConfig.paperInstance(), "network-mdp", " "));
    }
}
