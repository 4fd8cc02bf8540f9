package io.dpmarl.algorithms.tabular.nashvi;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Worked examples B1-B3 of the bonus (Algorithm 1 lines 8-11), values derived by hand. */
class BonusTest {
    private static final double IOTA = 13.081541382884;

    private static double[] evaluate(double width, double pairCount, double c1, double c2, double[] upper,
                                     double[] lower) {
        double[] p = {0.75, 0.25};
        double[] counts = {p[0] * pairCount, p[1] * pairCount};
        double[] out = new double[2];
        Bonus.evaluate(counts, 0, pairCount, upper, lower, 0.3, 2, new Bonus.Constants(c1, c2, IOTA, width, 2, 2), out);
        return out;
    }

    /** B1: E = 0, N~ = 400, C1 = 1, C2 = 0.05: Qup = 1.9908223, Qlo = 0.2591777. */
    @Test
    void exampleB1() {
        double[] q = evaluate(0, 400, 1, 0.05, new double[] {1.5, 0.5}, new double[] {0.5, 0.1});
        assertEquals(1.9908223, q[0], 1e-7);
        assertEquals(0.2591777, q[1], 1e-7);
    }

    /** B2: E = 4, N~ = 1000: Gamma = 0.0174312, Qup = 1.9924312, Qlo = 0.2575688. */
    @Test
    void exampleB2() {
        double[] q = evaluate(4, 1000, 1, 0.05, new double[] {1.5, 0.5}, new double[] {0.5, 0.1});
        assertEquals(1.9924312, q[0], 1e-7);
        assertEquals(0.2575688, q[1], 1e-7);
    }

    /** B3: E = 4, N~ = 4, C1 = C2 = 1: Gamma = 79.27 so Qup clips to H = 2 and Qlo to 0. */
    @Test
    void exampleB3ClipsAndGuard() {
        double[] q = evaluate(4, 4, 1, 1, new double[] {2, 0}, new double[] {0, 0});
        assertEquals(2.0, q[0], 0.0);
        assertEquals(0.0, q[1], 0.0);
        double[] out = new double[2];
        Bonus.evaluate(new double[] {0, 0}, 0, 0, new double[] {1, 1}, new double[] {0, 0}, 0.5, 2,
                new Bonus.Constants(1, 1, IOTA, 0, 2, 2), out);
        assertEquals(2.0, out[0], 0.0);
        assertEquals(0.0, out[1], 0.0);
    }
}
