package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.algorithms.tabular.nashvi.Truncation;

import java.util.ArrayList;
import java.util.List;

/**
 * The measurement protocol of spec 001 Section 5.2 (a proposal: the paper has no experiments), in its quick
 * and full sizes. Practical constants throughout (theory constants keep Qup = H for every feasible K, spec 5.3).
 *
 * @param episodes        K for the random game RZ-tiny (2, 2, 2, 2)
 * @param matrixEpisodes  K for matching pennies and rock-paper-scissors
 * @param seeds           algorithm seeds per configuration (paired across configurations), at least 2
 * @param epsilons        the increasing epsilon grid for central and local; must contain 1
 * @param instanceSeed    the RZ-tiny instance seed
 * @param bonusScale      C1 = C2
 * @param eScale          E multiplier
 * @param truncation      cap of Qup
 * @param beta            failure probability
 */
public record NashViProtocol(int episodes, int matrixEpisodes, int seeds, List<Double> epsilons, long instanceSeed,
                             double bonusScale, double eScale, Truncation truncation, double beta) {
    public NashViProtocol {
        io.dpmarl.core.validation.Checks.atLeast("K", episodes, 10);
        io.dpmarl.core.validation.Checks.atLeast("matrixEpisodes", matrixEpisodes, 10);
        io.dpmarl.core.validation.Checks.atLeast("seeds", seeds, 2);
        epsilons = List.copyOf(epsilons);
        for (int i = 1; i < epsilons.size(); i++) {
            if (!(epsilons.get(i) > epsilons.get(i - 1))) {
                throw new IllegalArgumentException("epsilons must be increasing, got " + epsilons);
            }
        }
        if (!epsilons.contains(1.0)) {
            throw new IllegalArgumentException("epsilons must contain 1 (the A14 check), got " + epsilons);
        }
    }

    /** The quick default: minutes on 2 cores. */
    public static NashViProtocol quick() {
        return new NashViProtocol(20_000, 4_000, 6, List.of(1.0, 10.0), 7, 0.1, 0.001, Truncation.H_MINUS_H_PLUS_1,
                0.1);
    }

    /** The full setting of spec 5.2 (K = 10^5 on RZ-tiny, 10 seeds, six epsilons). */
    public static NashViProtocol full() {
        return new NashViProtocol(100_000, 20_000, 10, List.of(0.1, 0.5, 1.0, 2.0, 5.0, 10.0), 7, 0.1, 0.001,
                Truncation.H_MINUS_H_PLUS_1, 0.1);
    }

    /** Strictly increasing log-spaced checkpoints, about 8 per decade from 1, ending at K. */
    public static List<Integer> checkpoints(int episodes) {
        List<Integer> points = new ArrayList<>();
        double step = Math.pow(10, 1.0 / 8);
        double value = 1;
        while (value < episodes) {
            int point = (int) Math.round(value);
            if (point < episodes && (points.isEmpty() || points.get(points.size() - 1) != point)) {
                points.add(point);
            }
            value *= step;
        }
        points.add(episodes);
        return points;
    }
}
