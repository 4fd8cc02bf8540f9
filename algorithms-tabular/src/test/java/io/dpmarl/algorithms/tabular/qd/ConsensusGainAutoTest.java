package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.Laplacian;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.environments.cbmp.CbmpEnvironment;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code gain-b=auto}: the consensus gain constant {@code b = 0.9 / lambda_max(L)} of the first graph. */
class ConsensusGainAutoTest {

    private static Params params(String gainB) {
        return ParamSpec.of(QdLearnerParams.common().toArray(Param[]::new)).resolve("dp-qd-learning",
                Map.of("gain-b", gainB));
    }

    @Test
    void autoGainFromTheSpectrum() {
        // Path of 3: L has eigenvalues 0, 1, 3, so b = 0.9 / 3 = 0.3. K_5: lambda_max = N = 5, so b = 0.18.
        assertEquals(0.3, GainSchedule.autoConsensusGain(CommunicationGraph.path(3)), 1e-12);
        assertEquals(0.18, GainSchedule.autoConsensusGain(CommunicationGraph.complete(5)), 1e-12);
    }

    @Test
    void autoOnTheEnvironmentsGraphGivesProductPointNine() {
        CbmpEnvironment environment = QdHarness.cbmp(11);
        CommunicationGraph graph = environment.communicationGraphs().graphAt(0, 0);
        GainSchedule gains = QdLearnerParams.gains(params("auto"), environment, "dp-qd-learning");
        // beta(0) = b, and b * lambda_max(L) = 0.9 (exact spectrum at N = 20).
        assertEquals(0.9, gains.consensus(0) * Laplacian.spectrum(graph).largest(), 1e-9);
        assertEquals(1.0, gains.innovation(0), 0.0);
        // A number is taken as given.
        assertEquals(0.05, QdLearnerParams.gains(params("0.05"), environment, "dp-qd-learning").gainB(), 0.0);
    }

    @Test
    void aGainThatIsNeitherPositiveNorAutoIsRefused() {
        CbmpEnvironment environment = QdHarness.cbmp(11);
        for (String bad : new String[] {"0", "-1", "automatic", "Infinity"}) {
            assertEquals("dp-qd-learning: parameter 'gain-b' must be in (0, inf) or auto, got " + bad,
                    assertThrows(IllegalArgumentException.class,
                            () -> QdLearnerParams.gains(params(bad), environment, "dp-qd-learning")).getMessage());
        }
    }
}
