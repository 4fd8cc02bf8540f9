package io.dpmarl.algorithms.tabular.qlearning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.smoke.CoordinationGameProvider;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The learner clips rewards to {@code [reward-min, reward-min + the privatizer's sensitivity]}: the sensitivity's
 * value is used as a distance between two rewards, which for a scalar is the same in L1, L2 and L-infinity, and is
 * no distance at all for a Hamming sensitivity (it counts coordinates). A privatizer that accepts scalars but declares
 * a Hamming sensitivity (a third-party plugin; every bundled Hamming privatizer accepts categories only) is refused
 * when the learner is built, directly and through the plugin, before anything is charged.
 */
class IndependentQLearnerSensitivityNormTest {
    private static final String REFUSAL = "independent-q: parameter 'privatizer' must name a privatizer whose "
            + "sensitivity norm is one of L1, L2, LINF (its value is the width of the reward range rewards are "
            + "clipped to); 'hamming-scalar' declares HAMMING";
    /** A third-party privatizer's declarations: accepts scalars, Hamming sensitivity 1 (it counts coordinates). */
    private static final StubPrivatizer HAMMING_SCALAR = StubPrivatizer.named("hamming-scalar")
            .accepts(Statistic.Scalar.class).sensitivity(Sensitivity.hamming(1)).build();

    @Test
    void refusesAHammingSensitivityWhenBuilt() {
        EnvironmentInfo info = new EnvironmentInfo("one", 1, List.of(new Space.Discrete(1)),
                List.of(new Space.Discrete(2)), 1, GameType.finite(GameType.Utility.SINGLE_AGENT));
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new IndependentQLearner(info, 0.5, 0, 0, new RandomGenerator[] {RandomStreams.of(1).stream("e")},
                        Optional.of(HAMMING_SCALAR), NoiseSource.seeded(1), ledger));
        assertEquals(REFUSAL, refused.getMessage());
        assertEquals(0, ledger.charges());
    }

    @Test
    void thePluginRefusesItWhenTheRunIsBuilt() {
        Registry registry = Registry.of(List.of(new IndependentQLearnerProvider(), new CoordinationGameProvider(),
                HAMMING_SCALAR.provider()));
        Environment game = registry.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game(horizon=1)");
        RandomStreams streams = RandomStreams.of(5);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(game),
                registry);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "independent-q(privatizer=hamming-scalar)", context));
        assertEquals(REFUSAL, refused.getMessage());
        assertEquals(0, ledger.charges());
    }
}
