package io.dpmarl.algorithms.linear.nn;

import java.util.SplittableRandom;

/**
 * The smallest critic the optimiser tests work out by hand: one parameter layer 1 -> 1 on the input 1 with the
 * critic loss to the target 0, so the value is V = w + b, the loss V^2 / 2 and dL/dw = dL/db = V.
 */
final class SingleUnitCritic {
    private final DenseNetwork network = new DenseNetwork(new SplittableRandom(9), 1, 1);
    private final DenseNetwork.Workspace workspace = network.workspace(1);

    /** A critic with weight {@code weight} and bias {@code bias}. */
    SingleUnitCritic(double weight, double bias) {
        network.setParameters(new double[] {weight, bias});
        workspace.input().data[0] = 1;
    }

    /** The network, for the optimiser under test. */
    DenseNetwork network() {
        return network;
    }

    /** Forward and backward pass: leaves the gradient dL/dw = dL/db = V for the optimiser's next step. */
    void backpropagate() {
        network.forward(workspace, 1);
        PolicyGradientLoss.critic(workspace.output(), new double[] {0}, workspace.outputGradient());
        network.backward(workspace);
    }

    /** One step of {@code optimiser} on this critic's gradient; returns the parameters (w, b) after it. */
    double[] parametersAfterStep(RmsProp optimiser) {
        backpropagate();
        optimiser.step();
        return parameters();
    }

    /** The current parameters (w, b). */
    double[] parameters() {
        double[] parameters = new double[2];
        network.copyParametersTo(parameters);
        return parameters;
    }
}
