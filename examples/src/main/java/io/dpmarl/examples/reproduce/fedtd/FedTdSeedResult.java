package io.dpmarl.examples.reproduce.fedtd;

import io.dpmarl.core.experiment.MetricRecord;
import java.util.List;
import java.util.Map;

/**
 * What one seed of the reproduction measured.
 *
 * @param seed           the seed's root seed
 * @param fixedPointJ    Jbar* of the seed's environment
 * @param windowMeans    per non-private schedule label: mean of Jbar_u over u in [0.9 t, t] at t = 1000, 4000, 10000
 * @param theoremErrors  sum_i c^i ||theta_t^i - theta*||^2 of the (t+1)^-0.65 run at t = 10^3, 10^4, 10^5 (or the
 *                       theorem horizon)
 * @param deviations     Dev per "calibration/schedule/epsilon" key: mean over t of |Jbar^DP_t - Jbar_t|
 * @param records        the metric rows of this seed, in a fixed order
 */
public record FedTdSeedResult(long seed, double fixedPointJ, Map<String, double[]> windowMeans,
                              double[] theoremErrors, Map<String, Double> deviations, List<MetricRecord> records) {

    /** relErr(t) = |window mean - Jbar*| / |Jbar*| at checkpoint index 0, 1, 2 (t = 1000, 4000, 10000). */
    public double relativeError(String label, int checkpoint) {
        return Math.abs(windowMeans.get(label)[checkpoint] - fixedPointJ) / Math.abs(fixedPointJ);
    }
}
