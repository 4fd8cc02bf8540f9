package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Exact values of the noise calibrations (DP-Nash-VI, Sections 5.1-5.2), the explicit width E, iota
 * (Appendix B.1) and the input validation (on the privatizer plugins and the learner).
 */
class CalibrationAndConfigTest {

    /** H = 2, K = 10^4, epsilon = 1: b_C = 112 / 706.25 / 53.15, b_L = 8 / 4 / 4 and the guaranteed epsilons. */
    @Test
    void calibrationScales() {
        double log2K = Math.log(10_000) / Math.log(2);
        assertEquals(112.0, NoiseCalibration.RIGOROUS.centralScale(2, 10_000, 1.0), 1e-12);
        assertEquals(4.0 * log2K * log2K, NoiseCalibration.PAPER_A.centralScale(2, 10_000, 1.0), 1e-9);
        assertEquals(706.25, NoiseCalibration.PAPER_A.centralScale(2, 10_000, 1.0), 0.01);
        assertEquals(53.15, NoiseCalibration.PAPER_B.centralScale(2, 10_000, 1.0), 0.01);
        assertEquals(8.0, NoiseCalibration.RIGOROUS.localScale(2, 1.0), 0.0);
        assertEquals(4.0, NoiseCalibration.PAPER_A.localScale(2, 1.0), 0.0);
        assertEquals(4.0, NoiseCalibration.PAPER_B.localScale(2, 1.0), 0.0);
        assertEquals(1.0, NoiseCalibration.RIGOROUS.centralGuarantee(2, 10_000, 1.0), 1e-12);
        assertEquals(2 * 14 / (log2K * log2K), NoiseCalibration.PAPER_A.centralGuarantee(2, 10_000, 1.0), 1e-12);
        assertEquals(0.159, NoiseCalibration.PAPER_A.centralGuarantee(2, 10_000, 1.0), 1e-3);
        assertEquals(2.107, NoiseCalibration.PAPER_B.centralGuarantee(2, 10_000, 1.0), 1e-3);
        assertEquals(1.0, NoiseCalibration.RIGOROUS.localGuarantee(2, 1.0), 1e-12);
        assertEquals(2.0, NoiseCalibration.PAPER_A.localGuarantee(2, 1.0), 1e-12);
        // every scale is exactly proportional to 1/epsilon
        assertEquals(112.0 / 4, NoiseCalibration.RIGOROUS.centralScale(2, 10_000, 4.0), 1e-12);
    }

