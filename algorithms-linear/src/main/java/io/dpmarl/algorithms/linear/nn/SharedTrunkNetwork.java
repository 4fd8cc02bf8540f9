package io.dpmarl.algorithms.linear.nn;

import java.util.List;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;

/**
 * An actor-critic network with one trunk shared by both heads, the shape of Chu et al.'s ConsensusMARL agents
 * ("Multi-agent Reinforcement Learning for Networked System Control", whose code the DPC-MARL paper, "Privacy-preserved
 * Fully Decentralized Multi-agent Reinforcement Learning for Networked Social Systems", Section VI.C, ran) with the
 * LSTM read as a second dense layer: a trunk {@code h = relu(relu(o W_0 + b_0) W_1 + b_1)} over the observation, an
 * actor head {@code z = h W_a + b_a} (softmax logits) and a critic head over {@code [h, e]}, where {@code e} are the
 * critic's extra inputs (one-hot actions): linear, {@code V = [h, e] w_c + b_c} as in the reference code, or with
 * one ReLU hidden layer of the trunk's width. One combined loss {@code L_actor + c L_critic} trains all parts;
 * backpropagation adds both heads' gradients with respect to {@code h} before it enters the trunk.
 *
 * <p>The exchanged part is the trunk's second layer ({@code W_1, b_1}): the place of the LSTM, which is what the
 * reference code's consensus step averages (its input layer and both heads stay local). All buffers are preallocated
 * (here and in {@link Workspace}), so forward and backward passes allocate nothing. No privacy role of its own: its
 * parameters leave an agent only through a privatizer.
 */
public final class SharedTrunkNetwork {
    private final DenseNetwork trunk;
    private final DenseNetwork actorHead;
    private final DenseNetwork criticHead;
    private final List<DenseNetwork> parts;
    private final int hidden;
    private final int exchanged;

    /**
     * A network drawn as {@link DenseNetwork}s (Glorot weights, zero biases): trunk first, then the actor head, then
     * the critic head.
     *
     * @param random            randomness for the initial weights
     * @param inputs            observation width, at least 1
     * @param hidden            width of both trunk layers (and of the critic head's hidden layer), at least 1
     * @param actions           actor outputs, at least 1
     * @param criticExtra       critic inputs besides the trunk features, at least 0
     * @param criticHiddenLayer true for a critic head with one hidden layer, false for a linear one
     * @throws IllegalArgumentException if a width is out of range
     */
    public SharedTrunkNetwork(RandomGenerator random, int inputs, int hidden, int actions, int criticExtra,
                              boolean criticHiddenLayer) {
        if (criticExtra < 0) {
            throw new IllegalArgumentException("critic extra inputs must be in [0, inf), got " + criticExtra);
        }
        this.trunk = new DenseNetwork(random, inputs, hidden, hidden);
        this.actorHead = new DenseNetwork(random, hidden, actions);
        this.criticHead = criticHiddenLayer ? new DenseNetwork(random, hidden + criticExtra, hidden, 1)
                : new DenseNetwork(random, hidden + criticExtra, 1);
        this.parts = List.of(trunk, actorHead, criticHead);
        this.hidden = hidden;
        this.exchanged = hidden * hidden + hidden;
    }

    /** The trunk (two layers; its output is passed through a ReLU by this class); live. */
    public DenseNetwork trunk() {
        return trunk;
    }

    /** The actor head (trunk features to logits); live. */
    public DenseNetwork actorHead() {
        return actorHead;
    }

    /** The critic head ({@code [h, e]} to one value); live. */
    public DenseNetwork criticHead() {
        return criticHead;
    }

    /**
     * The parts in the order of the parameter vector: trunk, actor head, critic head (an unmodifiable list built
     * once, so asking for it allocates nothing; the networks themselves are live).
     */
    public List<DenseNetwork> parts() {
        return parts;
    }

    /** Width of the trunk features {@code h}. */
    public int hidden() {
        return hidden;
    }

