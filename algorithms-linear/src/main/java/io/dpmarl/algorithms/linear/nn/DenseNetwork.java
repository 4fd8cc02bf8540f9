package io.dpmarl.algorithms.linear.nn;

import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * A small fully connected network {@code in -> h_1 -> ... -> out} with ReLU hidden layers and a linear output, on
 * EJML row-major matrices: a batch of {@code n} inputs is an {@code n x in} matrix and each layer is one
 * matrix-matrix product {@code A_{l+1} = relu(A_l W_l + 1 b_l)}. Backpropagation accumulates the gradients of a
 * loss whose gradient with respect to the outputs is given. All buffers are preallocated (here and in
 * {@link Workspace}), so forward and backward passes allocate nothing. The critic and actor networks of DPC-MARL's
 * A2C variant ("Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for Networked Social
 * Systems", Section VI.C: "3 layer fully-connected networks, which have 64 units in the hidden layer"). No privacy
 * role of its own: its parameters are released only through a privatizer.
 */
public final class DenseNetwork {
    private final int[] sizes;
    private final DMatrixRMaj[] weights;
    private final DMatrixRMaj[] biases;
    private final DMatrixRMaj[] weightGradients;
    private final DMatrixRMaj[] biasGradients;
    private final int parameterCount;

    /**
     * A network with the given layer sizes (input first, output last), weights drawn uniformly from
     * {@code +-sqrt(6/(fan_in + fan_out))} (Glorot) and zero biases.
     *
     * @throws IllegalArgumentException if fewer than two sizes are given or a size is below 1
     */
    public DenseNetwork(RandomGenerator random, int... sizes) {
        if (sizes.length < 2) {
            throw new IllegalArgumentException("sizes must have at least 2 entries (input and output), got "
                    + sizes.length);
        }
        this.sizes = sizes.clone();
        int layers = sizes.length - 1;
        weights = new DMatrixRMaj[layers];
        biases = new DMatrixRMaj[layers];
        weightGradients = new DMatrixRMaj[layers];
        biasGradients = new DMatrixRMaj[layers];
        int count = 0;
        for (int l = 0; l < layers; l++) {
            if (sizes[l] < 1 || sizes[l + 1] < 1) {
                throw new IllegalArgumentException("layer sizes must be in [1, inf), got " + sizes[l]);
            }
            weights[l] = new DMatrixRMaj(sizes[l], sizes[l + 1]);
            biases[l] = new DMatrixRMaj(1, sizes[l + 1]);
            weightGradients[l] = new DMatrixRMaj(sizes[l], sizes[l + 1]);
            biasGradients[l] = new DMatrixRMaj(1, sizes[l + 1]);
            double limit = Math.sqrt(6.0 / (sizes[l] + sizes[l + 1]));
            double[] data = weights[l].data;
            for (int k = 0; k < data.length; k++) {
                data[k] = (2 * random.nextDouble() - 1) * limit;
            }
            count += sizes[l] * sizes[l + 1] + sizes[l + 1];
        }
        this.parameterCount = count;
    }

    /** Input width. */
    public int inputs() {
        return sizes[0];
    }

    /** Output width. */
    public int outputs() {
        return sizes[sizes.length - 1];
    }

    /** Number of weight layers. */
    public int layers() {
        return weights.length;
    }

    /** Layer widths, input first. */
    public int size(int layer) {
        return sizes[layer];
    }

    /** Total number of parameters (weights and biases). */
    public int parameterCount() {
        return parameterCount;
    }

    /** A workspace for batches of up to {@code capacity} rows. */
    public Workspace workspace(int capacity) {
        return new Workspace(sizes, capacity);
    }

    /** Runs the first {@code rows} rows of {@code workspace.input()} forward; the result is {@code output()}. */
    public void forward(Workspace workspace, int rows) {
        workspace.setRows(rows);
        for (int l = 0; l < weights.length; l++) {
            DMatrixRMaj in = workspace.activations[l];
            DMatrixRMaj out = workspace.activations[l + 1];
            CommonOps_DDRM.mult(in, weights[l], out);
            double[] bias = biases[l].data;
            double[] data = out.data;
            int width = out.numCols;
            boolean hidden = l + 1 < weights.length;
            for (int r = 0; r < rows; r++) {
                int base = r * width;
                for (int c = 0; c < width; c++) {
                    double value = data[base + c] + bias[c];
                    data[base + c] = hidden && value < 0 ? 0 : value;
                }
            }
        }
    }

    /**
     * Backpropagates {@code workspace.outputGradient()} (the loss gradient with respect to the outputs of the last
     * {@link #forward}) and sets the parameter gradients (overwriting earlier ones).
     */
    public void backward(Workspace workspace) {
        backward(workspace, false);
    }

    /**
     * As {@link #backward(Workspace)}; with {@code inputGradient} also writes the loss gradient with respect to the
     * inputs into {@link Workspace#inputGradient()} (for a network fed by another one, as the heads of a
     * {@link SharedTrunkNetwork} are).
     */
    public void backward(Workspace workspace, boolean inputGradient) {
        DMatrixRMaj delta = workspace.deltas[weights.length];
        for (int l = weights.length - 1; l >= 0; l--) {
            DMatrixRMaj in = workspace.activations[l];
            CommonOps_DDRM.multTransA(in, delta, weightGradients[l]);
            double[] bias = biasGradients[l].data;
            java.util.Arrays.fill(bias, 0);
            int width = delta.numCols;
            double[] deltaData = delta.data;
            for (int r = 0; r < delta.numRows; r++) {
                int base = r * width;
                for (int c = 0; c < width; c++) {
                    bias[c] += deltaData[base + c];
                }
            }
            if (l > 0) {
                DMatrixRMaj previous = workspace.deltas[l];
                CommonOps_DDRM.multTransB(delta, weights[l], previous);
                double[] activation = in.data;
                double[] data = previous.data;
                int size = previous.numRows * previous.numCols;
                for (int k = 0; k < size; k++) {
                    if (activation[k] <= 0) {
                        data[k] = 0;
                    }
                }
                delta = previous;
            } else if (inputGradient) {
                CommonOps_DDRM.multTransB(delta, weights[0], workspace.deltas[0]);
            }
        }
    }

    /** Weights of layer {@code l} ({@code size(l) x size(l+1)}); live, not a copy. */
    public DMatrixRMaj weights(int l) {
        return weights[l];
    }

    /** Biases of layer {@code l} ({@code 1 x size(l+1)}); live. */
    public DMatrixRMaj biases(int l) {
        return biases[l];
    }

    /** Gradient of the weights of layer {@code l} from the last {@link #backward}; live. */
    public DMatrixRMaj weightGradients(int l) {
        return weightGradients[l];
    }

    /** Gradient of the biases of layer {@code l}; live. */
    public DMatrixRMaj biasGradients(int l) {
        return biasGradients[l];
    }

    /** Writes all parameters (layer by layer: weights row-major, then biases) into {@code target} from 0. */
    public void copyParametersTo(double[] target) {
        copyParametersTo(target, 0);
    }

    /** As {@link #copyParametersTo(double[])}, into {@code target} from {@code start}; returns the end offset. */
    int copyParametersTo(double[] target, int start) {
        int offset = start;
        for (int l = 0; l < weights.length; l++) {
            int w = weights[l].getNumElements();
            System.arraycopy(weights[l].data, 0, target, offset, w);
            offset += w;
            int b = biases[l].getNumElements();
            System.arraycopy(biases[l].data, 0, target, offset, b);
            offset += b;
        }
        return offset;
    }

    /**
     * Sets all parameters from {@code source}, in the order of {@link #copyParametersTo(double[])}.
     *
     * @throws IllegalArgumentException if {@code source} does not hold exactly {@link #parameterCount()} values
     */
    public void setParameters(double[] source) {
        if (source.length != parameterCount) {
            throw new IllegalArgumentException("parameters: expected exactly " + parameterCount
                    + " values (the network's parameter count), got " + source.length);
        }
        setParameters(source, 0);
    }

    /**
     * Sets all parameters from {@code source} from {@code start}, in the order of {@link #copyParametersTo(double[])}
     * (unchecked: the caller has checked the length); returns the end offset.
     */
    int setParameters(double[] source, int start) {
        int offset = start;
        for (int l = 0; l < weights.length; l++) {
            int w = weights[l].getNumElements();
            System.arraycopy(source, offset, weights[l].data, 0, w);
            offset += w;
            int b = biases[l].getNumElements();
            System.arraycopy(source, offset, biases[l].data, 0, b);
            offset += b;
        }
        return offset;
    }

    /** Writes all gradients into {@code target}, in the order of {@link #copyParametersTo(double[])}. */
    public void copyGradientsTo(double[] target) {
        copyGradientsTo(target, 0);
    }

    /** As {@link #copyGradientsTo(double[])}, into {@code target} from {@code start}; returns the end offset. */
    int copyGradientsTo(double[] target, int start) {
        int offset = start;
        for (int l = 0; l < weights.length; l++) {
            int w = weightGradients[l].getNumElements();
            System.arraycopy(weightGradients[l].data, 0, target, offset, w);
            offset += w;
            int b = biasGradients[l].getNumElements();
            System.arraycopy(biasGradients[l].data, 0, target, offset, b);
            offset += b;
        }
        return offset;
    }

    /** Preallocated activations and deltas for batches of up to {@code capacity} rows. */
    public static final class Workspace {
        private final DMatrixRMaj[] activations;
        private final DMatrixRMaj[] deltas;
        private final int capacity;

        private Workspace(int[] sizes, int capacity) {
            if (capacity < 1) {
                throw new IllegalArgumentException("capacity must be in [1, inf), got " + capacity);
            }
            this.capacity = capacity;
            activations = new DMatrixRMaj[sizes.length];
            deltas = new DMatrixRMaj[sizes.length];
            for (int l = 0; l < sizes.length; l++) {
                activations[l] = new DMatrixRMaj(capacity, sizes[l]);
                deltas[l] = new DMatrixRMaj(capacity, sizes[l]);
            }
        }

        void setRows(int rows) {
            if (rows < 1 || rows > capacity) {
                throw new IllegalArgumentException("rows must be in [1, " + capacity + "], got " + rows);
            }
            for (int l = 0; l < activations.length; l++) {
                activations[l].reshape(rows, activations[l].numCols, false);
                deltas[l].reshape(rows, deltas[l].numCols, false);
            }
        }

        /** Rows the workspace holds at most. */
        public int capacity() {
            return capacity;
        }

        /** The input batch: fill rows {@code 0..n-1} before {@code forward(this, n)}. */
        public DMatrixRMaj input() {
            return activations[0];
        }

        /** The outputs of the last forward pass ({@code n x out}). */
        public DMatrixRMaj output() {
            return activations[activations.length - 1];
        }

        /** The loss gradient with respect to the inputs ({@code n x in}), after {@code backward(this, true)}. */
        public DMatrixRMaj inputGradient() {
            return deltas[0];
        }

        /** Where the loss gradient with respect to the outputs goes before {@code backward}. */
        public DMatrixRMaj outputGradient() {
            return deltas[deltas.length - 1];
        }
    }
}
