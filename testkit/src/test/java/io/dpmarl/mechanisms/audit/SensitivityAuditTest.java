package io.dpmarl.mechanisms.audit;

import io.dpmarl.mechanisms.audit.SensitivityAudit.Norm;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Pair;
import io.dpmarl.mechanisms.audit.SensitivityAudit.Report;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Validity of the sensitivity audit kit: it passes statistics whose sensitivity is known by derivation and flags
 * mutants whose true sensitivity is 1.2 times the declared one.
 */
class SensitivityAuditTest {

    private static final double CLIP = 1.5;

    /** Sum of per-user values clipped to [0, clip]: replacing one user moves it by at most clip (L1 = L2). */
    private static Function<double[], double[]> clippedSum(double clip) {
        return data -> {
            double sum = 0;
            for (double x : data) {
                sum += Math.min(clip, Math.max(0, x));
            }
            return new double[] {sum};
        };
    }

    /** Replace-one neighbours: user i's value replaced by each of the given values. */
    private static List<Pair<double[]>> replaceOne(double[] data, double... replacements) {
        List<Pair<double[]>> out = new ArrayList<>();
        for (int i = 0; i < data.length; i++) {
            for (double r : replacements) {
                double[] other = data.clone();
                other[i] = r;
                out.add(new Pair<>(data, other, "user " + i + " -> " + r));
            }
        }
        return out;
    }

    private static List<double[]> scalarInstances() {
        SplittableRandom random = new SplittableRandom(11);
        List<double[]> out = new ArrayList<>();
        for (int k = 0; k < 30; k++) {
            double[] data = new double[5];
            for (int i = 0; i < data.length; i++) {
                data[i] = random.nextDouble(-3, 6);
            }
            out.add(data);
        }
        out.add(new double[] {0, 0, 0});
        return out;
    }

    @Test
    void exactClippedSumPassesAndAttainsItsBound() {
        Report<double[]> report = SensitivityAudit.of("clipped sum", CLIP, Norm.L1)
                .check(scalarInstances(), data -> replaceOne(data, -10, 0, 100), clippedSum(CLIP));
        report.assertHolds();
        // The adversarial replacement 0 -> 100 moves the sum by exactly the clip.
        assertEquals(CLIP, report.observed(), 1e-12);
        assertEquals(1.0, report.ratio(), 1e-12);
        assertTrue(report.witness().isPresent());
        assertEquals(30L * 5 * 3 + 3 * 3, report.pairs());
    }

    @Test
    void mutantClippingAtOnePointTwoTimesTheDeclaredBoundIsFlagged() {
        Report<double[]> report = SensitivityAudit.of("clipped sum (mutant)", CLIP, Norm.L1)
                .check(scalarInstances(), data -> replaceOne(data, -10, 0, 100), clippedSum(1.2 * CLIP));
        report.assertRefuted();
        assertEquals(1.2, report.ratio(), 1e-12);
        assertThrows(AssertionError.class, report::assertHolds);
    }

    /** Sum of vectors each projected onto the L2 ball of radius clip: replace-one L2 sensitivity 2 clip. */
    private static Function<double[][], double[]> clippedVectorSum(double clip) {
        return data -> {
            double[] sum = new double[data[0].length];
            for (double[] x : data) {
                double norm = Norm.L2.distance(x, new double[x.length]);
                double scale = norm > clip ? clip / norm : 1;
                for (int j = 0; j < x.length; j++) {
                    sum[j] += scale * x[j];
                }
            }
            return sum;
        };
    }

    private static List<Pair<double[][]>> flipOne(double[][] data) {
        List<Pair<double[][]>> out = new ArrayList<>();
        for (int i = 0; i < data.length; i++) {
            double[][] other = data.clone();
            other[i] = new double[data[i].length];
            for (int j = 0; j < other[i].length; j++) {
                other[i][j] = -data[i][j];
            }
            out.add(new Pair<>(data, other, "user " + i + " negated"));
        }
        return out;
    }