    /** Number of actions (actor outputs). */
    public int actions() {
        return actorHead.outputs();
    }

    /** Total number of parameters of the three parts. */
    public int parameterCount() {
        return trunk.parameterCount() + actorHead.parameterCount() + criticHead.parameterCount();
    }

    /** Number of exchanged parameters: the trunk's second layer, {@code hidden^2 + hidden}. */
    public int exchangedCount() {
        return exchanged;
    }

    /** Writes the exchanged parameters ({@code W_1} row-major, then {@code b_1}) into {@code target} from 0. */
    public void copyExchangedTo(double[] target) {
        int w = hidden * hidden;
        System.arraycopy(trunk.weights(1).data, 0, target, 0, w);
        System.arraycopy(trunk.biases(1).data, 0, target, w, hidden);
    }

    /**
     * Sets the exchanged parameters from {@code source}, in the order of {@link #copyExchangedTo}.
     *
     * @throws IllegalArgumentException if {@code source} does not hold exactly {@link #exchangedCount()} values
     */
    public void setExchanged(double[] source) {
        if (source.length != exchanged) {
            throw new IllegalArgumentException("exchanged parameters: expected exactly " + exchanged
                    + " values (hidden^2 + hidden), got " + source.length);
        }
        int w = hidden * hidden;
        System.arraycopy(source, 0, trunk.weights(1).data, 0, w);
        System.arraycopy(source, w, trunk.biases(1).data, 0, hidden);
    }

    /**
     * Writes all parameters (trunk, actor head, critic head, each as {@link DenseNetwork#copyParametersTo(double[])}).
     */
    public void copyParametersTo(double[] target) {
        int offset = trunk.copyParametersTo(target, 0);
        offset = actorHead.copyParametersTo(target, offset);
        criticHead.copyParametersTo(target, offset);
    }

    /**
     * Sets all parameters from {@code source}, in the order of {@link #copyParametersTo(double[])}.
     *
     * @throws IllegalArgumentException if {@code source} does not hold exactly {@link #parameterCount()} values
     */
    public void setParameters(double[] source) {
        if (source.length != parameterCount()) {
            throw new IllegalArgumentException("parameters: expected exactly " + parameterCount()
                    + " values (the network's parameter count), got " + source.length);
        }
        int offset = trunk.setParameters(source, 0);
        offset = actorHead.setParameters(source, offset);
        criticHead.setParameters(source, offset);
    }

    /** Writes all gradients of the last {@link #backward}, in the order of {@link #copyParametersTo(double[])}. */
    public void copyGradientsTo(double[] target) {
        int offset = trunk.copyGradientsTo(target, 0);
        offset = actorHead.copyGradientsTo(target, offset);
        criticHead.copyGradientsTo(target, offset);
    }

    /** A workspace for batches of up to {@code capacity} rows. */
    public Workspace workspace(int capacity) {
        return new Workspace(trunk.workspace(capacity), actorHead.workspace(capacity), criticHead.workspace(capacity));
    }

    /**
     * Runs the first {@code rows} rows of {@code workspace.input()} through the trunk and the actor head:
     * {@code workspace.logits()}; the features are in {@code workspace.features()}.
     */
    public void forwardPolicy(Workspace workspace, int rows) {
        trunk.forward(workspace.trunk, rows);
        DMatrixRMaj features = workspace.trunk.output();
        double[] data = features.data;
        int size = rows * hidden;
        for (int k = 0; k < size; k++) {
            data[k] = data[k] < 0 ? 0 : data[k];
        }
        System.arraycopy(data, 0, workspace.actor.input().data, 0, size);
        actorHead.forward(workspace.actor, rows);
    }

    /**
     * As {@link #forwardPolicy}, then the critic head on {@code [h, e]}, with the extra inputs {@code e} read from
     * columns {@code hidden..} of {@code workspace.criticInput()} (the first {@code hidden} columns are overwritten
     * by the features): {@code workspace.values()}.
     */
    public void forward(Workspace workspace, int rows) {
        forwardPolicy(workspace, rows);
        copyFeatures(workspace.features(), rows, workspace.critic.input(), 1);
        criticHead.forward(workspace.critic, rows);
    }

