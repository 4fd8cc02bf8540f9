package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The per-entry noise std that the generic bonus (App. C eq. 19), the bounded-Laplace bonus (eq. 23, through its
 * variance zeta) and the analysis shift ({@code 2 Gamma_k}, App. C eq. 6-7) are computed from must be the std of the
 * noise the releases actually carry ("Local differential privacy preserving mechanisms for multi-agent
 * reinforcement learning", App. C: sigma^2 is "the variance of the corresponding noise distribution").
 *
 * <p>Review finding: the learner took it from the paper's formulas at the learner's own H and nd, with the Thm 5
 * uniform width, whatever the nested privatizer was built with: a {@code calibration=sound} privatizer (the
 * privatizer's default, noise from the corrected sensitivities), {@code uniform-formula=no-sqrt}, or a larger
 * {@code horizon} or {@code nd} gave a bonus and a shift for noise the releases do not carry, and a third-party
 * privatizer with {@code psd=analysis-shift} silently got {@code Gamma = 0}. Now the paper-literal std is taken at
 * the privatizer's own parameters, and where no std is known the learner refuses unless {@code noise-std} is given.
 * Expected values are the paper's formulas evaluated by hand (H = 5 unless stated, d = nd = 4 on the paper's
 * network MDP with n = 2 agents and blocks of 2).
 */
class MaLdpNoiseStdTest {

    private static PluginContext context(Environment environment, PrivacyLedger ledger) {
        return new PluginContext(io.dpmarl.core.rng.RandomStreams.of(5), ScriptedNoiseSource.of(), ledger,
                Optional.of(environment), MaLdpHarness.REGISTRY, io.dpmarl.core.experiment.TrialMetrics.discarding(),
                Optional.of(Schedule.episodes(10)));
    }

    private static MaLdpLearner build(String learner) {
        Environment environment = MaLdpHarness.paperInstance();
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        return (MaLdpLearner) MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class, learner,
                context(environment, ledger));
    }

    private static IllegalArgumentException refusal(String learner) {
        return assertThrows(IllegalArgumentException.class, () -> build(learner));
    }

    @Test
    void theAppendixD3UniformWidthReachesTheStd() {
        // App. D.3: a = 4 H^3 ln(2H/delta) = 500 ln(100) at H = 5, delta = 0.1; std a / sqrt(3) (Thm 5 would give
        // 500 sqrt(ln 100) / sqrt(3) = 619.49, the value used before the fix)
        MaLdpLearner learner = build("ma-ldp(privatizer=ma-ldp(mechanism=uniform, epsilon=1, delta=0.1, "
                + "calibration=paper-literal, uniform-formula=no-sqrt), bonus=eq19)");
        double expected = 500 * Math.log(100) / Math.sqrt(3);
        assertEquals(expected, learner.config().noiseStd(), 1e-9 * expected);
        // eq. 19 at k = 1: c (nd)^{3/4} sqrt(std) k^{1/4} ln(nd T / alpha), T = 10 episodes x H = 50
        double beta = Math.pow(4, 0.75) * Math.sqrt(expected) * Math.log(4 * 50 / 0.1);
        assertEquals(beta, learner.config().bonus().beta(1, 1), 1e-9 * beta);
    }

    @Test
    void thePrivatizersOwnHorizonAndNdReachTheStd() {
        // Laplace b = 4 H^3 sqrt(nd) / epsilon at the privatizer's H = 6, nd = 8, epsilon = 1: 864 sqrt(8);
        // std sqrt(2) b = 864 * 4 = 3456 (the learner's H = 5, nd = 4 would give sqrt(2) 500 * 2 = 1414.2)
        MaLdpLearner learner = build("ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=1, horizon=6, nd=8, "
                + "calibration=paper-literal), bonus=eq19)");
        assertEquals(3456.0, learner.config().noiseStd(), 1e-9);
        // the Thm 5 width is still the default: 500 sqrt(ln 100) / sqrt(3)
        MaLdpLearner uniform = build("ma-ldp(privatizer=ma-ldp(mechanism=uniform, epsilon=1, delta=0.1, "
                + "calibration=paper-literal))");
        assertEquals(500 * Math.sqrt(Math.log(100)) / Math.sqrt(3), uniform.config().noiseStd(), 1e-9);
    }

    @Test
    void theSoundCalibrationHasNoPaperStdAndNeedsNoiseStdWhereItIsUsed() {
        IllegalArgumentException eq19 = refusal("ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=1, "
                + "calibration=sound), bonus=eq19)");
        assertEquals("ma-ldp: bonus=eq19 needs noise-std in (0, inf) or an ma-ldp privatizer with "
                + "calibration=paper-literal", eq19.getMessage());
        IllegalArgumentException bounded = refusal("ma-ldp(privatizer=ma-ldp(mechanism=bounded-laplace, epsilon=1))");
        assertEquals("ma-ldp: bonus=theorem with bounded-laplace (App. C eq. 23) uses the noise's variance zeta: "
                + "noise-std = sqrt(zeta) must be in (0, inf) unless the privatizer's calibration is paper-literal, "
                + "got 0.0", bounded.getMessage());
        IllegalArgumentException shift = refusal("ma-ldp(privatizer=ma-ldp(mechanism=gaussian, epsilon=1, "
                + "calibration=sound), psd=analysis-shift)");
        assertEquals("ma-ldp: psd=analysis-shift scales 2 Gamma_k with the releases' per-entry noise std: noise-std "
                + "must be in (0, inf) unless the privatizer is ma-ldp with calibration=paper-literal, got 0.0",
                shift.getMessage());
        // a third-party private privatizer: no std known either (L1 sensitivity (d + 1) H^2 = 125 covers a release)
        assertTrue(refusal("ma-ldp(privatizer=laplace(epsilon=1, sensitivity=125), psd=analysis-shift)")
                .getMessage().contains("psd=analysis-shift"));
        // the sound Gaussian, Laplace and uniform theorem bonuses need no std (Thms 2, 4, 6 depend on epsilon, delta)
        assertEquals(0.0, build("ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=1))").config().noiseStd(), 0.0);
    }

    @Test
    void aGivenNoiseStdIsUsedAndNoNoiseNeedsNone() {
        // eq. 23 with zeta = 3^2: c (nd)^{3/4} zeta^{1/4} k^{1/4} ln(nd T / alpha) = 4^{3/4} sqrt(3) ln(2000) at k = 1
        MaLdpLearner bounded = build("ma-ldp(privatizer=ma-ldp(mechanism=bounded-laplace, epsilon=1), "
                + "noise-std=3)");
        assertEquals(3.0, bounded.config().noiseStd(), 0.0);
        double beta = Math.pow(4, 0.75) * Math.sqrt(3) * Math.log(2000);
        assertEquals(beta, bounded.config().bonus().beta(1, 3), 1e-9 * beta);
        MaLdpLearner shifted = build("ma-ldp(privatizer=laplace(epsilon=1, sensitivity=125), psd=analysis-shift, "
                + "noise-std=2)");
        assertEquals(2.0, shifted.config().noiseStd(), 0.0);
        // no noise: Gamma = 0 is the analysis' own value, nothing to refuse
        assertEquals(0.0, build("ma-ldp(psd=analysis-shift)").config().noiseStd(), 0.0);
        assertEquals(0.0, build("ma-ldp(privatizer=non-private, psd=analysis-shift)").config().noiseStd(), 0.0);
    }
}
