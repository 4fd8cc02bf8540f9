package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The unsafe baseline {@link NaiveNoise} computes the textbook formulas its Javadoc states, from the same
 * {@link Random} draws: {@code -b sign(u) ln(1 - 2|u|)} with {@code u = nextDouble() - 1/2}, and
 * {@code sigma nextGaussian()}. (The floating-point attack test relies on it being exactly this.)
 */
class NaiveNoiseFormulaTest {

    @Test
    void laplaceIsTheInverseCdfOfOneUniformDouble() {
        NaiveNoise naive = new NaiveNoise(42);
        Random random = new Random(42);
        for (int i = 0; i < 1000; i++) {
            double u = random.nextDouble() - 0.5;
            assertEquals(-2.5 * Math.signum(u) * Math.log(1 - 2 * Math.abs(u)), naive.laplace(2.5), 0, "draw " + i);
        }
    }

    @Test
    void gaussianIsSigmaTimesNextGaussian() {
        NaiveNoise naive = new NaiveNoise(7);
        Random random = new Random(7);
        for (int i = 0; i < 1000; i++) {
            assertEquals(3.0 * random.nextGaussian(), naive.gaussian(3.0), 0, "draw " + i);
        }
    }
}
