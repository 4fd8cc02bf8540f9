package io.dpmarl.algorithms.linear.nn;

import io.dpmarl.core.validation.Checks;
import org.ejml.data.DMatrixRMaj;

/**
 * RMSProp on one {@link DenseNetwork}, or on several that one loss trains together (Tieleman and Hinton; the form of
 * TensorFlow's {@code RMSPropOptimizer} that Chu et al.'s A2C code uses, decay 0.99 and epsilon 1e-5):
 * {@code s <- decay s + (1 - decay) g^2}, {@code theta <- theta - lr g / sqrt(s + epsilon)}, after scaling the
 * gradient down to global L2 norm at most {@code clipNorm}. As in TensorFlow 1's {@code RMSPropOptimizer}, the
 * running mean square {@code s} starts at 1 (not 0): with 0 the first steps would be about
 * {@code lr / sqrt(1 - decay)} = 10 lr per parameter whatever the gradient's size. Preallocated; a step allocates
 * nothing. Optimiser only: no privacy role.
 */
public final class RmsProp {
    private final double learningRate;
    private final double decay;
    private final double epsilon;
    private final double clipNorm;
    private final DMatrixRMaj[] parameters;
    private final DMatrixRMaj[] gradients;
    private final double[][] squares;

    /**
     * @param learningRate step size, in (0, inf)
     * @param decay        decay of the squared-gradient average, in [0, 1)
     * @param epsilon      added under the square root, in (0, inf)
     * @param clipNorm     global gradient-norm bound, in (0, inf]
     */
    public RmsProp(DenseNetwork network, double learningRate, double decay, double epsilon, double clipNorm) {
        this(new DenseNetwork[] {network}, learningRate, decay, epsilon, clipNorm);
    }

    /**
     * One optimiser over several networks that one loss trains together (the parts of a
     * {@link SharedTrunkNetwork}): the gradient norm, and so the clip, is global over all of them.
     *
     * @param networks     the networks, stepped in this order
     * @param learningRate step size, in (0, inf)
     * @param decay        decay of the squared-gradient average, in [0, 1)
     * @param epsilon      added under the square root, in (0, inf)
     * @param clipNorm     global gradient-norm bound, in (0, inf]
     */
    public RmsProp(DenseNetwork[] networks, double learningRate, double decay, double epsilon, double clipNorm) {
        this.learningRate = Checks.positiveFinite("learning rate", learningRate);
        if (!(decay >= 0 && decay < 1)) {
            throw new IllegalArgumentException("decay must be in [0, 1), got " + decay);
        }
        this.decay = decay;
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.clipNorm = Checks.positiveOrInfinite("clip norm", clipNorm);
        int count = 0;
        for (DenseNetwork network : networks) {
            count += 2 * network.layers();
        }
        parameters = new DMatrixRMaj[count];
        gradients = new DMatrixRMaj[count];
        squares = new double[count][];
        int k = 0;
        for (DenseNetwork network : networks) {
            for (int l = 0; l < network.layers(); l++) {
                parameters[k] = network.weights(l);
                gradients[k] = network.weightGradients(l);
                parameters[k + 1] = network.biases(l);
                gradients[k + 1] = network.biasGradients(l);
                k += 2;
            }
        }
        for (int j = 0; j < count; j++) {
            squares[j] = new double[parameters[j].getNumElements()];
            java.util.Arrays.fill(squares[j], 1.0);
        }
    }

    /** The L2 norm of the networks' current gradient. */
    public double gradientNorm() {
        double sum = 0;
        for (int j = 0; j < gradients.length; j += 2) {
            sum += squares(gradients[j]) + squares(gradients[j + 1]);
        }
        return Math.sqrt(sum);
    }

    /** One step along the networks' current gradient; returns the gradient norm before clipping. */
    public double step() {
        double norm = gradientNorm();
        double scale = norm > clipNorm ? clipNorm / norm : 1.0;
        for (int j = 0; j < parameters.length; j++) {
            update(parameters[j], gradients[j], squares[j], scale);
        }
        return norm;
    }

    private void update(DMatrixRMaj parameters, DMatrixRMaj gradients, double[] squares, double scale) {
        double[] p = parameters.data;
        double[] g = gradients.data;
        int size = parameters.getNumElements();
        for (int k = 0; k < size; k++) {
            double gradient = g[k] * scale;
            squares[k] = decay * squares[k] + (1 - decay) * gradient * gradient;
            p[k] -= learningRate * gradient / Math.sqrt(squares[k] + epsilon);
        }
    }

    private static double squares(DMatrixRMaj matrix) {
        double sum = 0;
        double[] data = matrix.data;
        int size = matrix.getNumElements();
        for (int k = 0; k < size; k++) {
            sum += data[k] * data[k];
        }
        return sum;
    }
}
