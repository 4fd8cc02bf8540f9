package io.dpmarl.examples.reproduce.dpqd;

import static io.dpmarl.examples.reproduce.ClaimRows.status;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The dp-qd rows that may be DIFFERS (C4 normality and centring, T4) are DIFFERS only when QD-learning on the same
 * seeds shows the reason (the finite-T Q-learning error, present without noise); when QD-learning does not, the
 * noise caused the miss and the row FAILS. Final errors over 600 runs are set by hand (nothing is sampled):
 * <ul>
 *   <li>centred: 400 runs at 0, 100 at +1, 100 at -1: mean 0, skewness 0, m2 = m4 = 1/3 so excess kurtosis
 *       (1/3) / (1/9) - 3 = 0; sample sd sqrt(200 / 599) = 0.578;</li>
 *   <li>skewed: 500 runs at 0, 100 at 6: mean 1, m2 = (500 + 100 * 25) / 600 = 5, m3 = (-500 + 100 * 125) / 600 = 20,
 *       skewness 20 / 5^1.5 = 1.79 (above 0.5), sample sd sqrt(3000 / 599) = 2.24, centred (1 &lt; 4.48);</li>
 *   <li>shifted: centred + 5: mean 5 against 2 sd = 1.16, off-centre; |e| &gt;= 4 exceeds every Chebyshev radius
 *       0.578 sqrt(2 / p) (3.65 at p = 0.05), so no run is within it.</li>
 * </ul>
 */
class DpQdClaimsEvidenceTest {
    private static final String[] PAIRS = {"s0_a0", "s0_a1", "s1_a0", "s1_a1"};

    private static List<Double> centred() {
        List<Double> errors = new ArrayList<>();
        for (int run = 0; run < 600; run++) {
            errors.add(run < 400 ? 0.0 : run < 500 ? 1.0 : -1.0);
        }
        return errors;
    }

    private static List<Double> skewed() {
        List<Double> errors = new ArrayList<>();
        for (int run = 0; run < 600; run++) {
            errors.add(run < 500 ? 0.0 : 6.0);
        }
        return errors;
    }

    /** A run of 600 trials whose final {@code qbar_error} on every pair is {@code errors} moved by {@code shift}. */
    private static QdRuns runs(List<Double> errors, DoubleUnaryOperator shift) {
        List<MetricRecord> records = new ArrayList<>();
        for (int run = 0; run < errors.size(); run++) {
            for (String pair : PAIRS) {
                records.add(new MetricRecord("histogram", run, run, 1, "qbar_error_" + pair,
                        shift.applyAsDouble(errors.get(run))));
            }
        }
        return QdRuns.of(records);
    }

    @Test
    void theHandSetShapesAreWhatTheCommentsDerive() {
        assertEquals(0, QdRuns.skewness(centred()), 1e-12);
        assertEquals(0, QdRuns.excessKurtosis(centred()), 1e-12);
        assertEquals(20 / Math.pow(5, 1.5), QdRuns.skewness(skewed()), 1e-12);
        assertEquals(1.0, DpQdTheoremClaims.share(centred(), 0.05));
        assertEquals(0.0, DpQdTheoremClaims.share(runs(centred(), e -> e + 5).last("qbar_error_s0_a0").values()
                .stream().toList(), 0.05));
    }

    @Test
    void normalCentredErrorsPass() {
        List<Claim> claims = new ArrayList<>(DpQdClaims.histogram(runs(centred(), e -> e),
                Optional.of(runs(centred(), e -> e))));
        claims.addAll(DpQdTheoremClaims.accuracy(runs(centred(), e -> e), Optional.of(runs(centred(), e -> e))));
        assertEquals(ClaimStatus.PASS, status(claims, "C4 the error of Qbar"));
        assertEquals(ClaimStatus.PASS, status(claims, "C4 the error histogram is centred"));
        assertEquals(ClaimStatus.PASS, status(claims, "T4"));
    }

    @Test
    void askewSharedWithQdLearningDiffersAndAskewOfTheNoiseFails() {
        // shared: QD-learning without noise is as skewed (finite-T Q-learning): DIFFERS
        assertEquals(ClaimStatus.DIFFERS, status(DpQdClaims.histogram(runs(skewed(), e -> e),
                Optional.of(runs(skewed(), e -> e))), "C4 the error of Qbar"));
        // Wrong mechanism: one-sided noise (the sign of the Laplace draw dropped) skews DP-QD's error while
        // QD-learning's is normal: FAIL; without QD-learning's run the skew cannot be attributed: FAIL
        assertEquals(ClaimStatus.FAIL, status(DpQdClaims.histogram(runs(skewed(), e -> e),
                Optional.of(runs(centred(), e -> e))), "C4 the error of Qbar"));
        assertEquals(ClaimStatus.FAIL, status(DpQdClaims.histogram(runs(skewed(), e -> e), Optional.empty()),
                "C4 the error of Qbar"));
    }

    @Test
    void aBiasSharedWithQdLearningDiffersAndABiasOfTheNoiseFails() {
        QdRuns shifted = runs(centred(), e -> e + 5);
        // shared: QD-learning on the same seeds carries the same finite-T bias: DIFFERS (C4 centring and T4)
        List<Claim> shared = new ArrayList<>(DpQdClaims.histogram(shifted, Optional.of(shifted)));
        shared.addAll(DpQdTheoremClaims.accuracy(shifted, Optional.of(shifted)));
        assertEquals(ClaimStatus.DIFFERS, status(shared, "C4 the error histogram is centred"));
        assertEquals(ClaimStatus.DIFFERS, status(shared, "T4"));
        // Wrong mechanism: noise with mean 5 (a Laplace location left at the scale) biases DP-QD's Qbar while
        // QD-learning's error is centred: FAIL
        QdRuns clear = runs(centred(), e -> e);
        List<Claim> noise = new ArrayList<>(DpQdClaims.histogram(shifted, Optional.of(clear)));
        noise.addAll(DpQdTheoremClaims.accuracy(shifted, Optional.of(clear)));
        assertEquals(ClaimStatus.FAIL, status(noise, "C4 the error histogram is centred"));
        assertEquals(ClaimStatus.FAIL, status(noise, "T4"));
    }
}
