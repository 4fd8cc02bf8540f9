package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * MA-LDP opens its release streams when the learner is built, declaring their shapes (a {@code d x d} symmetric
 * matrix, whose upper triangle has {@code d (d + 1) / 2} coordinates, and a {@code d}-vector, d the feature
 * dimension): a privatizer whose {@code max-coordinates} cannot cover them refuses when the learner is built (so
 * when the run is checked), with the parameter and its accepted range, before anything is charged or drawn; the
 * release-time check stays.
 */
class MaLdpStreamOpeningTest {

    private static String learner(int maxCoordinates) {
        return "ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal, max-coordinates="
                + maxCoordinates + "), bonus-scale=0.1)";
    }

    private static PluginContext context(Environment environment, PrivacyLedger ledger, NoiseSource noise) {
        return new PluginContext(io.dpmarl.core.rng.RandomStreams.of(5), noise, ledger, Optional.of(environment),
                MaLdpHarness.REGISTRY, io.dpmarl.core.experiment.TrialMetrics.discarding(),
                Optional.of(io.dpmarl.core.pipeline.Schedule.episodes(10)));
    }

    @Test
    void aMaxCoordinatesBelowTheMatrixTriangleIsRefusedWhenTheLearnerIsBuilt() {
        Environment environment = MaLdpHarness.paperInstance();
        int d = environment.capability(LinearMixtureFeatures.class).orElseThrow().dimension();
        long triangle = (long) d * (d + 1) / 2;
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                        learner((int) triangle - 1), context(environment, ledger, ScriptedNoiseSource.of())));
        assertEquals("ma-ldp: a stream of SymmetricMatrix(" + d + ") releases perturbs " + triangle
                + " coordinates per release, but max-coordinates must be in [" + triangle + ", inf) for it, got "
                + (triangle - 1) + " (build the privatizer with a larger max-coordinates)", refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
    }

    @Test
    void aMaxCoordinatesBelowTheVectorIsRefusedWhenTheLearnerIsBuilt() {
        Environment environment = MaLdpHarness.paperInstance();
        int d = environment.capability(LinearMixtureFeatures.class).orElseThrow().dimension();
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        // Below d even the vector release (d coordinates) cannot be covered; the matrix stream is opened first.
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class, learner(d - 1),
                        context(environment, ledger, ScriptedNoiseSource.of())));
        assertTrue(refused.getMessage().contains("max-coordinates must be in ["), refused.getMessage());
        assertEquals(0, ledger.charges());
    }

    @Test
    void exactlyTheTriangleIsAcceptedAndReleasesRun() {
        Environment environment = MaLdpHarness.paperInstance();
        int d = environment.capability(LinearMixtureFeatures.class).orElseThrow().dimension();
        MaLdpHarness.Run run = MaLdpHarness.run(environment, learner(d * (d + 1) / 2), 3, 2);
        // 2 episodes x n agents x H stages x 2 releases, each charged once (per-release accounting) to its own key
        // user/k/agent/i and once to the run-wide key users-from/0: 2 charges per release.
        int agents = environment.info().numAgents();
        int horizon = environment.info().horizon();
        assertEquals(2L * agents * horizon * 2 * 2, run.ledger().charges());
    }

    @Test
    void theReleaseTimeCheckStays() {
        // A privatizer built for 2 coordinates refuses a 3-vector at the release too (defence in depth).
        Privatizer privatizer = MaLdpHarness.REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class,
                "ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal, max-coordinates=2)");
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                new Statistic.Vector(new double[3]), ScriptedNoiseSource.of(), ledger, LedgerKey.user(0)));
        assertTrue(refused.getMessage().contains("max-coordinates must be in [3, inf)"), refused.getMessage());
        assertEquals(0, ledger.charges());
    }

    @Test
    void releasesBuiltWithoutTheShapeOpenNothingUpFront() {
        Privatizer tooSmall = MaLdpHarness.REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class,
                "ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal, max-coordinates=1)");
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        MaLdpReleases lazy = new MaLdpReleases(Optional.of(tooSmall), Optional.of(tooSmall), ScriptedNoiseSource.of(),
                ledger, 2, true);
        assertThrows(IllegalArgumentException.class, () -> new MaLdpReleases(Optional.of(tooSmall),
                Optional.of(tooSmall), ScriptedNoiseSource.of(), ledger, 2, true, 1, 2));
        // The lazy form refuses at the first upload, still before any charge.
        assertThrows(IllegalArgumentException.class, () -> lazy.upload(0, 0, 0, new double[] {1, 0}, 1.0,
                null));
        assertEquals(0, ledger.charges());
    }

    @Test
    void theDescriptionStatesTheCheck() {
        String description = MaLdpHarness.REGISTRY.provider(PluginKind.LEARNER, "ma-ldp").description();
        assertTrue(description.contains("max-coordinates below d(d+1)/2) is refused when the run is checked"),
                description);
    }
}
