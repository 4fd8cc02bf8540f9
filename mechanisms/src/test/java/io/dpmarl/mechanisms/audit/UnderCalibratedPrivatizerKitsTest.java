package io.dpmarl.mechanisms.audit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Red-team check of the plugin authors' kits against an under-calibrated privatizer: it declares sensitivity 2 and
 * charges {@code LaplaceEvent(b = 2, sensitivity = 2)} (epsilon 1), but draws Laplace noise of scale 1, the scale
 * for sensitivity 1, while neighbouring inputs move by 2. Its true loss is 2.
 *
 * <ul>
 *   <li>The conformance kit checks declarations and the release contract only (its Javadoc: "No check is
 *       statistical"): guarantee, event and sensitivity agree with each other, so it passes. It cannot see the
 *       scale actually drawn.</li>
 *   <li>The empirical audit on inputs 0 and 2 refutes epsilon = 1: with b = 1, P(y >= 1) is
 *       {@code e^-1 / 2 = 0.184} at 0 and {@code 1 - e^-1 / 2 = 0.816} at 2, a ratio of 4.44 (log 1.49 > 1); the
 *       Clopper-Pearson bounds at alpha 1e-6 over 20,000 trials are within about 0.02 of each probability, so the
 *       lower bound on the ratio stays above 3.5 > e. The same audit of the honest privatizer (b = 2: 0.303 and
 *       0.697, ratio 2.30 < e) is consistent with epsilon = 1. False-rejection rate of the honest check at most
 *       2e-6 (two one-sided bounds at alpha 1e-6).</li>
 *   <li>The sensitivity audit refutes the other form of the mistake (noise honest for sensitivity 1, statistic
 *       moving by 2): a sum of values clipped to [0, 2] declared at sensitivity 1 has observed ratio 2.</li>
 * </ul>
 * The kits therefore catch this privatizer only if its author runs the empirical audit (or the sensitivity audit)
 * on neighbours that move by the true amount; the report lists the conformance kit's blind spot.
 */
class UnderCalibratedPrivatizerKitsTest {
    private static final double ALPHA = 1e-6;

    /** Declares epsilon 1 at sensitivity 2 (b = 2) and draws Laplace noise of {@code drawnScale}. */
    private static Privatizer laplaceDrawing(double drawnScale) {
        return new AbstractPrivatizer() {
            @Override
            public String name() {
                return "under-calibrated-test";
            }

            @Override
            public PrivacyGuarantee guarantee() {
                return new PrivacyGuarantee.PureDp(1.0);
            }

            @Override
            public Neighbouring neighbouring() {
                return Neighbouring.RECORD;
            }

            @Override
            public Sensitivity sensitivity() {
                return Sensitivity.l1(2.0);
            }

            @Override
            public Set<Class<? extends Statistic>> accepts() {
                return Set.of(Statistic.Scalar.class);
            }

            @Override
            public PrivacyEvent event() {
                return new PrivacyEvent.LaplaceEvent(2.0, 2.0);
            }

            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                double value = ((Statistic.Scalar) input).value();
                return new Statistic.Scalar(Samplers.roundToGrid(value, Samplers.laplaceGranularity(drawnScale))
                        + Samplers.laplace(noise, drawnScale));
            }
        };
    }

    @Test
    void theConformanceKitChecksDeclarationsOnlyAndPassesIt() {
        assertDoesNotThrow(() -> PrivatizerConformance.check(laplaceDrawing(1.0)));
    }

    @Test
    void theEmpiricalAuditRefutesItsEpsilonAndAcceptsTheHonestScale() {
        Privatizer under = laplaceDrawing(1.0);
        EpsilonLowerBoundAudit.Result refuted = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(under, 2),
                RealMechanism.scalar(under, 0), y -> y >= 1, 0, 20_000, ALPHA, NoiseSource.seeded(31));
        assertFalse(refuted.consistentWith(1.0), refuted.toString());
        Privatizer honest = laplaceDrawing(2.0);
        EpsilonLowerBoundAudit.Result consistent = EpsilonLowerBoundAudit.audit(RealMechanism.scalar(honest, 2),
                RealMechanism.scalar(honest, 0), y -> y >= 1, 0, 20_000, ALPHA, NoiseSource.seeded(32));
        assertTrue(consistent.consistentWith(1.0), consistent.toString());
    }

    @Test
    void theSensitivityAuditRefutesAStatisticThatMovesTwiceTheDeclaredBound() {
        List<double[]> instances = List.of(new double[] {0, 1, 2}, new double[] {2, 2, 2}, new double[] {0, 0, 0});
        SensitivityAudit.Report<double[]> report = SensitivityAudit.of("sum clipped to [0, 2]", 1.0,
                SensitivityAudit.Norm.L1).check(instances, data -> {
                    List<SensitivityAudit.Pair<double[]>> pairs = new ArrayList<>();
                    for (double replacement : new double[] {0, 2}) {
                        double[] neighbour = data.clone();
                        neighbour[0] = replacement;
                        pairs.add(new SensitivityAudit.Pair<>(data, neighbour, "record 0 set to " + replacement));
                    }
                    return pairs;
                }, data -> {
                    double sum = 0;
                    for (double value : data) {
                        sum += Math.min(2, Math.max(0, value));
                    }
                    return new double[] {sum};
                });
        report.assertRefuted();
        assertTrue(report.ratio() == 2.0, report.toString());
    }
}
