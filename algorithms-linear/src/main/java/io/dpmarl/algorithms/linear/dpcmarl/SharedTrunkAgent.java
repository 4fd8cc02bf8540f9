package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.algorithms.linear.nn.DenseNetwork;
import io.dpmarl.algorithms.linear.nn.PolicyGradientLoss;
import io.dpmarl.algorithms.linear.nn.RmsProp;
import io.dpmarl.algorithms.linear.nn.SharedTrunkNetwork;
import java.util.random.RandomGenerator;

/**
 * One agent of DPC-MARL's A2C variant in the shape of Chu et al.'s ConsensusMARL agents (the code behind
 * "Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for Networked Social Systems", Section
 * VI.C): a {@link SharedTrunkNetwork} whose trunk reads the agent's observation and feeds a softmax actor head and a
 * critic head; the critic head reads the trunk features followed by the action one-hots of {@link CriticInputLayout}'s
 * local form (the own action for an action-value critic, then the neighbours'). One combined loss, actor loss plus
 * {@code valueCoefficient} times the critic loss {@code (1/n) sum (1/2)(R - V)^2}, trains the whole network with one
 * RMSProp at the actor learning rate and one gradient-norm clip (the reference code's single rate). Advantages and
 * returns as in {@link A2cAgent} (both from {@link A2cRollout}), from the pre-update network. The exchanged vector
 * is the trunk's second layer ({@link SharedTrunkNetwork#exchangedCount()}), so consensus moves the features both
 * heads read. Holds the agent's private data (rewards, parameters); only the exchanged vector leaves it, through the
 * learner's privatizer.
 */
final class SharedTrunkAgent implements TeamAgent {
    private final SharedTrunkNetwork network;
    private final DenseNetwork[] parts;
    private final RmsProp optimiser;
    private final SharedTrunkNetwork.Workspace acting;
    private final SharedTrunkNetwork.Workspace bootstrapping;
    private final SharedTrunkNetwork.Workspace batch;
    private final DenseNetwork.Workspace counterfactualBatch;
    private final CriticInputLayout layout;
    private final double[] noFeatures;
    private final A2cRollout rollout;
    private final double valueCoefficient;
    private final boolean actionValueCritic;
    private final int observationSize;
    private final int actionCount;
    private final double[] probabilities;
    private double lastActorLoss;
    private double lastCriticLoss;

    SharedTrunkAgent(A2cSettings settings, int observationSize, int actionCount, int slots,
                     RandomGenerator initialisation) {
        this.observationSize = observationSize;
        this.actionCount = actionCount;
        this.valueCoefficient = settings.valueCoefficient();
        this.rollout = new A2cRollout(settings, actionCount);
        this.actionValueCritic = rollout.actionValueCritic();
        int hidden = settings.hidden();
        this.layout = CriticInputLayout.local(hidden, actionCount, actionValueCritic, slots);
        this.network = new SharedTrunkNetwork(initialisation, observationSize, hidden, actionCount,
                layout.width() - hidden, settings.criticHeadHidden());
        this.parts = network.parts().toArray(new DenseNetwork[0]);
        this.optimiser = new RmsProp(parts, settings.actorLearningRate(), 0.99, 1e-5,
                settings.gradientClip());
        int capacity = settings.rollout();
        this.acting = network.workspace(1);
        this.bootstrapping = network.workspace(1);
        this.batch = network.workspace(capacity);
        this.counterfactualBatch = actionValueCritic ? network.criticHead().workspace(capacity * actionCount) : null;
        this.noFeatures = new double[hidden];
        this.probabilities = new double[actionCount];
    }

    /** The agent's network (live; tests set it by hand). */
    SharedTrunkNetwork network() {
        return network;
    }

    @Override
    public int actionCount() {
        return actionCount;
    }

    @Override
    public int sample(double[] observation, RandomGenerator random) {
        policy(observation);
        return SoftmaxActionChoice.sample(probabilities, random);
    }

    @Override
    public int greedy(double[] observation) {
        policy(observation);
        return SoftmaxActionChoice.greedy(probabilities);
    }

    private void policy(double[] observation) {
        System.arraycopy(observation, 0, acting.input().data, 0, observationSize);
        network.forwardPolicy(acting, 1);
        PolicyGradientLoss.softmax(acting.logits(), 0, probabilities);
    }

    /** Stores step {@code n}; the critic reads the own observation through the trunk, not {@code criticObservation}. */
    @Override
    public void record(int n, double[] observation, double[] criticObservation, int action, int[] jointAction,
                       int[] neighbours) {
        System.arraycopy(observation, 0, batch.input().data, n * observationSize, observationSize);
        int width = layout.width();
        layout.write(batch.criticInput().data, n * width, noFeatures, action, jointAction, neighbours);
        rollout.action(n, action);
        if (actionValueCritic) {
            for (int b = 0; b < actionCount; b++) {
                layout.write(counterfactualBatch.input().data, (n * actionCount + b) * width, noFeatures, b,
                        jointAction, neighbours);
            }
        }
    }

    @Override
    public void reward(int n, double reward) {
        rollout.reward(n, reward);
    }

    @Override
    public double value(double[] observation, int ownAction, int[] jointAction, int[] neighbours) {
        System.arraycopy(observation, 0, bootstrapping.input().data, 0, observationSize);
        layout.write(bootstrapping.criticInput().data, 0, noFeatures, ownAction, jointAction, neighbours);
        network.forward(bootstrapping, 1);
        return bootstrapping.values().data[0];
    }

    /** One update of the whole network on the combined loss; advantages from the pre-update network. */
    @Override
    public void update(int n, double gamma, double bootstrap, double entropyWeight) {
        rollout.computeReturns(n, gamma, bootstrap);
        network.forward(batch, n);
        if (actionValueCritic) {
            network.copyFeatures(batch.features(), n, counterfactualBatch.input(), actionCount);
            network.criticHead().forward(counterfactualBatch, n * actionCount);
            rollout.counterfactualAdvantages(n, batch.logits(), counterfactualBatch.output().data);
        } else {
            rollout.temporalDifferenceAdvantages(n, batch.values().data);
        }
        rollout.normaliseAdvantages(n);
        lastCriticLoss = rollout.criticLoss(batch.values(), batch.valueGradient());
        lastActorLoss = rollout.actorLoss(batch.logits(), entropyWeight, batch.logitGradient());
        network.backward(batch, valueCoefficient);
        optimiser.step();
    }

    @Override
    public boolean finite() {
        return A2cRollout.finite(parts);
    }

    @Override
    public double lastActorLoss() {
        return lastActorLoss;
    }

    @Override
    public double lastCriticLoss() {
        return lastCriticLoss;
    }

    /** The trunk's second layer. */
    @Override
    public int exchangedCount() {
        return network.exchangedCount();
    }

    @Override
    public void copyExchangedTo(double[] target) {
        network.copyExchangedTo(target);
    }

    @Override
    public void setExchanged(double[] source) {
        network.setExchanged(source);
    }

    /** Every parameter of the network (trunk, actor head, critic head). */
    @Override
    public double[] policyParameters() {
        double[] out = new double[network.parameterCount()];
        network.copyParametersTo(out);
        return out;
    }
}