    private static List<double[][]> vectorInstances() {
        SplittableRandom random = new SplittableRandom(12);
        List<double[][]> out = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            double[][] data = new double[4][3];
            for (double[] row : data) {
                for (int j = 0; j < row.length; j++) {
                    row[j] = random.nextDouble(-4, 4);
                }
            }
            out.add(data);
        }
        return out;
    }

    @Test
    void clippedVectorSumHasL2SensitivityTwiceTheClipAndTheMutantIsFlagged() {
        SensitivityAudit audit = SensitivityAudit.of("clipped vector sum", 2 * CLIP, Norm.L2);
        Report<double[][]> exact = audit.check(vectorInstances(), SensitivityAuditTest::flipOne,
                clippedVectorSum(CLIP));
        exact.assertHolds();
        // Random vectors of norm above the clip, negated: the distance 2 clip is attained up to rounding.
        assertEquals(1.0, exact.ratio(), 1e-9);
        Report<double[][]> mutant = audit.check(vectorInstances(), SensitivityAuditTest::flipOne,
                clippedVectorSum(1.2 * CLIP));
        mutant.assertRefuted();
        assertEquals(1.2, mutant.ratio(), 1e-9);
    }

    @Test
    void normsMatchHandComputedDistances() {
        double[] a = {1, -2, 3};
        double[] b = {4, 2, 3};
        assertEquals(7.0, Norm.L1.distance(a, b), 0);
        assertEquals(5.0, Norm.L2.distance(a, b), 0);
        assertEquals(4.0, Norm.LINF.distance(a, b), 0);
        assertThrows(IllegalArgumentException.class, () -> Norm.L1.distance(a, new double[2]));
    }

    @Test
    void toleranceAbsorbsRoundingOnlyAndBadInputIsRefused() {
        List<Pair<double[]>> pairs = List.of(new Pair<>(new double[] {0}, new double[] {1 + 1e-12}, "rounding"));
        assertTrue(SensitivityAudit.of("s", 1, Norm.L1).check(pairs, x -> x).holds());
        assertFalse(SensitivityAudit.of("s", 1, Norm.L1).withTolerance(0).check(pairs, x -> x).holds());
        Report<double[]> empty = SensitivityAudit.of("s", 1, Norm.L1).check(List.<Pair<double[]>>of(), x -> x);
        assertTrue(empty.witness().isEmpty());
        assertEquals(0, empty.pairs());
        assertThrows(IllegalArgumentException.class, () -> SensitivityAudit.of("s", 0, Norm.L1));
        assertThrows(IllegalStateException.class, () -> SensitivityAudit.of("s", 1, Norm.L1)
                .check(List.of(new Pair<>(new double[] {0}, new double[] {Double.NaN}, "nan")), x -> x));
    }

    @Test
    void reportsTheLargestDistanceAndTheFirstPairThatAttainsIt() {
        // Distances 1, 3, 3, 2 in L1: observed 3, attained first by the pair "b".
        List<Pair<double[]>> pairs = List.of(
                new Pair<>(new double[] {0}, new double[] {1}, "a"),
                new Pair<>(new double[] {0}, new double[] {3}, "b"),
                new Pair<>(new double[] {1}, new double[] {4}, "c"),
                new Pair<>(new double[] {0}, new double[] {2}, "d"));
        Report<double[]> report = SensitivityAudit.of("steps", 3, Norm.L1).withTolerance(0).check(pairs, x -> x);
        assertEquals(3.0, report.observed(), 0.0);
        assertEquals("b", report.witness().orElseThrow().description());
        // Exactly at the declared bound with no tolerance: holds (the bound is a maximum, not a strict limit).
        assertTrue(report.holds());
        // The report names the statistic, the norm, both values and the witness, for the failure message.
        String text = report.toString();
        assertTrue(text.contains("steps: observed L1 sensitivity 3.00000 vs declared 3.00000"), text);
        assertTrue(text.contains("attained by [b]"), text);
        AssertionError refuted = assertThrows(AssertionError.class,
                () -> SensitivityAudit.of("steps", 2, Norm.L1).check(pairs, x -> x).assertHolds());
        assertTrue(refuted.getMessage().contains("attained by [b]"), refuted.getMessage());
    }

    @Test
    void flattensAMatrixRowByRow() {
        assertArrayEquals(new double[] {1, 2, 3, 4, 5}, SensitivityAudit.flatten(new double[][] {{1, 2}, {3}, {4, 5}}));
        assertArrayEquals(new double[0], SensitivityAudit.flatten(new double[0][]));
    }
}
