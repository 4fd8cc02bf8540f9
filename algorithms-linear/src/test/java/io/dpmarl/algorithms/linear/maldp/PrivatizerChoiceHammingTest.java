package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A categorical privatizer declares a Hamming sensitivity (how many categories or symbols may change, by any
 * amount), which bounds no numeric distance between the clipped statistics of MA-LDP. {@link PrivatizerChoice}
 * used to read every norm but L1 as L2: {@code symbolic-trajectory(k = 20)} then declared "L-infinity 20", at least
 * the needed {@code 2 H^2 = 8} (and even the L1 bound {@code (d + 1) H^2 = 16}) for H = 2, d = 3, and was accepted
 * as if its noise covered the statistics. It is now refused when the learner's privatizers are resolved.
 */
class PrivatizerChoiceHammingTest {
    private static final int HORIZON = 2;
    private static final int DIMENSION = 3;
    private static final String REASON = ": the sensitivity norm must be one of L1, L2, LINF to calibrate numeric"
            + " noise, got HAMMING (a Hamming sensitivity counts the coordinates that may differ, whatever their"
            + " values: no noise scale can be calibrated to it)";

    private static PluginContext context() {
        return new PluginContext(io.dpmarl.core.rng.RandomStreams.of(5), ScriptedNoiseSource.of(),
                PrivacyLedger.unaccounted(), Optional.empty(), MaLdpHarness.REGISTRY,
                io.dpmarl.core.experiment.TrialMetrics.discarding(), Optional.empty());
    }

    private static String refusal(String spec) {
        return assertThrows(IllegalArgumentException.class,
                () -> PrivatizerChoice.of(Optional.of(spec), HORIZON, DIMENSION, context())).getMessage();
    }

    @Test
    void aSymbolicTrajectoryPrivatizerWhoseHammingKExceedsTheNumericBoundIsRefused() {
        // k = 20 >= (d + 1) H^2 = 16 >= 2 H^2 = 8: the value alone would pass under any numeric norm.
        assertEquals("ma-ldp: the privatizer symbolic-trajectory releases the clipped statistics" + REASON,
                refusal("symbolic-trajectory(epsilon=1, k=20, successors=0>0 1|1>0 1)"));
    }

    @Test
    void aRandomizedResponsePrivatizerIsRefusedForItsNormNotItsValue() {
        assertEquals("ma-ldp: the privatizer randomized-response releases the clipped statistics" + REASON,
                refusal("randomized-response(epsilon=1, k=2)"));
    }

    @Test
    void aNumericPrivatizerAtTheBoundIsStillAccepted() {
        // L2 bound 2 H^2 = 8 (MA-LDP Appendix D, as derived in MaLdpPrivatizerBoundTest).
        PrivatizerChoice.of(Optional.of("gaussian(epsilon=0.5, delta=1e-5, sensitivity=8)"), HORIZON, DIMENSION,
                context());
    }
}