    /** (H,S,A,B,K,beta,epsilon) = (2,2,2,2,600,0.1,1): n_str = 48, L = 10, ln(2/delta0) = 14.3625, E values. */
    @Test
    void confidenceWidthReferenceValues() {
        CountShape shape = new CountShape(2, 2, 2, 2);
        assertEquals(48, shape.streamCount());
        assertEquals(14.3625, ConfidenceWidth.logTerm(shape, 600, 0.1), 1e-4);
        assertEquals(12999.4286,
                new CentralCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS).confidenceWidth(shape, 600, 0.1), 1e-3);
        assertEquals(8395.0450,
                new LocalCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS).confidenceWidth(shape, 600, 0.1), 1e-3);
        assertEquals(6499.7143,
                new CentralCountsPrivatizer(2.0, 2, NoiseCalibration.RIGOROUS).confidenceWidth(shape, 600, 0.1), 1e-3);
        assertEquals(4197.5225,
                new LocalCountsPrivatizer(2.0, 2, NoiseCalibration.RIGOROUS).confidenceWidth(shape, 600, 0.1), 1e-3);
        assertEquals(55358.8,
                new CentralCountsPrivatizer(1.0, 2, NoiseCalibration.PAPER_A).confidenceWidth(shape, 600, 0.1), 0.1);
        assertEquals(5998.5,
                new CentralCountsPrivatizer(1.0, 2, NoiseCalibration.PAPER_B).confidenceWidth(shape, 600, 0.1), 0.1);
        assertEquals(0.0, new NonPrivateCountsPrivatizer(2).confidenceWidth(shape, 600, 0.1));
        assertEquals(21764.2,
                new CentralCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS).confidenceWidth(shape, 10_000, 0.1),
                0.1);
        assertEquals(37508.8,
                new LocalCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS).confidenceWidth(shape, 10_000, 0.1), 0.1);
        DpNashViConfig config = DpNashViConfig.practical(600, 0.1, 0.1, 0.001, Truncation.H);
        assertEquals(12.9994286, config.width(new CentralCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS), shape),
                1e-6);
    }

    /** iota for (H,S,A,B,K,beta) = (2,2,2,2,100,0.1) is ln(480000) = 13.081541382884. */
    @Test
    void iotaValue() {
        DpNashViConfig config = DpNashViConfig.theory(100, 0.1);
        assertEquals(13.081541382884, config.iota(new CountShape(2, 2, 2, 2)), 1e-11);
        assertEquals(2.0, config.c1());
        assertEquals(10.0, config.c2());
    }

    /** Bad input: sizes below 1, epsilon not positive, beta outside (0,1) give a message naming the parameter. */
    @Test
    void badInputIsRejectedWithClearMessages() {
        assertMessage("S must be in [1, inf), got 0", () -> new CountShape(2, 0, 2, 2));
        assertMessage("A must be in [1, inf), got 0", () -> new CountShape(2, 2, 0, 2));
        assertMessage("B must be in [1, inf), got -1", () -> new CountShape(2, 2, 2, -1));
        assertMessage("H must be in [1, inf), got 0", () -> new CountShape(0, 2, 2, 2));
        assertMessage("epsilon must be in (0, inf), got 0.0",
                () -> new CentralCountsPrivatizer(0.0, 2, NoiseCalibration.RIGOROUS));
        assertMessage("epsilon must be in (0, inf), got -1.0",
                () -> new LocalCountsPrivatizer(-1.0, 2, NoiseCalibration.RIGOROUS));
        assertMessage("epsilon must be in (0, inf), got NaN",
                () -> new LocalCountsPrivatizer(Double.NaN, 2, NoiseCalibration.RIGOROUS));
        assertMessage("epsilon must be in (0, inf), got Infinity",
                () -> new CentralCountsPrivatizer(Double.POSITIVE_INFINITY, 2, NoiseCalibration.RIGOROUS));
        assertMessage("beta must be in (0, 1), got 0.0", () -> DpNashViConfig.theory(10, 0.0));
        assertMessage("beta must be in (0, 1), got 1.0", () -> DpNashViConfig.theory(10, 1.0));
        assertMessage("K must be in [1, inf), got 0", () -> DpNashViConfig.theory(0, 0.5));
        // the plugin rejects the same through the registry
        Registry registry = Registry.discover();
        Environment env = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "random-zero-sum(S=2, A=2, B=2, H=2)");
        PluginContext context = PluginContext.standalone(registry).withEnvironment(env)
                .withSchedule(io.dpmarl.core.pipeline.Schedule.episodes(5));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "dp-nash-vi(privatizer=nashvi-central-counts(epsilon=0))", context));
        assertEquals(true, error.getMessage().contains("epsilon"), error.getMessage());
        error = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "dp-nash-vi(beta=1)", context));
        assertEquals(true, error.getMessage().contains("beta"), error.getMessage());
        assertInstanceOf(DpNashViLearner.class, registry.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi(privatizer=nashvi-local-counts(epsilon=2))", context));
        // K comes from the schedule only
        error = assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi", PluginContext.standalone(registry).withEnvironment(env)));
        assertEquals(true, error.getMessage().contains("schedule"), error.getMessage());
        // the privatizer's horizon must be the environment's H
        error = assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi(privatizer=nashvi-local-counts(epsilon=2, horizon=3))", context));
        assertEquals(true, error.getMessage().contains("horizon"), error.getMessage());
        // a privatizer that is not a count privatizer is refused
        error = assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi(privatizer=laplace(epsilon=1))", context));
        assertEquals(true, error.getMessage().contains("nashvi-central-counts"), error.getMessage());
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable executable) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, executable).getMessage());
    }
}
