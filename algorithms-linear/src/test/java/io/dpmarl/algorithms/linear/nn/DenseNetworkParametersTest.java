package io.dpmarl.algorithms.linear.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The flat parameter vector of a {@link DenseNetwork}: its length is the sum of the layers' weights and biases, a
 * set-then-copy round trip returns the same values, and a vector of any other length is refused with the expected
 * count in the message (a shorter one used to fail with an index error, a longer one was silently truncated).
 */
class DenseNetworkParametersTest {
    /** 3 inputs, hidden 4 and 4, 2 outputs: (3*4 + 4) + (4*4 + 4) + (4*2 + 2) = 16 + 20 + 10 = 46 parameters. */
    private static DenseNetwork network() {
        return new DenseNetwork(new SplittableRandom(5), 3, 4, 4, 2);
    }

    @Test
    void parameterCountIsTheSumOfWeightsAndBiases() {
        assertEquals(46, network().parameterCount());
    }

    @Test
    void setThenCopyIsTheIdentity() {
        DenseNetwork network = network();
        double[] values = new double[46];
        for (int k = 0; k < values.length; k++) {
            values[k] = k - 20.5;
        }
        network.setParameters(values);
        double[] copy = new double[46];
        network.copyParametersTo(copy);
        assertArrayEquals(values, copy, 0.0);
    }

    @Test
    void refusesAVectorOfTheWrongLength() {
        DenseNetwork network = network();
        for (int length : new int[] {45, 47, 0}) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> network.setParameters(new double[length]));
            assertTrue(error.getMessage().contains("parameters") && error.getMessage().contains("46"),
                    error.getMessage());
        }
    }
}
