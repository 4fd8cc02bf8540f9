package io.dpmarl.examples.learnerplugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code team-q} clips rewards to {@code [reward-min, reward-min + the privatizer's sensitivity]}, using the
 * sensitivity's value as a distance between two rewards (one and the same in L1, L2 and L-infinity for a scalar). A
 * privatizer that accepts scalars but declares a Hamming sensitivity (it counts coordinates: no distance) is refused
 * when the learner is created, before any stream is opened or anything charged.
 */
class TeamQSensitivityNormTest {

    @Test
    void refusesAHammingSensitivityWhenCreated() {
        StubPrivatizer hammingScalar = StubPrivatizer.named("hamming-scalar").accepts(Statistic.Scalar.class)
                .sensitivity(Sensitivity.hamming(1)).build();
        Registry registry = Registry.of(List.of(new TeamQLearnerProvider(), new RelayChainProvider(),
                hammingScalar.provider()));
        Environment relay = registry.create(PluginKind.ENVIRONMENT, Environment.class, "relay-chain");
        RandomStreams streams = RandomStreams.of(5);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(relay),
                registry);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "team-q(privatizer=hamming-scalar)", context));
        assertEquals("team-q: parameter 'privatizer' must name a privatizer whose sensitivity norm is one of L1, L2, "
                + "LINF (its value is the width of the reward range rewards are clipped to); 'hamming-scalar' declares "
                + "HAMMING", refused.getMessage());
        assertEquals(0, ledger.charges());
    }
}
