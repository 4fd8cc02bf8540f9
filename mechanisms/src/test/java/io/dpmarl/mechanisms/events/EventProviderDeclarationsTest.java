package io.dpmarl.mechanisms.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.accounting.Calibration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What each event plugin declares for {@code dpmarl list} and for calibration: its kind, a description naming
 * its parameters, and for calibratable events the parameter calibration solves for and its direction (a noise
 * scale is more private when larger, a privacy loss when smaller).
 */
class EventProviderDeclarationsTest {

    @Test
    void calibratableEventsNameTheirNoiseParameterAndDirection() {
        Map<CalibratableEvent, Object[]> expected = Map.of(
                new LaplaceEventProvider(), new Object[] {"b", Calibration.Direction.NOISE_SCALE},
                new GaussianEventProvider(), new Object[] {"sigma", Calibration.Direction.NOISE_SCALE},
                new SubsampledGaussianEventProvider(), new Object[] {"sigma", Calibration.Direction.NOISE_SCALE},
                new PureEventProvider(), new Object[] {"epsilon", Calibration.Direction.PRIVACY_LOSS},
                new RandomizedResponseEventProvider(), new Object[] {"epsilon", Calibration.Direction.PRIVACY_LOSS},
                new ZcdpEventProvider(), new Object[] {"rho", Calibration.Direction.PRIVACY_LOSS});
        expected.forEach((event, pair) -> {
            assertEquals(pair[0], event.noiseParameter(), event.getClass().getSimpleName());
            assertEquals(pair[1], event.direction(), event.getClass().getSimpleName());
        });
    }

    @Test
    void everyEventPluginIsOfKindEventAndDescribesItself() {
        Map<PluginProvider<?>, String> expected = Map.of(
                new LaplaceEventProvider(), "Laplace noise of scale b",
                new GaussianEventProvider(), "Gaussian noise of standard deviation sigma",
                new SubsampledGaussianEventProvider(), "Poisson-subsampled Gaussian",
                new PureEventProvider(), "pure epsilon-DP",
                new ApproxEventProvider(), "(epsilon, delta)-DP",
                new RandomizedResponseEventProvider(), "k-ary randomized response",
                new ZcdpEventProvider(), "rho-zCDP",
                new NonPrivateEventProvider(), "without privacy");
        expected.forEach((provider, fragment) -> {
            assertEquals(PluginKind.EVENT, provider.kind(), provider.name());
            assertTrue(provider.description().contains(fragment), provider.name() + ": " + provider.description());
        });
    }
}
