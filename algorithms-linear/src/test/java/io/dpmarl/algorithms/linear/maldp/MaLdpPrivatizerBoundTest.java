package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The MA-LDP learner clips {@code ||phi_V|| <= H} and {@code 0 <= V <= H} with H the environment's horizon, so one
 * release's statistics move, between two users, by at most (derivation of {@code MaLdpCalibration}, corrected for
 * the matrix): {@code 2 H^2} in L2 (both releases: {@code ||f f^T||_F <= ||f||^2 <= H^2} and
 * {@code ||f V|| <= H^2}), {@code (d + 1) H^2} in L1 for the matrix's upper triangle ({@code sum_{r <= c} |f_r f_c|
 * = (||f||_1^2 + ||f||_2^2) / 2 <= (d + 1) H^2 / 2}), {@code 2 sqrt(d) H^2} in L1 for the vector, and {@code 2 H^2}
 * in L-infinity, d the feature dimension. The privatizer must be calibrated for at least that bound, or its noise
 * is too small for the loss the ledger charges.
 *
 * <p>Red-team finding: the nested {@code ma-ldp} privatizer's {@code horizon} and {@code nd} were filled in only
 * when absent, so {@code privatizer=ma-ldp(..., horizon=1)} on an H = 5 environment calibrated the noise for
 * {@code ||f|| <= 1} (L1 sensitivity {@code (nd + 1) 1^2}) while the learner released statistics of sensitivity
 * {@code (d + 1) 5^2}, 25 times more, and the ledger charged the loss of the smaller bound; a generic privatizer
 * ({@code laplace(epsilon=1, sensitivity=1)}) was used as given whatever its declared sensitivity. Both now refuse
 * when the learner is built, before anything is charged.
 */
class MaLdpPrivatizerBoundTest {

    private static PluginContext context(Environment environment, PrivacyLedger ledger) {
        return new PluginContext(io.dpmarl.core.rng.RandomStreams.of(5), ScriptedNoiseSource.of(), ledger,
                Optional.of(environment), MaLdpHarness.REGISTRY, io.dpmarl.core.experiment.TrialMetrics.discarding(),
                Optional.of(io.dpmarl.core.pipeline.Schedule.episodes(10)));
    }

    private static IllegalArgumentException refusal(String privatizer) {
        Environment environment = MaLdpHarness.paperInstance();
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> build(environment, ledger, privatizer));
        assertEquals(0, ledger.charges(), "nothing charged");
        return refused;
    }

    private static Learner build(Environment environment, PrivacyLedger ledger, String privatizer) {
        return MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                "ma-ldp(privatizer=" + privatizer + ", bonus-scale=0.1, bonus=non-private)",
                context(environment, ledger));
    }

    private static void accepted(String privatizer) {
        Environment environment = MaLdpHarness.paperInstance();
        build(environment, PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0), privatizer);
    }

    private static int horizon() {
        return MaLdpHarness.paperInstance().info().horizon();
    }

    private static int dimension() {
        return MaLdpHarness.paperInstance().capability(LinearMixtureFeatures.class).orElseThrow().dimension();
    }

    @Test
    void aNestedMaLdpHorizonBelowTheEnvironmentsIsRefused() {
        int h = horizon();
        IllegalArgumentException refused = refusal("ma-ldp(mechanism=laplace, epsilon=1, calibration=sound, "
                + "horizon=" + (h - 1) + ")");
        assertEquals("ma-ldp: the privatizer's horizon must be in [" + h + ", inf) (the learner clips ||phi_V|| and"
                + " V to the environment's H = " + h + ", the bound the noise must be calibrated for), got "
                + (h - 1), refused.getMessage());
    }

    @Test
    void aNestedMaLdpNdBelowTheFeatureDimensionIsRefused() {
        int d = dimension();
        IllegalArgumentException refused = refusal("ma-ldp(mechanism=gaussian, epsilon=1, nd=" + (d - 1) + ")");
        assertEquals("ma-ldp: the privatizer's nd must be in [" + d + ", inf) (the feature dimension d = " + d
                + " of the released statistics), got " + (d - 1), refused.getMessage());
    }

    @Test
    void theEnvironmentsValuesOrLargerOnesAreAccepted() {
        int h = horizon();
        int d = dimension();
        accepted("ma-ldp(mechanism=laplace, epsilon=1, horizon=" + h + ", nd=" + d + ")");
        accepted("ma-ldp(mechanism=laplace, epsilon=1, horizon=" + (h + 1) + ", nd=" + (d + 3) + ")");
        accepted("ma-ldp(mechanism=gaussian, epsilon=1)");
    }

    @Test
    void aGenericPrivatizerBelowTheClippedSensitivityIsRefused() {
        int h = horizon();
        int d = dimension();
        double l1 = (d + 1.0) * h * h; // the matrix's upper triangle, the larger of the two L1 bounds
        double l2 = 2.0 * h * h;
        IllegalArgumentException laplace = refusal("laplace(epsilon=1, sensitivity=1)");
        assertEquals("ma-ldp: the privatizer's sensitivity must be in [" + l1 + ", inf) (L1; the learner clips"
                + " ||phi_V|| and V to H = " + h + ", so one release moves by at most this much between users), got "
                + 1.0, laplace.getMessage());
        IllegalArgumentException gaussian = refusal("gaussian(epsilon=0.5, delta=1e-5, sensitivity="
                + (l2 * 0.99) + ")");
        assertEquals("ma-ldp: the privatizer's sensitivity must be in [" + l2 + ", inf) (L2; the learner clips"
                + " ||phi_V|| and V to H = " + h + ", so one release moves by at most this much between users), got "
                + (l2 * 0.99), gaussian.getMessage());
        accepted("laplace(epsilon=1, sensitivity=" + l1 + ")");
        accepted("gaussian(epsilon=0.5, delta=1e-5, sensitivity=" + l2 + ")");
        accepted("non-private");
    }
}