    /**
     * Copies feature row {@code t} ({@code t < rows}) into the first {@code hidden} columns of rows
     * {@code t * copies .. t * copies + copies - 1} of {@code target} (a critic-head input batch): the critic head's
     * input for {@code copies} values of its extra inputs at the same state.
     */
    public void copyFeatures(DMatrixRMaj features, int rows, DMatrixRMaj target, int copies) {
        int width = target.numCols;
        for (int t = 0; t < rows; t++) {
            for (int c = 0; c < copies; c++) {
                System.arraycopy(features.data, t * hidden, target.data, (t * copies + c) * width, hidden);
            }
        }
    }

    /**
     * Backpropagates the combined loss {@code L_actor + valueCoefficient L_critic} of the last {@link #forward}:
     * {@code workspace.logitGradient()} holds {@code dL_actor/dz} and {@code workspace.valueGradient()}
     * {@code dL_critic/dV}; the latter is scaled by {@code valueCoefficient} in place. Sets every part's gradients.
     */
    public void backward(Workspace workspace, double valueCoefficient) {
        int rows = workspace.actor.output().numRows;
        double[] value = workspace.critic.outputGradient().data;
        for (int t = 0; t < rows; t++) {
            value[t] *= valueCoefficient;
        }
        actorHead.backward(workspace.actor, true);
        criticHead.backward(workspace.critic, true);
        double[] fromActor = workspace.actor.inputGradient().data;
        double[] fromCritic = workspace.critic.inputGradient().data;
        double[] features = workspace.trunk.output().data;
        double[] gradient = workspace.trunk.outputGradient().data;
        int width = workspace.critic.input().numCols;
        for (int t = 0; t < rows; t++) {
            for (int k = 0; k < hidden; k++) {
                int at = t * hidden + k;
                gradient[at] = features[at] > 0 ? fromActor[at] + fromCritic[t * width + k] : 0;
            }
        }
        trunk.backward(workspace.trunk);
    }

    /** Preallocated buffers of the three parts for batches of up to {@code capacity} rows. */
    public static final class Workspace {
        private final DenseNetwork.Workspace trunk;
        private final DenseNetwork.Workspace actor;
        private final DenseNetwork.Workspace critic;

        private Workspace(DenseNetwork.Workspace trunk, DenseNetwork.Workspace actor, DenseNetwork.Workspace critic) {
            this.trunk = trunk;
            this.actor = actor;
            this.critic = critic;
        }

        /** The observation batch: fill rows {@code 0..n-1} before a forward pass over {@code n} rows. */
        public DMatrixRMaj input() {
            return trunk.input();
        }

        /**
         * The critic head's input batch, {@code n x (hidden + extra)}: fill the extra columns before
         * {@link SharedTrunkNetwork#forward}, which writes the features into the first {@code hidden}.
         */
        public DMatrixRMaj criticInput() {
            return critic.input();
        }

        /** The trunk features {@code h} of the last forward pass ({@code n x hidden}). */
        public DMatrixRMaj features() {
            return trunk.output();
        }

        /** The actor head's logits of the last forward pass ({@code n x actions}). */
        public DMatrixRMaj logits() {
            return actor.output();
        }

        /** The critic head's values of the last full forward pass ({@code n x 1}). */
        public DMatrixRMaj values() {
            return critic.output();
        }

        /** Where {@code dL_actor/dz} goes before {@link SharedTrunkNetwork#backward}. */
        public DMatrixRMaj logitGradient() {
            return actor.outputGradient();
        }

        /** Where {@code dL_critic/dV} goes before {@link SharedTrunkNetwork#backward}. */
        public DMatrixRMaj valueGradient() {
            return critic.outputGradient();
        }
    }
}
