package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * With {@code clip}, a release whose {@code ||f|| > H} is sent as the pair {@code (s f, s V)}, V first clipped to
 * {@code [0, H]}, {@code s = H/||f||}: it stays on the regression line {@code V = <theta, f>}, so the server's ridge
 * estimate is not biased, and it keeps the declared sensitivity ({@code ||s f|| <= H}, {@code 0 <= s V <= H}). The
 * earlier form rescaled f alone, which moves the sample off the line. Noise-free (no privatizers), every expected
 * value derived in the comments.
 */
class MaLdpPairRescalingTest {
    private static final int H = 2;

    private static MaLdpReleases clipping() {
        return new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(1), PrivacyLedger.unaccounted(),
                H, true);
    }

    /**
     * H = 2, f = (3, 4): ||f|| = 5, s = 2/5. V = 2.5 is clipped to 2, then rescaled: s V = 0.8. The pair is
     * s f = (1.2, 1.6), so the Gram release is {@code (1.44, 1.92; 1.92, 2.56)} and the moment
     * {@code s f s V = (0.96, 1.28)}: norm of s f is 2 = H and 0 <= 0.8 <= H.
     */
    @Test
    void oneSampleAboveTheBoundIsReleasedAsTheRescaledPair() {
        MaLdpReleases releases = clipping();
        List<Statistic> inputs = new ArrayList<>();
        releases.observeInputs(inputs::add);
        MaLdpServer server = new MaLdpServer(1, 1, 2, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        double[] f = {3, 4};
        releases.upload(0, 0, 0, f, 2.5, server);
        assertEquals(1, releases.violations());
        assertArrayEquals(new double[] {1.2, 1.6}, f, 1e-15, "f rescaled in place by s = 2/5");
        assertArrayEquals(new double[] {1.44, 1.92, 1.92, 2.56},
                ((Statistic.SymmetricMatrix) inputs.get(0)).values(), 1e-15);
        assertArrayEquals(new double[] {0.96, 1.28}, ((Statistic.Vector) inputs.get(1)).values(), 1e-15,
                "the moment is s f times s min(H, V) = (1.2, 1.6) 0.8, not (1.2, 1.6) 2 = (2.4, 3.2)");
        assertArrayEquals(new double[] {0.96, 1.28}, server.target(0, 0), 1e-15);
    }

    /**
     * Within the norm bound s = 1: only the target is clipped. f = (1, 0), V = -1 gives moment (0, 0); f = (0, 1),
     * V = 3 gives (0, 2). Above the norm bound with a negative target, f = (0, 4), V = -3: V clipped to 0, s = 1/2,
     * moment 0 whatever s. The server's target sum is (0, 2).
     */
    @Test
    void targetsOutsideTheRangeAreClippedBeforeTheRescaling() {
        MaLdpReleases releases = clipping();
        MaLdpServer server = new MaLdpServer(1, 1, 2, 1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        releases.upload(0, 0, 0, new double[] {1, 0}, -1.0, server);
        releases.upload(1, 0, 0, new double[] {0, 1}, 3.0, server);
        releases.upload(2, 0, 0, new double[] {0, 4}, -3.0, server);
        assertEquals(3, releases.violations());
        assertArrayEquals(new double[] {0, 2}, server.target(0, 0), 0.0);
        // Gram sum: (1, 0)(1, 0)^T + (0, 1)(0, 1)^T + (0, 2)(0, 2)^T = diag(1, 5)
        assertArrayEquals(new double[] {1, 0, 0, 5}, server.gram(0, 0), 0.0);
    }

    /**
     * A noise-free server fed samples exactly on theta = (0.5, 0.25), H = 2:
     * f1 = (1, 0), V = 0.5; f2 = (0, 1), V = 0.25 (within the bound); f3 = (4, 0), V = 2 (||f3|| = 4, s = 1/2);
     * f4 = (0, 3), V = 0.75 (||f4|| = 3, s = 2/3). Released Gram sum: diag(1 + 4, 1 + 4) = diag(5, 5) (s f3 = (2, 0),
     * s f4 = (0, 2)). Rescaled pairs: moment sum (0.5 + 2 * 1, 0.25 + 2 * 0.5) = (2.5, 1.25), theta-hat =
     * (0.5, 0.25) = theta (up to the ridge and shift, 1e-12 each: relative error 4e-13). The earlier form (f rescaled,
     * V not): moment sum (0.5 + 2 * 2, 0.25 + 2 * 0.75) = (4.5, 1.75), theta-hat = (0.9, 0.35), biased.
     */
    @Test
    void aNoiseFreeServerRecoversThetaFromRescaledPairsAndNotFromRescaledFeaturesAlone() {
        double tiny = 1e-12;
        double[][] features = {{1, 0}, {0, 1}, {4, 0}, {0, 3}};
        double[] theta = {0.5, 0.25};
        MaLdpReleases releases = clipping();
        MaLdpServer server = new MaLdpServer(1, 1, 2, tiny, tiny, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        for (int k = 0; k < features.length; k++) {
            double[] f = features[k].clone();
            double target = theta[0] * f[0] + theta[1] * f[1];
            releases.upload(k, 0, 0, f, target, server);
        }
        assertEquals(2, releases.violations(), "f3 and f4 break ||f|| <= 2");
        server.update();
        assertArrayEquals(new double[] {2.5, 1.25}, server.target(0, 0), 1e-15);
        assertArrayEquals(theta, server.theta(0, 0), 1e-9);

        // The earlier form, written out: s f with the target only clipped (2 and 0.75 are within [0, 2]).
        MaLdpServer biased = new MaLdpServer(1, 1, 2, tiny, tiny, PsdStrategy.CONSTANT_ETA, 0, 0.1);
        double[][] scaled = {{1, 0}, {0, 1}, {2, 0}, {0, 2}};
        double[] targets = {0.5, 0.25, 2.0, 0.75};
        for (int k = 0; k < scaled.length; k++) {
            double[] f = scaled[k];
            biased.receive(0, 0, new Statistic.SymmetricMatrix(2, new double[] {f[0] * f[0], f[0] * f[1],
                    f[1] * f[0], f[1] * f[1]}), new Statistic.Vector(new double[] {f[0] * targets[k],
                    f[1] * targets[k]}));
        }
        biased.update();
        assertArrayEquals(new double[] {0.9, 0.35}, biased.theta(0, 0), 1e-9);
    }
}
