package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.audit.CategoricalMechanism;
import io.dpmarl.mechanisms.audit.EpsilonLowerBoundAudit;
import io.dpmarl.mechanisms.audit.HistogramAudit;
import io.dpmarl.mechanisms.audit.RealMechanism;
import org.junit.jupiter.api.Test;

/**
 * Empirical privacy audits of every built-in privatizer at its claimed guarantee, and validity tests showing the
 * audits reject a mutant whose noise is calibrated for sensitivity S but applied to inputs 1.2 S apart.
 *
 * <p>False-rejection rates: every epsilon-lower-bound audit uses alpha = 1e-6 per side (FRR 2e-6); every
 * histogram audit uses alpha = 1e-6 per direction (FRR 2e-6) with the proven tolerance of {@link HistogramAudit}.
 * Rejection power of the mutant tests is stated on each test (normal approximation).
 */
class PrivatizerAuditTest {
    private static final Registry REGISTRY = Registry.discover();
    private static final double ALPHA = 1e-6;

    private static Privatizer create(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    /**
     * Laplace, epsilon = 1, sensitivity 1, inputs 1 and 0, event {y >= 1}: the true ratio is exactly e on this
     * event, so the audit must not exceed 1. Mutant (inputs 1.2 apart, event {y >= 1.2}): true ratio e^1.2;
     * with n = 20000 the expected bound is about 1.2 - 0.11 = 1.09 with standard deviation 0.025, so the mutant
     * is rejected with probability above 0.999.
     */
    @Test
    void laplaceThresholdAuditPassesAndRejectsTheMutant() {
        Privatizer laplace = create("laplace(epsilon=1, sensitivity=1)");
        EpsilonLowerBoundAudit.Result honest = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(laplace, 1),
                RealMechanism.scalar(laplace, 0), y -> y >= 1, 0, 20_000, ALPHA, NoiseSource.seeded(101));
        assertTrue(honest.consistentWith(1), honest.toString());
        EpsilonLowerBoundAudit.Result mutant = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(laplace, 1.2),
                RealMechanism.scalar(laplace, 0), y -> y >= 1.2, 0, 20_000, ALPHA, NoiseSource.seeded(102));
        assertFalse(mutant.consistentWith(1), mutant.toString());
    }

    /**
     * Laplace histogram audit at (1, 0): K = 36 buckets, n = 10^6, tolerance 0.033. The 1.2x mutant has a
     * bucketed hockey-stick divergence of about 0.07 at epsilon = 1 (mass 0.37 beyond y = 1.5 times
     * 1 - e^-0.2, plus the middle), more than 10 standard deviations (about 0.003) above the tolerance.
     */
    @Test
    void laplaceHistogramAuditPassesAndRejectsTheMutant() {
        Privatizer laplace = create("laplace(epsilon=1, sensitivity=1)");
        HistogramAudit.Result honest = HistogramAudit.audit(RealMechanism.scalar(laplace, 1),
                RealMechanism.scalar(laplace, 0), 1, -8, 9, 0.5, 1_000_000, ALPHA, NoiseSource.seeded(103));
        assertTrue(honest.consistentWith(0), honest.toString());
        HistogramAudit.Result mutant = HistogramAudit.audit(RealMechanism.scalar(laplace, 1.2),
                RealMechanism.scalar(laplace, 0), 1, -8, 9, 0.5, 1_000_000, ALPHA, NoiseSource.seeded(104));
        assertFalse(mutant.consistentWith(0), mutant.toString());
    }

    /**
     * Gaussian, analytic calibration at (0.5, 0.1), sigma about 1.55. The event {y >= 1.6} is near the optimal
     * likelihood-ratio set of the mutant (shift 1.2: privacy loss 0.5 at y = 1.6), where
     * {@code ln((P1 - 0.1)/P2)} is about 0.68 for the mutant but at most 0.5 for the honest shift 1. With n = 10^5
     * the Clopper-Pearson slack is about 0.06, so the mutant bound is about 0.62 with standard deviation 0.013:
     * rejection probability above 0.999. The histogram audit adds a second, independent rejection.
     */
    @Test
    void gaussianAuditsPassAndRejectTheMutant() {
        Privatizer gaussian = create("gaussian(epsilon=0.5, delta=0.1, sensitivity=1, calibration=analytic)");
        EpsilonLowerBoundAudit.Result honest = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(gaussian, 1),
                RealMechanism.scalar(gaussian, 0), y -> y >= 1.6, 0.1, 100_000, ALPHA, NoiseSource.seeded(105));
        assertTrue(honest.consistentWith(0.5), honest.toString());
        EpsilonLowerBoundAudit.Result mutant = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(gaussian, 1.2),
                RealMechanism.scalar(gaussian, 0), y -> y >= 1.6, 0.1, 100_000, ALPHA, NoiseSource.seeded(106));
        assertFalse(mutant.consistentWith(0.5), mutant.toString());

        HistogramAudit.Result histogram = HistogramAudit.audit(RealMechanism.scalar(gaussian, 1),
                RealMechanism.scalar(gaussian, 0), 0.5, -8, 9, 0.25, 1_000_000, ALPHA, NoiseSource.seeded(107));
        assertTrue(histogram.consistentWith(0.1), histogram.toString());
        HistogramAudit.Result histogramMutant = HistogramAudit.audit(RealMechanism.scalar(gaussian, 1.2),
                RealMechanism.scalar(gaussian, 0), 0.5, -8, 9, 0.25, 1_000_000, ALPHA, NoiseSource.seeded(108));
        assertFalse(histogramMutant.consistentWith(0.1), histogramMutant.toString());
    }

    /**
     * Classic Gaussian at its claimed (0.5, 1e-5) and zCDP Gaussian at rho -> (rho + 2 sqrt(rho ln(1/delta)), delta).
     */
    @Test
    void otherGaussiansPassAtTheirClaims() {
        Privatizer classic = create("gaussian(epsilon=0.5, delta=1e-5, sensitivity=1)");
        EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(classic, 1),
                RealMechanism.scalar(classic, 0), y -> y >= 8, 1e-5, 100_000, ALPHA, NoiseSource.seeded(109));
        assertTrue(result.consistentWith(0.5), result.toString());
        Privatizer zcdp = create("gaussian-zcdp(rho=0.5, sensitivity=1)");
        double delta = 1e-3;
        double epsilon = 0.5 + 2 * Math.sqrt(0.5 * Math.log(1 / delta)); // Bun-Steinke Prop. 1.3
        EpsilonLowerBoundAudit.Result zcdpResult = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(zcdp, 1),
                RealMechanism.scalar(zcdp, 0), y -> y >= 2, delta, 100_000, ALPHA, NoiseSource.seeded(110));
        assertTrue(zcdpResult.consistentWith(epsilon), zcdpResult.toString());
    }

    /** Discrete Laplace on counts, integer buckets, and discrete Gaussian via its zCDP conversion. */
    @Test
    void discretePrivatizersPass() {
        Privatizer discrete = create("discrete-laplace(epsilon=1, sensitivity=1)");
        HistogramAudit.Result result = HistogramAudit.audit(RealMechanism.count(discrete, 1),
                RealMechanism.count(discrete, 0), 1, -10, 11, 1, 500_000, ALPHA, NoiseSource.seeded(111));
        assertTrue(result.consistentWith(0), result.toString());
        EpsilonLowerBoundAudit.Result threshold = EpsilonLowerBoundAudit.audit(RealMechanism.count(discrete, 1),
                RealMechanism.count(discrete, 0), y -> y >= 1, 0, 50_000, ALPHA, NoiseSource.seeded(112));
        assertTrue(threshold.consistentWith(1), threshold.toString());

        Privatizer gaussian = create("discrete-gaussian(sigma=2, sensitivity=1)");
        double rho = ((PrivacyGuarantee.Zcdp) gaussian.guarantee()).rho();
        double delta = 1e-3;
        double epsilon = rho + 2 * Math.sqrt(rho * Math.log(1 / delta));
        EpsilonLowerBoundAudit.Result gaussianResult = EpsilonLowerBoundAudit.audit(RealMechanism.count(gaussian, 1),
                RealMechanism.count(gaussian, 0), y -> y >= 3, delta, 100_000, ALPHA, NoiseSource.seeded(113));
        assertTrue(gaussianResult.consistentWith(epsilon), gaussianResult.toString());
    }

    /**
     * Uniform at (0, 0.1) passes; the bounded Laplace passes at its computed (1, 0.0768) but the audit refutes
     * the paper's pure 1-DP claim (non-overlap mass 0.0768 against a tolerance of about 0.03).
     */
    @Test
    void uniformAndBoundedLaplace() {
        Privatizer uniform = create("uniform(a=5, sensitivity=1)");
        HistogramAudit.Result uniformResult = HistogramAudit.audit(RealMechanism.scalar(uniform, 1),
                RealMechanism.scalar(uniform, 0), 0, -6, 7, 0.25, 1_000_000, ALPHA, NoiseSource.seeded(114));
        assertTrue(uniformResult.consistentWith(0.1), uniformResult.toString());
        assertTrue(uniformResult.deltaHat() > 0.08, "the (0, delta) mass is visible: " + uniformResult);

        Privatizer bounded = create("bounded-laplace(epsilon=1, bound=2.5, sensitivity=1)");
        double delta = ((PrivacyGuarantee.ApproxDp) bounded.guarantee()).delta();
        HistogramAudit.Result boundedResult = HistogramAudit.audit(RealMechanism.scalar(bounded, 1),
                RealMechanism.scalar(bounded, 0), 1, -2.5, 3.5, 0.25, 1_000_000, ALPHA, NoiseSource.seeded(115));
        assertTrue(boundedResult.consistentWith(delta), boundedResult.toString());
        assertFalse(boundedResult.consistentWith(0), "the paper's pure claim must be refuted: " + boundedResult);
    }

    /**
     * Randomized response epsilon = 1, k = 3, event "output = 0": ratio exactly e between inputs 0 and 1. Mutant:
     * the claim epsilon = 1 against a mechanism at epsilon = 1.2 (the categorical analogue of 1.2x sensitivity):
     * true log ratio 1.2, n = 50000, expected bound about 1.2 - 0.08, rejected with probability above 0.999.
     */
    @Test
    void randomizedResponsePassesAndRejectsTheMutant() {
        Privatizer response = create("randomized-response(epsilon=1, k=3)");
        EpsilonLowerBoundAudit.Result honest = EpsilonLowerBoundAudit.audit(
                CategoricalMechanism.category(response, 0, 3), CategoricalMechanism.category(response, 1, 3), 0, 0,
                50_000, ALPHA, NoiseSource.seeded(116));
        assertTrue(honest.consistentWith(1), honest.toString());
        Privatizer stronger = new RandomizedResponsePrivatizer(1.2, 3, Neighbouring.RECORD);
        EpsilonLowerBoundAudit.Result mutant = EpsilonLowerBoundAudit.audit(
                CategoricalMechanism.category(stronger, 0, 3), CategoricalMechanism.category(stronger, 1, 3), 0, 0,
                50_000, ALPHA, NoiseSource.seeded(117));
        assertFalse(mutant.consistentWith(1), mutant.toString());
    }

    /** The non-private baseline is refuted: with n = 10^4 the bound is ln(0.9986 / 0.00138), about 6.6 > 5. */
    @Test
    void nonPrivateIsRefuted() {
        Privatizer none = create("non-private");
        EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(none, 1),
                RealMechanism.scalar(none, 0), y -> y >= 1, 0, 10_000, ALPHA, NoiseSource.seeded(118));
        assertFalse(result.consistentWith(5), result.toString());
    }
}
