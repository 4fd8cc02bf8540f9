package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the master's privatizer of DP federated TD(lambda) charges, derived by hand from the whole-run sensitivity
 * ({@link WholeRunSensitivity}'s derivation) and the float-safe samplers' grids, for both mechanisms and both
 * accountings, and the plugin's parameter mapping.
 *
 * <p>Setting: R = 1/2, gamma = 0.9, lambda = 1/2: Delta_M = 2R/(1 - gamma lambda) = 1/0.55, kappa =
 * (1 + gamma)/(1 - gamma lambda) = 1.9/0.55. A constant step alpha = 0.02 over T = 3 rounds: a cost change at round 0
 * moves release 1 by a_1 = alpha Delta_M and release 2 by a_2 = alpha Delta_M kappa alpha (release 0 is not moved;
 * t = 0 is the worst change time of a non-increasing schedule). Grids: scale 1 gives r = 2^-19 for the Gaussian
 * (sigma / r in [2^19, 2^20)) and r = 2^-39 for the Laplace (b / r in [2^39, 2^40)); the grid excess added to every
 * release is e = sqrt(K) r (l2) or K r (l1). K = 4, so sqrt(K) = 2.
 */
class PrivatizerChargesByHandTest {
    private static final double DELTA_M = 1 / 0.55;
    private static final double KAPPA = 1.9 / 0.55;
    private static final double ALPHA = 0.02;
    private static final double A1 = ALPHA * DELTA_M;
    private static final double A2 = ALPHA * DELTA_M * KAPPA * ALPHA;
    private static final WholeRunSensitivity RUN = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(ALPHA), 3);

    /**
     * Laplace, whole run: charges (e, 2 a_1 + e, 2 a_2 + e) with e = 4 * 2^-39 = 2^-37, total 2 (a_1 + a_2) + 3e;
     * declared (without the grid) 2 (a_1 + a_2); pure epsilon = total / b with b = 1; charged once, up front.
     */
    @Test
    void laplaceWholeRunChargesTheL1SumPlusTheGridExcess() {
        FederatedNoisePrivatizer privatizer = new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 1.0, RUN, 4,
                RunAccounting.WHOLE_RUN);
        double e = 0x1p-37;
        double total = 2 * (A1 + A2) + 3 * e;
        assertEquals(total, privatizer.chargedSensitivity(), 1e-15);
        assertTrue(Math.abs(privatizer.chargedSensitivity() - 2 * (A1 + A2)) > 1e-11, "the excess 3e is charged");
        assertEquals(Sensitivity.l1(2 * (A1 + A2)).value(), privatizer.sensitivity().value(), 1e-15);
        assertEquals(Sensitivity.l1(1).norm(), privatizer.sensitivity().norm());
        assertEquals(total, ((PrivacyGuarantee.PureDp) privatizer.guarantee()).epsilon(), 1e-15);
        PrivacyEvent.LaplaceEvent event = (PrivacyEvent.LaplaceEvent) privatizer.event();
        assertEquals(new StreamAccounting.UpFront(event, 3), privatizer.accounting(OptionalLong.empty()));
        assertEquals(NoiseMechanism.LAPLACE, privatizer.mechanism());
        assertEquals(1.0, privatizer.scale(), 0.0);
        assertEquals(3, privatizer.rounds());
        assertEquals(RunAccounting.WHOLE_RUN, privatizer.runAccounting());
        assertEquals("federated-td-noise", privatizer.name());
        assertEquals(Neighbouring.AGENT_REWARD, privatizer.neighbouring());
        assertEquals(Set.of(Statistic.Vector.class), privatizer.accepts());
    }

    /**
     * Gaussian, whole run, sigma = 2: r = 2^-18, e = 2 * 2^-18 = 2^-17; charges (e, a_1 + e, a_2 + e), total
     * sqrt(e^2 + (a_1 + e)^2 + (a_2 + e)^2); rho = total^2 / (2 sigma^2) = total^2 / 8.
     */
    @Test
    void gaussianWholeRunChargesTheL2RootPlusTheGridExcess() {
        FederatedNoisePrivatizer privatizer = new FederatedNoisePrivatizer(NoiseMechanism.GAUSSIAN, 2.0, RUN, 4,
                RunAccounting.WHOLE_RUN);
        double e = 0x1p-17;
        double total = Math.sqrt(e * e + (A1 + e) * (A1 + e) + (A2 + e) * (A2 + e));
        assertEquals(total, privatizer.chargedSensitivity(), 1e-15);
        assertEquals(Math.sqrt(A1 * A1 + A2 * A2), privatizer.sensitivity().value(), 1e-15);
        assertEquals(Sensitivity.l2(1).norm(), privatizer.sensitivity().norm());
        assertEquals(total * total / 8, ((PrivacyGuarantee.Zcdp) privatizer.guarantee()).rho(), 1e-15);
        PrivacyEvent.GaussianEvent event = (PrivacyEvent.GaussianEvent) privatizer.event();
        assertEquals(2.0, event.sigma(), 0.0);
        assertEquals(total, event.sensitivity(), 1e-15);
    }

    /**
     * The paper's per-round accounting: every release is charged Delta_M + e (Gaussian, sigma = 1: e = 2 * 2^-19)
     * or sqrt(K) Delta_M + e (Laplace, b = 1: e = 4 * 2^-39), per release.
     */
    @Test
    void paperPerRoundChargesDeltaMPlusTheGridExcessEveryRelease() {
        FederatedNoisePrivatizer gaussian = new FederatedNoisePrivatizer(NoiseMechanism.GAUSSIAN, 1.0, RUN, 4,
                RunAccounting.PAPER_PER_ROUND);
        assertEquals(DELTA_M + 0x1p-18, gaussian.chargedSensitivity(), 1e-15);
        assertEquals(DELTA_M, gaussian.sensitivity().value(), 1e-15);
        assertEquals(new StreamAccounting.PerRelease(gaussian.event()), gaussian.accounting(OptionalLong.of(3)));
        assertEquals(RunAccounting.PAPER_PER_ROUND, gaussian.runAccounting());
        FederatedNoisePrivatizer laplace = new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 1.0, RUN, 4,
                RunAccounting.PAPER_PER_ROUND);
        assertEquals(2 * DELTA_M + 0x1p-37, laplace.chargedSensitivity(), 1e-15);
        assertEquals(2 * DELTA_M, laplace.sensitivity().value(), 1e-15);
    }

    /** Sigma^2 for the Gaussian, 2 b^2 for the Laplace (the variance of Lap(0, b)). */
    @Test
    void perCoordinateVarianceOfEachLaw() {
        // LAPLACE_LITERAL: b = Delta_M / epsilon = (1/0.55)/2, variance 2 b^2
        CalibratedNoise laplace = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL,
                new io.dpmarl.core.privacy.PrivacyBudget(2.0, 0.0), RUN, 4, 3);
        double b = DELTA_M / 2;
        assertEquals(b, laplace.scale(), 1e-15);
        assertEquals(2 * b * b, laplace.perCoordinateVariance(), 1e-15);
        assertEquals(NoiseMechanism.LAPLACE, laplace.privatizer().mechanism());
        CalibratedNoise gaussian = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                new io.dpmarl.core.privacy.PrivacyBudget(1.0, 1e-5), RUN, 4, 3);
        assertEquals(gaussian.scale() * gaussian.scale(), gaussian.perCoordinateVariance(), 0.0);
        assertEquals(gaussian.scale(), gaussian.privatizer().scale(), 0.0);
    }

    private static FederatedNoisePrivatizer plugin(String spec) {
        return (FederatedNoisePrivatizer) Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    /**
     * The plugin maps its parameters: alpha = 0 selects alpha_t = (t + 1)^-p. With p = 1/2, T = 3, K = 1, sigma = 1
     * (e = 2^-19): a_1 = alpha_0 Delta_M = Delta_M, a_2 = Delta_M kappa alpha_1 = Delta_M kappa / sqrt(2); the
     * whole-run charge is sqrt(e^2 + (a_1 + e)^2 + (a_2 + e)^2). A constant alpha = 1/2 gives a_1 = Delta_M / 2,
     * a_2 = Delta_M kappa / 4.
     */
    @Test
    void pluginMapsScheduleMechanismAndAccounting() {
        double e = 0x1p-19;
        FederatedNoisePrivatizer power = plugin("federated-td-noise(alpha=0, power=0.5, rounds=3, features=1,"
                + " scale=1)");
        double a1 = DELTA_M;
        double a2 = DELTA_M * KAPPA / Math.sqrt(2);
        assertEquals(Math.sqrt(e * e + (a1 + e) * (a1 + e) + (a2 + e) * (a2 + e)), power.chargedSensitivity(), 1e-12);
        assertEquals(NoiseMechanism.GAUSSIAN, power.mechanism());
        assertEquals(RunAccounting.WHOLE_RUN, power.runAccounting());
        assertEquals(3, power.rounds());
        FederatedNoisePrivatizer constant = plugin("federated-td-noise(alpha=0.5, rounds=3, features=1, scale=1)");
        double c1 = DELTA_M / 2;
        double c2 = DELTA_M * KAPPA / 4;
        assertEquals(Math.sqrt(e * e + (c1 + e) * (c1 + e) + (c2 + e) * (c2 + e)), constant.chargedSensitivity(),
                1e-12);
        FederatedNoisePrivatizer laplace = plugin("federated-td-noise(mechanism=laplace, accounting=paper-per-round,"
                + " features=4, scale=1)");
        assertEquals(NoiseMechanism.LAPLACE, laplace.mechanism());
        assertEquals(RunAccounting.PAPER_PER_ROUND, laplace.runAccounting());
        assertEquals(2 * DELTA_M + 0x1p-37, laplace.chargedSensitivity(), 1e-15);
    }

    /** The plugin's description states the assumptions its guarantee needs (row norms and clipped costs). */
    @Test
    void pluginDescriptionStatesItsAssumptions() {
        PluginProvider<?> provider = new FederatedNoisePrivatizerProvider();
        assertTrue(provider.description().contains("norm <= 1"), provider.description());
        assertTrue(provider.description().contains("[-R, R]"), provider.description());
        assertSame(PluginKind.PRIVATIZER, provider.kind());
    }

    /** The run's label names its schedule and horizon. */
    @Test
    void runLabelsNameTheSchedule() {
        assertEquals("alpha=0.02", RUN.scheduleLabel());
        assertTrue(RUN.toString().contains("alpha=0.02") && RUN.toString().contains("T=3"), RUN.toString());
        assertEquals("alpha=(t+1)^-0.65", StepSizes.power(0.65).label());
    }
}
