package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The categorical privatizers declare a Hamming sensitivity (how many coordinates may differ, by any amount), and
 * every numeric calibration refuses one: a Hamming k bounds no L1, L2 or L-infinity distance (a symbol's state index
 * can move by up to the number of states - 1), so noise calibrated to it as a numeric bound would be too small.
 */
class HammingSensitivityTest {
    private static final String REASON = ": the sensitivity norm must be one of L1, L2, LINF to calibrate numeric"
            + " noise, got HAMMING (a Hamming sensitivity counts the coordinates that may differ, whatever their"
            + " values: no noise scale can be calibrated to it)";
    private static final Registry REGISTRY = Registry.discover();

    @Test
    void theCategoricalPrivatizersDeclareHamming() {
        // Word DP with Hamming-3 adjacency ("Differential Privacy in Cooperative Multiagent Planning"): k = 3 symbols.
        Privatizer trajectory = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class,
                "symbolic-trajectory(epsilon=3, k=3, successors=0>0 1|1>0 1)");
        assertEquals(Sensitivity.hamming(3), trajectory.sensitivity());
        assertEquals(new Sensitivity(Sensitivity.Norm.HAMMING, 3), trajectory.sensitivity());
        // Randomized response: its one category changes.
        Privatizer response = REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class,
                "randomized-response(epsilon=1, k=4)");
        assertEquals(new Sensitivity(Sensitivity.Norm.HAMMING, 1), response.sensitivity());
    }

    @Test
    void theFloatSafeRoundingRefusesHamming() {
        assertEquals("float-safe sensitivity" + REASON, assertThrows(IllegalArgumentException.class,
                () -> FloatSafeSensitivity.excess(Sensitivity.Norm.HAMMING, 1, 1.0)).getMessage());
        assertEquals("float-safe sensitivity" + REASON, assertThrows(IllegalArgumentException.class,
                () -> FloatSafeSensitivity.effective(Sensitivity.Norm.HAMMING, 1, 1, 1.0)).getMessage());
        assertEquals("float-safe sensitivity" + REASON, assertThrows(IllegalArgumentException.class,
                () -> FloatSafeSensitivity.calibrate(Sensitivity.Norm.HAMMING, 1, 1, sensitivity -> 1.0))
                .getMessage());
        // L-infinity keeps its excess r (one coordinate moves by at most r / 2 on each side): 0.25 on the grid 0.25.
        assertEquals(Math.nextUp(0.25), FloatSafeSensitivity.excess(Sensitivity.Norm.LINF, 7, 0.25));
    }

    @Test
    void scaleLimitsRefuseHammingNamingThePlugin() {
        assertEquals("laplace" + REASON, assertThrows(IllegalArgumentException.class,
                () -> ScaleLimits.calibrate("laplace", Sensitivity.Norm.HAMMING, 1, 1, sensitivity -> 1.0, "b",
                        "any", "sensitivity=1")).getMessage());
    }

    @Test
    void anAdditivePrivatizerRefusesAHammingSensitivityNamingItself() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new AdditiveNoisePrivatizer("my-laplace", NoiseDistribution.laplace(1),
                        new PrivacyGuarantee.PureDp(1), Optional.empty(), new PrivacyEvent.LaplaceEvent(1, 1),
                        Sensitivity.hamming(1), Neighbouring.USER, 1));
        assertEquals("my-laplace" + REASON, refused.getMessage());
    }
}
